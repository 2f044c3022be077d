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
  /** RFC 8058's headers as sent, on a notice's mail. */
  listUnsubscribe?: string;
  listUnsubscribePost?: string;
};

/** Waits for a message the real SMTP capture server received (mail goes out after the answer, and a busy machine is slow). */
export async function waitForMail(
  match: (m: CapturedMail) => boolean,
  timeoutMs = 30_000,
): Promise<CapturedMail> {
  const dir = process.env.MUSTER_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as CapturedMail;
      if (match(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no matching mail arrived');
}

/**
 * A screenshot under e2e/screenshots, to look at after the run: of the whole page, or of the
 * screen while a dialog, dropdown or menu is open. A full-page picture stretches the page to its
 * full height for as long as it takes (seconds on a busy machine), and an open popover was found
 * closed after it twice on loaded CI runs (the alerts dropdown), failing the step that used it.
 */
export async function snap(page: Page, name: string) {
  await fs.mkdir(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // Pictures arrive after the page; a screenshot of empty frames shows nothing worth looking at.
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
      timeout: 5000,
    })
    .catch(() => {});
  const popoverOpen = (await page.locator('[role="dialog"], [role="menu"], [role="listbox"]').count()) > 0;
  await page.screenshot({
    path: path.join(screenshotDir, `${name}-${width}.png`),
    fullPage: !popoverOpen,
    // Cards off the screen skip their paint (content-visibility: auto, decision 032); a
    // full-page picture would show them as blank stretches. Painted for the picture only.
    style: '* { content-visibility: visible !important; }',
  });
}

/**
 * Everything fits the viewport: every visible element's box lies within its width (to a pixel).
 * Boxes, not the page's scroll width: a box cut off by an `overflow: hidden` ancestor still runs
 * off the screen for the reader (the landing hero once did, 464 px wide at 375, unnoticed). Only
 * what sits inside a deliberate horizontal scroller may extend past it; the scroller must fit.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  const offenders = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const name = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${text ? ` "${text}"` : ''}`;
    };
    const found: string[] = [];
    const visit = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.display === 'none') return;
      const box = el.getBoundingClientRect();
      // Screen-reader-only text (1 px, clipped) and hidden boxes take up no screen.
      const seen =
        style.visibility !== 'hidden' &&
        style.clip !== 'rect(0px, 0px, 0px, 0px)' &&
        box.width > 1 &&
        box.height > 1;
      if (seen && (box.right > viewport + 1 || box.left < -1)) {
        found.push(`${name(el)}: ${Math.round(box.left)}..${Math.round(box.right)} px of ${viewport}`);
      }
      if (!scrollsSideways(el)) for (const child of Array.from(el.children)) visit(child);
    };
    for (const child of Array.from(document.body.children)) visit(child);
    return found;
  });
  expect(offenders, `elements wider than the ${page.viewportSize()?.width} px viewport`).toEqual([]);
}

/**
 * axe-core finds nothing serious or critical, read once every animation that ends has ended: a
 * toast fading in is, for a moment, too faint for its contrast (react-hot-toast's entrance failed
 * color-contrast on a loaded CI run), which nobody reading it ever sees. Spinners and skeletons
 * run for ever and are not waited for.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.MUSTER_BASE_URL);
  },
});
export { expect };
