import type { Browser, Page } from '@playwright/test';
import { type Person, signedUpAndIn } from './accounts';
import { expectNoHorizontalOverflow, snap } from './fixtures';

// Journeys between several people: each signs up in a browser context of their own.

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 375, height: 812 };

export async function personIn(
  browser: Browser,
  prefix: string,
  viewport = desktop,
): Promise<{ page: Page; person: Person; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: process.env.MUSTER_BASE_URL, viewport });
  const page = await context.newPage();
  const person = await signedUpAndIn(page, prefix);
  return { page, person, close: () => context.close() };
}

export const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

/** The page as it is, at 1280 and then at 375 px (where nothing may run off the side); back to 1280 after. */
export async function snapBoth(page: Page, name: string) {
  // From the top: a full-page picture of a scrolled page draws the sticky header mid-page. And
  // without the toasts of what came before (they go after 2–4 s), which would cover the heading.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .waitForFunction(() => !document.querySelector('[role="status"][aria-live="polite"]'), undefined, {
      timeout: 6000,
    })
    .catch(() => {});
  await page.setViewportSize(desktop);
  await snap(page, name);
  await page.setViewportSize(phone);
  await expectNoHorizontalOverflow(page);
  await snap(page, name);
  await page.setViewportSize(desktop);
}
