import type { Locator, Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, snap, test } from '../support/fixtures';
import { personIn, phone } from '../support/people';

// Issue 32, item 4: at 375 px every section the desktop reaches is reached from the bottom bar
// and the profile menu alone (no typed address, no empty-list link), and the rows of chips and
// tabs fit the screen rather than scrolling out of sight ("Wit…", a hidden Connections tab).

/** The page does not scroll sideways, and every one of these is wholly on the screen. */
async function fitsTheScreen(page: Page, items: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    await expect(item).toBeVisible();
    await expect(item).toBeInViewport({ ratio: 1 });
    const box = await item.boundingBox();
    expect(box, await item.innerText()).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
  }
  await expectNoHorizontalOverflow(page);
}

test('at 375 px the bottom bar and the menu reach every section, and chip and tab rows fit', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { page, person, close } = await personIn(browser, 'phone', phone);
  const bar = page.getByRole('navigation', { name: 'Main' });
  const heading = page.getByRole('heading', { level: 1 });

  // The bottom bar: the spec's five sections, labelled as the spec says on a phone.
  for (const [label, url] of [
    ['Network', /#\/network$/],
    ['Offers', /#\/offers$/],
    ['Chats', /#\/chats$/],
    ['Alerts', /#\/notifications$/],
    ['Home', /#\/$/],
  ] as const) {
    await bar.getByRole('link', { name: new RegExp(label) }).click();
    await expect(page).toHaveURL(url);
  }

  // The profile menu holds what the desktop's side cards and menu reach.
  const menuItem = async (name: string) => {
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  };
  await page.getByRole('button', { name: 'Profile menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await snap(page, 'phone-menu');
  await fitsTheScreen(page, menu.getByRole('menuitem'));
  await page.keyboard.press('Escape');

  for (const [name, url, title] of [
    ['View Profile', new RegExp(`#/profile/${person.username}$`), null],
    ['Saved posts', /#\/savedposts$/, null],
    ['My missions', new RegExp(`#/profile/${person.username}\\?tab=missions$`), null],
    ['Collaborate', /#\/collaboration\/all$/, 'All Collaboration Opportunities'],
    ['Matches', /#\/matches$/, null],
    ['Emergency board', /#\/journalist$/, null],
    ['Settings & Privacy', /#\/settings$/, null],
    ['Help Center', /#\/help-center$/, null],
  ] as const) {
    await menuItem(name);
    await expect(page).toHaveURL(url);
    if (title) await expect(heading).toHaveText(title);
  }

  // Every collaboration category, from the collaboration page itself.
  await menuItem('Collaborate');
  const categories = page.getByRole('navigation', { name: 'Collaboration categories' });
  await fitsTheScreen(page, categories.getByRole('link'));
  for (const [name, id] of [
    ['Emergency Response', 'emergency'],
    ['Healthcare', 'healthcare'],
    ['Creative Projects', 'creative'],
    ['Adventure', 'adventure'],
    ['Business Ventures', 'business'],
    ['Sports', 'sports'],
    ['Science', 'science'],
    ['All', 'all'],
  ] as const) {
    await categories.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/collaboration/${id}$`));
    await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  }

  // Search: the header's button opens the overlay; Enter opens the results page.
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  await overlay.getByRole('searchbox', { name: 'Search' }).fill('generator');
  await overlay.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/#\/search/);

  // /offers: every status chip whole on the screen ("Withdrawn", not "Wit…").
  await bar.getByRole('link', { name: /Offers/ }).click();
  const chips = page.getByRole('group', { name: 'Filter by status' }).getByRole('button');
  await expect(chips.filter({ hasText: 'Withdrawn' })).toBeVisible();
  await fitsTheScreen(page, chips);
  await snap(page, 'phone-offers-chips');

  // My profile: all four tabs, Connections among them, on the screen.
  await menuItem('View Profile');
  const tabs = page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['Posts', 'Missions', 'Needs & Provisions', 'Connections']);
  await fitsTheScreen(page, tabs);
  await tabs.filter({ hasText: 'Connections' }).click();
  await expect(tabs.filter({ hasText: 'Connections' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'phone-profile-tabs');

  await close();
});
