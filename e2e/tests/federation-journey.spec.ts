import type { Page } from '@playwright/test';
import config from '../playwright.config';
import { BED_RESOLVER_RULES, personOn, startFederatedPair } from '../support/federation';
import { expect, expectAccessible, test } from '../support/fixtures';
import { snapBoth } from '../support/people';

// Issue 38's journey in Chromium, on two production Musters federating over TLS with the run's
// test CA: Ana on one posts a need; Bo on two, who follows her, finds it in his search marked as
// one's, offers help from there; Ana sees the offer among her own and accepts it; Bo is told.
// Bo also reports the need, which goes to one's moderators; Ana blocks Bo, which ends his follow.
// (The server suite's journey.test.ts proves the rest of the list through the API.)

const launch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), BED_RESOLVER_RULES] } });

let bed: Awaited<ReturnType<typeof startFederatedPair>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  bed = await startFederatedPair();
});

test.afterAll(async () => {
  await bed?.close();
});

/**
 * A call to the API from the person's own tab (their cookie, their origin), for the steps this
 * journey is not about. Chromium reaches the bed's names; the test process does not.
 */
async function apiIn<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { data: unknown } };
    },
    { method, path, body },
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBe(200);
  return answer.json.data as T;
}

test('a need on one is found on two, offered help from there, accepted on one, and reported to its moderators', async ({
  browser,
}) => {
  test.slow();
  const { one, two } = bed!;
  const oneHost = new URL(one.origin).host;
  const ana = await personOn(browser, one, 'fjana');
  const bo = await personOn(browser, two, 'fjbo');

  // Bo follows Ana (the follow's own page is remote-follow.spec.ts).
  await apiIn(bo.page, 'POST', '/federation/follows', { handle: `@${ana.person.username}@${oneHost}` });
  await expect
    .poll(
      async () => (await apiIn<Array<{ state: string }>>(bo.page, 'GET', '/federation/follows'))[0]?.state,
      {
        timeout: 60_000,
      },
    )
    .toBe('accepted');

  // Ana posts a need at a place; it goes to her followers, Bo's server among them.
  const word = `cistern${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const title = `Water ${word} for the clinic`;
  await apiIn(ana.page, 'POST', '/posts/create', {
    kind: 'need',
    category: 'Water',
    title,
    content: 'The clinic’s cistern cracked in the storm. We need 2,000 litres of drinking water a day.',
    mapLocation: {
      address: 'Osmeña Blvd, Cebu City, Cebu, Philippines',
      coordinates: [123.893456, 10.312345],
    },
  });

  // Bo searches on two: the need is there, marked as one's, with Offer help.
  const box = bo.page.getByRole('combobox', { name: 'Search' });
  const fromElsewhere = bo.page
    .getByRole('region', { name: 'From other servers' })
    .or(bo.page.getByRole('heading', { name: 'From other servers' }));
  await expect(async () => {
    await bo.page.goto('/#/');
    await box.fill(word);
    await box.press('Enter');
    await expect(bo.page).toHaveURL(/#\/search$/);
    await expect(fromElsewhere.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  const result = bo.page.getByRole('listitem').filter({ hasText: title });
  await expect(result.getByText(`From ${oneHost}`)).toBeVisible();
  await expect(result.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('target', '_blank');
  await expectAccessible(bo.page);
  await snapBoth(bo.page, 'federation-search-remote-need');

  await result.getByRole('button', { name: /Offer help/ }).click();
  const dialog = bo.page.getByRole('dialog', { name: 'Offer help' });
  await expect(dialog).toContainText(`Your offer goes to ${oneHost}`);
  await dialog
    .getByLabel('Message')
    .fill('I drive a water truck. I can bring 2,000 litres tomorrow morning.');
  await dialog.getByLabel(/What you can give/).fill('2,000 litres of drinking water');
  await dialog.getByLabel(/When/).fill('Tomorrow, 07:00');
  await snapBoth(bo.page, 'federation-offer-dialog');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(bo.page.getByText(`Offer sent to ${oneHost}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Ana sees it on one among her offers, Bo named with his server, and accepts it (no chat: he is
  // not on this server).
  const offerRow = ana.page.getByRole('listitem').filter({ hasText: 'I drive a water truck.' });
  await expect(async () => {
    await ana.page.goto('/#/offers');
    await expect(offerRow).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await expect(offerRow).toContainText(new URL(two.origin).host);
  await expect(offerRow).toContainText('2,000 litres of drinking water');
  await expect(offerRow.getByRole('link', { name: /Message/ })).toHaveCount(0);
  await expectAccessible(ana.page);
  await snapBoth(ana.page, 'federation-offer-received');
  await offerRow.getByRole('button', { name: 'Accept' }).click();
  const accept = ana.page.getByRole('dialog', { name: 'Accept this offer?' });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(offerRow).toContainText('Accepted');

  // Bo is told on two.
  const notice = bo.page.getByText(/accepted your offer of help/).first();
  await expect(async () => {
    await bo.page.goto('/#/notifications');
    await expect(notice).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await snapBoth(bo.page, 'federation-offer-accepted-notice');

  // Bo reports the need from his search: it goes to one's moderators, not two's.
  await bo.page.goto('/#/');
  await box.fill(word);
  await box.press('Enter');
  await result.getByRole('button', { name: `Report listing from ${oneHost}` }).click();
  const report = bo.page.getByRole('dialog', { name: 'Report this listing' });
  await expect(report).toContainText(`It came from ${oneHost}, so it goes to that server's moderators`);
  await report.getByRole('radio', { name: 'Spam or scam' }).click();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(bo.page.getByText(`It was sent to the moderators of ${oneHost}.`)).toBeVisible();

  // Ana blocks Bo from her blocked list: his follow of her ends (decision 092).
  const boHandle = `@${bo.person.username}@${new URL(two.origin).host}`;
  // Her followers as her server publishes them (its ActivityPub collection).
  const followersOfAna = () =>
    ana.page.evaluate(async (name) => {
      const res = await fetch(`/ap/users/${name}/followers`, {
        headers: { accept: 'application/activity+json' },
      });
      return ((await res.json()) as { totalItems: number }).totalItems;
    }, ana.person.username);
  expect(await followersOfAna()).toBe(1);
  await ana.page.goto('/#/settings/blocked');
  const elsewhere = ana.page.getByRole('region', { name: 'People on other servers' });
  await expect(elsewhere.getByText("You haven't blocked anyone on other servers")).toBeVisible();
  await elsewhere.getByLabel('Block someone on another server').fill(boHandle);
  await elsewhere.getByRole('button', { name: 'Block', exact: true }).click();
  const blocked = elsewhere.getByRole('list', { name: 'People on other servers you blocked' });
  await expect(blocked).toContainText(boHandle);
  await blocked.scrollIntoViewIfNeeded();
  await expectAccessible(ana.page);
  await snapBoth(ana.page, 'federation-remote-block');
  // Bo is not told (decision 092), but he no longer follows her: nothing of hers goes to him.
  expect(await followersOfAna()).toBe(0);

  await ana.context.close();
  await bo.context.close();
});
