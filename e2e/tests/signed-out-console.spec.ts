import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Issue 32 item 8, decision 052: a signed-out page logs nothing in the console. Not being signed
// in is an expected answer (GET /auth/me answers no one, 200), not an error: Chromium logs every
// 4xx a page's fetch or preload meets as "Failed to load resource … 401".

/** Every console error the page logs, and every API answer of 400 or more, from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return problems;
}

const pages: Array<{ route: string; landsOn: RegExp; heading: RegExp }> = [
  { route: '/#/muster', landsOn: /#\/muster$/, heading: /Rally people and resources/ },
  { route: '/', landsOn: /#\/muster$/, heading: /Rally people and resources/ },
  { route: '/#/login', landsOn: /#\/login$/, heading: /^Sign in$/ },
  { route: '/#/signup', landsOn: /#\/signup$/, heading: /^Join Muster$/ },
  { route: '/#/about', landsOn: /#\/about$/, heading: /./ },
  { route: '/#/contact', landsOn: /#\/contact$/, heading: /./ },
  { route: '/#/terms', landsOn: /#\/terms$/, heading: /Terms and Conditions/ },
  { route: '/#/privacy', landsOn: /#\/privacy$/, heading: /./ },
  // A private page sends the visitor to sign in: still nothing is an error.
  { route: '/#/network', landsOn: /#\/login$/, heading: /^Sign in$/ },
];

async function visitAll(page: Page) {
  for (const { route, landsOn, heading } of pages) {
    await page.goto(route);
    await expect(page, route).toHaveURL(landsOn);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), route).toBeVisible();
    // The session check has been answered by the time the page shows what a visitor sees.
    await expect(page.getByRole('link', { name: 'Join now' }).first(), route).toBeVisible();
  }
}

test('signed-out pages log no error and meet no 4xx, before signing in and after signing out', async ({
  page,
}) => {
  const problems = watch(page);
  await visitAll(page);
  expect(problems).toEqual([]);

  // Signed in (the demo account) and out again: the pages a visitor sees are as quiet as before.
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Fill in the demo account' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/#\/(login|muster)$/);
  await visitAll(page);
  expect(problems).toEqual([]);
});
