import type { Page } from '@playwright/test';
import { expect, expectAccessible, snap, test } from '../support/fixtures';
import { fullName, personIn, snapBoth } from '../support/people';

// Issue 16, item 1, end to end: an offer and a need meet. A offers a generator in Cebu; B then
// asks for one. Both hear of the match live (no reload), with why; A — who holds the generator —
// offers help on B's need straight from the notification; both see the pair on /matches.

async function share(
  page: Page,
  post: { kind: 'Need' | 'Offer'; category: string; title: string; text: string },
) {
  await page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const composer = page.getByRole('dialog', { name: 'Create a post' });
  await composer.getByText(post.kind, { exact: true }).click();
  await composer.getByLabel('Category').fill(post.category);
  await composer.getByLabel('Title (optional)').fill(post.title);
  await composer.getByLabel('Text').fill(post.text);
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
}

test('a provision and a need match: both are told live, and the provider offers help from the notification', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await personIn(browser, 'provider');
  const b = await personIn(browser, 'seeker');

  await share(a.page, {
    kind: 'Offer',
    category: 'Energy',
    title: 'Generator available, Cebu',
    text: 'Portable 5 kVA generator to lend, with fuel for two days. I can drive it over.',
  });
  // A keeps the notifications open while B posts: the match must arrive there live.
  await a.page.getByRole('button', { name: /^Alerts/ }).click();
  await expect(a.page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await share(b.page, {
    kind: 'Need',
    category: 'Energy',
    title: 'Need a generator in Cebu',
    text: 'Power is out in our barangay and we need a generator to run the water pump.',
  });

  // B, the seeker, is told within seconds which offer may answer the need, and why.
  await b.page.getByRole('button', { name: /^Alerts/ }).click();
  const bNotice = b.page.getByRole('listitem').filter({
    hasText: `Your need 'Need a generator in Cebu' may match ${fullName(a.person)}'s offer 'Generator available, Cebu'`,
  });
  await expect(bNotice).toBeVisible({ timeout: 15_000 });
  await expect(bNotice.getByText('Same category: Energy')).toBeVisible();
  await expect(bNotice.getByText(/Shared words: generator/)).toBeVisible();
  await snap(b.page, 'match-notification-seeker');
  await b.page.keyboard.press('Escape');

  // A, the provider, saw it arrive in the open list, and offers help on B's need from it.
  const aNotice = a.page.getByRole('listitem').filter({
    hasText: `Your offer 'Generator available, Cebu' may match ${fullName(b.person)}'s need 'Need a generator in Cebu'`,
  });
  await expect(aNotice).toBeVisible({ timeout: 15_000 });
  await expect(aNotice.getByText('Same category: Energy')).toBeVisible();
  // (axe is run on /matches below: the dropdown's own popover has issues of its own, noted in the report.)
  await snap(a.page, 'match-notification-provider');
  await aNotice.getByRole('button', { name: 'Offer help' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Offer help' });
  await expect(dialog.getByLabel('Message')).toHaveValue(/I saw your post “Need a generator in Cebu”/);
  await dialog
    .getByLabel('Message')
    .fill('My 5 kVA generator can run your pump. I can bring it this afternoon.');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(a.page.getByText('Offer sent')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // B hears of the offer too (the offers badge), live.
  await expect(b.page.getByTestId('badge-Unread offers').first()).toContainText('1', { timeout: 15_000 });

  // /matches: each side's post with the other, and why.
  await a.page.keyboard.press('Escape');
  await a.page.goto('/#/matches');
  await expect(a.page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
  const aMine = a.page.getByRole('region', { name: 'Generator available, Cebu' });
  await expect(aMine.getByRole('link', { name: 'Need a generator in Cebu' })).toBeVisible();
  await expect(aMine.getByText('Same category: Energy')).toBeVisible();
  await expect(aMine.getByRole('button', { name: 'Offer help' })).toBeVisible();
  await expectAccessible(a.page);
  await snapBoth(a.page, 'matches-provider');

  await b.page.goto('/#/matches');
  const bMine = b.page.getByRole('region', { name: 'Need a generator in Cebu' });
  await expect(bMine.getByRole('link', { name: 'Generator available, Cebu' })).toBeVisible();
  await expect(bMine.getByRole('link', { name: 'View offer' })).toBeVisible();
  await snapBoth(b.page, 'matches-seeker');

  await a.close();
  await b.close();
});
