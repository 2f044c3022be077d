import type { Page } from '@playwright/test';
import { expect, expectAccessible, snap, test } from '../support/fixtures';
import { desktop, personIn, phone } from '../support/people';

// Issue 37, item 1: the map. A need placed in Mandaue shows there as a pin and a row, its card
// offers help, the filters narrow it, and a members-only mission's need never shows to a stranger.
// The tiles come from global-setup's local tile server: no request may leave this machine.

/** Every request the page makes goes to this machine (the app, its API, the local tiles). */
function stayLocal(page: Page) {
  const away: string[] = [];
  page.on('request', (req) => {
    const { protocol, hostname } = new URL(req.url());
    if (protocol === 'data:' || protocol === 'blob:') return;
    if (hostname !== 'localhost' && hostname !== '127.0.0.1') away.push(req.url());
  });
  return away;
}

const MANDAUE = '/map?lat=10.33&lon=123.93&z=12';

test('a need placed in Mandaue is on the map with its row and card; filters narrow it; a members-only need stays off', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const a = await personIn(browser, 'mapper');
  const b = await personIn(browser, 'helper');
  const awayA = stayLocal(a.page);
  const awayB = stayLocal(b.page);

  // A posts a need with a place picked as places.spec.ts picks it.
  const title = `Need a generator ${stamp}`;
  await a.page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const composer = a.page.getByRole('dialog', { name: 'Create a post' });
  await composer.getByText('Need', { exact: true }).click();
  await composer.getByLabel('Category').fill('Power');
  await composer.getByLabel('Title (optional)').fill(title);
  await composer
    .getByLabel('Text')
    .fill('Our street has had no power for four days; a small generator for the fridge of insulin.');
  await composer.getByRole('combobox', { name: /Place/ }).fill('Mandaue');
  await composer.getByRole('button', { name: 'Mandaue City, Cebu, Philippines' }).click();
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(a.page.getByText('Post created successfully')).toBeVisible();

  // A members-only mission in Mandaue, and a need posted in it (an update of the mission, which
  // decision 077 keeps off the map for everyone): the stranger sees neither.
  const hiddenTitle = `Members-only fuel ${stamp}`;
  const place = { address: 'Mandaue City, Cebu, Philippines', coordinates: [123.9354, 10.3236] };
  const mission = await a.page.request.post('/api/v1/missions', {
    data: {
      title: `Closed shelter ${stamp}`,
      type: 'collaboration',
      visibility: 'members',
      mapLocation: place,
    },
  });
  expect(mission.ok(), await mission.text()).toBe(true);
  const missionId = (await mission.json()).data._id as string;
  const hidden = await a.page.request.post('/api/v1/posts/create', {
    data: {
      kind: 'need',
      category: 'Power',
      title: hiddenTitle,
      content: 'Diesel for the shelter generator.',
      mapLocation: place,
      mission: { title: `Closed shelter ${stamp}`, missionId },
    },
  });
  expect(hidden.ok(), await hidden.text()).toBe(true);

  // B opens the map on Mandaue (as a shared link would): the pin and the row.
  await b.page.goto(`/#${MANDAUE}`);
  const map = b.page.getByRole('region', { name: 'Map' });
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(map.getByText('© Muster test tiles')).toBeVisible();
  const list = b.page.getByRole('region', { name: 'In this area' });
  const row = list.getByRole('button', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  // Never the members-only need, nor its mission.
  await expect(list.getByText(hiddenTitle)).toHaveCount(0);
  await expect(list.getByText(`Closed shelter ${stamp}`)).toHaveCount(0);

  // Hovering the row lights its pin (or the cluster it is in: other tests post needs in Mandaue
  // too); choosing the row opens its card and draws its pin on its own, where it is. (A pin
  // choosing its row is the web tests'.)
  await row.hover();
  await expect(b.page.locator('.map-marker.is-active')).toHaveCount(1);
  await row.click();
  const card = b.page.getByTestId('map-card');
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  const pin = map.getByRole('button', { name: new RegExp(`Need: ${title}`) });
  await expect(pin).toBeVisible();
  await expect(card.getByRole('button', { name: 'Offer help' })).toBeVisible();
  const openPost = card.getByRole('link', { name: 'Open post' });
  await expect(openPost).toBeVisible();
  const postId = /\/post\/([0-9a-f-]{36})$/.exec((await openPost.getAttribute('href')) ?? '')?.[1];
  expect(postId, "the card's link names the post").toBeTruthy();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(b.page);
  await snap(b.page, 'map-card');
  await b.page.setViewportSize(phone);
  await expect(card.getByRole('button', { name: 'Offer help' })).toBeVisible();
  await snap(b.page, 'map-card');
  await b.page.setViewportSize(desktop);
  // Escape closes the card.
  await b.page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);

  // Filters narrow it, and live in the URL: provisions only shows none of it.
  const kinds = b.page.getByRole('group', { name: 'Show' });
  // Each click seen in the URL: a filter changes the query as it is then (a late map event's
  // view once wrote back the filters of before).
  await kinds.locator('label', { hasText: 'Needs' }).click();
  await expect(b.page).toHaveURL(/kinds=want%2Cprovision%2Cmission(&|$)/);
  await kinds.locator('label', { hasText: 'Wants' }).click();
  await expect(b.page).toHaveURL(/kinds=provision%2Cmission(&|$)/);
  await kinds.locator('label', { hasText: 'Missions' }).click();
  await expect(b.page).toHaveURL(/kinds=provision(&|$)/);
  await expect(list.getByText(title)).toHaveCount(0);
  await expect(list.getByText('Nothing here with these filters.')).toBeVisible();
  await snap(b.page, 'map-empty');
  await list.getByRole('button', { name: 'Clear filters' }).click();
  await expect(row).toBeVisible();
  // Fulfilled only: an open need is not one.
  const statuses = b.page.getByRole('group', { name: 'Needs & wants' });
  await statuses.getByText('fulfilled', { exact: true }).click();
  await expect(b.page).toHaveURL(/status=open%2Cfulfilled|status=open,fulfilled/);
  await statuses.getByText('open', { exact: true }).click();
  await expect(list.getByText(title)).toHaveCount(0);
  await statuses.getByText('open', { exact: true }).click();
  await expect(list.getByText(title)).toHaveCount(1);

  // A link to the post opens the map centred on it, its card open (an alert's notice links so).
  await b.page.goto(`/#/map?post=${postId}`);
  await expect(b.page.getByTestId('map-card').getByRole('heading', { name: title })).toBeVisible();

  // Its member sees the members-only mission where the stranger did not.
  await a.page.goto(`/#${MANDAUE}`);
  await expect(
    a.page.getByRole('region', { name: 'In this area' }).getByText(`Closed shelter ${stamp}`),
  ).toBeVisible();
  await snap(a.page, 'map');
  await a.page.setViewportSize(phone);
  await expect(a.page.getByRole('region', { name: 'In this area' }).getByText(title)).toBeVisible();
  await snap(a.page, 'map');

  expect(awayA, 'requests that left the machine').toEqual([]);
  expect(awayB, 'requests that left the machine').toEqual([]);
  await a.close();
  await b.close();
});
