import type { Page } from '@playwright/test';
import config from '../playwright.config';
import { BED_RESOLVER_RULES, personOn, startFederatedPair } from '../support/federation';
import { expect, expectAccessible, test } from '../support/fixtures';
import { snapBoth } from '../support/people';

// Issue 38 (decision 093): on two production Musters that federate over TLS with the run's test CA
// (one.muster.test and two.muster.test), someone on one follows someone on two from My Network:
// while their own posts stay here they are sent to the privacy switch; then Requested until two's
// Accept arrives, then Following; and unfollows. Chromium reaches the bed's
// names through a resolver rule and accepts the test CA's certificates; the servers check them.

const launch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), BED_RESOLVER_RULES] } });

/** The privacy switch, in the words the page and the refusal both use. */
const FEDERATE_SWITCH = 'Share my public posts with other servers (the fediverse)';

let bed: Awaited<ReturnType<typeof startFederatedPair>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  bed = await startFederatedPair();
});

test.afterAll(async () => {
  await bed?.close();
});

/** B's followers as their server publishes them (its ActivityPub collection), read in B's browser. */
async function followersOf(page: Page, username: string): Promise<number> {
  return page.evaluate(async (name) => {
    const res = await fetch(`/ap/users/${name}/followers`, {
      headers: { accept: 'application/activity+json' },
    });
    return ((await res.json()) as { totalItems: number }).totalItems;
  }, username);
}

test('follows someone on another Muster: sent to the privacy switch first, then Requested, Following once it accepts, and unfollowed', async ({
  browser,
}) => {
  test.slow();
  const { one, two } = bed!;
  const b = await personOn(browser, two, 'fedb');
  const a = await personOn(browser, one, 'feda');
  const handle = `@${b.person.username}@${new URL(two.origin).host}`;

  const page = a.page;
  const sharing = page.getByRole('switch', { name: FEDERATE_SWITCH });
  const save = page.getByRole('button', { name: 'Save privacy settings' });
  // A has kept their posts to this server: following elsewhere first sends them to that switch.
  await page.goto('/#/privacy-settings');
  await sharing.click();
  await expect(sharing).toHaveAttribute('aria-checked', 'false');
  await save.click();
  const saved = page.getByText('Privacy settings saved');
  await expect(saved).toBeVisible();
  // Gone before the next save, whose own toast says it was saved.
  await expect(saved).toBeHidden();

  await page.goto('/#/network');
  const section = page.getByRole('region', { name: 'Following on other servers' });
  await expect(section.getByText('You don’t follow anyone on other servers yet')).toBeVisible();
  await section.getByLabel('Follow someone on another server').fill(handle);
  await section.getByRole('button', { name: 'Follow', exact: true }).click();
  const notSharing = section.getByRole('alert').filter({ hasText: `Turn on “${FEDERATE_SWITCH}”` });
  await expect(notSharing).toBeVisible();
  await notSharing.getByRole('link', { name: 'your privacy settings' }).click();
  await expect(page).toHaveURL(/#\/privacy-settings$/);
  await sharing.click();
  await expect(sharing).toHaveAttribute('aria-checked', 'true');
  await save.click();
  await expect(saved).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/network$/);

  // Two's Accept is held at one's door until Requested has been seen.
  const release = one.hold((req) => req.method === 'POST' && /^\/ap\/.*inbox$/.test(req.url ?? ''));
  try {
    await section.getByLabel('Follow someone on another server').fill(handle);
    await section.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByText(`Follow request sent to ${handle}`)).toBeVisible();
    const row = section.getByRole('listitem').filter({ hasText: handle });
    await expect(row.getByText('Requested', { exact: true })).toBeVisible();
    await expect(row.getByText(`On ${new URL(two.origin).host}`, { exact: true })).toBeVisible();
    await expect(row.getByText(`${b.person.firstName} ${b.person.lastName}`)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await snapBoth(page, 'remote-follow-requested');
  } finally {
    release();
  }

  // The list asks again while a fresh request waits: Following, without a reload.
  const row = section.getByRole('listitem').filter({ hasText: handle });
  await expect(row.getByText('Following', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(await followersOf(b.page, b.person.username)).toBe(1);
  await expectAccessible(page);
  await snapBoth(page, 'remote-follow-following');

  // Unfollow asks first; two is told (its followers go back to none).
  await row.getByRole('button', { name: `Unfollow ${handle}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Unfollow ${handle}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByText(`You no longer follow ${handle}`)).toBeVisible();
  await expect(section.getByText('You don’t follow anyone on other servers yet')).toBeVisible();
  await expect.poll(() => followersOf(b.page, b.person.username), { timeout: 60_000 }).toBe(0);

  await a.context.close();
  await b.context.close();
});
