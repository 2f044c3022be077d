import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export type CapturedMail = {
  to: string[];
  from?: string;
  replyTo?: string;
  subject?: string;
  text?: string;
  html?: string;
};

/** Waits for a message the real SMTP capture server received. */
export async function waitForMail(match: (m: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
  const dir = process.env.MUSTER_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of (await fs.readdir(dir)).sort()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as CapturedMail;
      if (match(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no matching mail arrived');
}

/** A full-page screenshot under e2e/screenshots, to look at after the run. */
export async function snap(page: Page, name: string) {
  await fs.mkdir(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // Pictures arrive after the page; a screenshot of empty frames shows nothing worth looking at.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
}

/** No horizontal scrolling: the page fits the viewport it is shown in. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** axe-core finds nothing serious or critical. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.MUSTER_BASE_URL);
  },
});
export { expect };
