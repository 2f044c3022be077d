import type { Page } from '@playwright/test';
import { expect, expectAccessible, snap, test } from '../support/fixtures';
import { desktop, personIn, phone } from '../support/people';

// Issue 32, item 1: places people live in are found by the offline gazetteer (GeoNames' towns),
// picking one gives the post its point, and a place the gazetteer does not know is kept as typed
// when the person chooses to: never dropped.

async function composeNeed(page: Page, title: string) {
  await page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const composer = page.getByRole('dialog', { name: 'Create a post' });
  await composer.getByText('Need', { exact: true }).click();
  await composer.getByLabel('Category').fill('Shelter');
  await composer.getByLabel('Title (optional)').fill(title);
  await composer
    .getByLabel('Text')
    .fill('Tarpaulins and rope for twelve families whose roofs went in the storm.');
  return composer;
}

/** The author's own post as the API gives it: the place exactly as chosen. */
async function postPlace(page: Page, title: string) {
  const res = await page.request.get('/api/v1/posts/feed?kind=need');
  const posts = (await res.json()).data as Array<{ title?: string; mapLocation?: Record<string, unknown> }>;
  return posts.find((p) => p.title === title)?.mapLocation;
}

test('needs placed in Cebu City and Mandaue from the picker get points; an unknown place is kept as typed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await personIn(browser, 'placer');
  const stamp = Date.now().toString(36);

  for (const [typed, address] of [
    ['Cebu City', 'Cebu City, Cebu, Philippines'],
    ['Mandaue', 'Mandaue City, Cebu, Philippines'],
  ] as const) {
    const title = `Tarpaulins in ${typed} ${stamp}`;
    const composer = await composeNeed(a.page, title);
    await composer.getByRole('combobox', { name: /Place/ }).fill(typed);
    await composer.getByRole('button', { name: address }).click();
    await expect(composer.getByText(address)).toBeVisible();
    await composer.getByRole('button', { name: 'Share' }).click();
    await expect(a.page.getByText('Post created successfully')).toBeVisible();
    await expect(a.page.getByRole('article').filter({ hasText: title }).getByText(address)).toBeVisible();
    const place = await postPlace(a.page, title);
    expect(place?.address).toBe(address);
    expect(place?.coordinates).toEqual([expect.closeTo(123.9, 0), expect.closeTo(10.3, 0)]);
  }

  // Lahug, a barangay of Cebu City, is no town of the list: the picker says so and keeps it.
  const title = `Tarpaulins in Lahug ${stamp}`;
  const composer = await composeNeed(a.page, title);
  await composer.getByRole('combobox', { name: /Place/ }).fill('Lahug');
  const nothing = composer.getByTestId('place-search-status').filter({
    hasText: "No place found — keep 'Lahug' as typed?",
  });
  await expect(nothing).toBeVisible();
  await expectAccessible(a.page);
  await snap(a.page, 'places-no-match');
  await a.page.setViewportSize(phone);
  await expect(nothing).toBeVisible();
  await snap(a.page, 'places-no-match');
  await a.page.setViewportSize(desktop);

  // Shared without choosing: the post does not go, the words stay, and the form says why.
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(composer.getByText("Pick a place from the list, or keep 'Lahug' as typed.")).toBeVisible();
  await expect(composer.getByRole('combobox', { name: /Place/ })).toHaveValue('Lahug');

  await nothing.getByRole('button', { name: 'Keep as typed' }).click();
  await expect(composer.getByText('as typed, not on the map')).toBeVisible();
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(a.page.getByText('Post created successfully')).toBeVisible();
  await expect(
    a.page.getByRole('article').filter({ hasText: title }).getByText('Lahug', { exact: true }),
  ).toBeVisible();
  expect(await postPlace(a.page, title)).toEqual({ address: 'Lahug', name: 'Lahug' });
  await a.close();
});
