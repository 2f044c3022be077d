import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type CapturedMail, expect, snap, waitForMail } from './fixtures';
import { desktop, phone } from './people';

// The mails the app sent, as the real SMTP capture received them (global-setup.ts): found, and
// shown in Chromium as a mail client shows them (issue 34, decisions 063 and 065).

/** The mail to `email` with exactly this subject (or one it matches), once it has come (a busy machine sends late). */
export const mailWithSubject = (email: string, subject: string | RegExp, timeoutMs = 60_000) =>
  waitForMail(
    (m) =>
      m.to.includes(email) &&
      (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')),
    timeoutMs,
  );

/** Every mail to `email` whose subject matches, of those come so far: for "and no other". */
export async function mailsSoFar(email: string, subject: RegExp): Promise<CapturedMail[]> {
  const dir = process.env.MUSTER_MAIL_DIR!;
  const all: CapturedMail[] = [];
  for (const file of (await fs.readdir(dir)).filter((f) => f.endsWith('.json')))
    all.push(JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as CapturedMail);
  return all.filter((m) => m.to.includes(email) && subject.test(m.subject ?? ''));
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The mail's HTML as a mail client shows it at 1280 and at 375 px (where nothing may run off the
 * side), and its text part as a client without HTML shows it, at 375 px: `mail-<name>-<width>.png`
 * and `mail-<name>-text-375.png` under e2e/screenshots.
 */
export async function snapMail(page: Page, mail: CapturedMail, name: string) {
  expect(mail.html, `${name} has an HTML part`).toBeTruthy();
  await page.setViewportSize(desktop);
  await page.setContent(mail.html!);
  await snap(page, `mail-${name}`);
  await page.setViewportSize(phone);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} fits 375 px`).toBeLessThanOrEqual(0);
  await snap(page, `mail-${name}`);
  await page.setContent(
    `<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:16px;background:#fff"><div style="font:13px/1.5 ui-monospace,monospace;color:#111;border:1px solid #ddd;padding:12px;max-width:72ch"><div style="color:#555;margin-bottom:8px">Subject: ${escape(mail.subject ?? '')}</div><pre style="white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font:inherit">${escape(mail.text ?? '')}</pre></div></body>`,
  );
  await snap(page, `mail-${name}-text`);
  await page.setViewportSize(desktop);
}
