import { signedUpAndIn } from '../support/accounts';
import { expect, expectAccessible, test } from '../support/fixtures';
import { desktop, snapBoth } from '../support/people';

// Issue 34 item 1, end to end: a person opens their notification settings from Settings, changes
// how a kind reaches them, turns quiet hours on in their own time zone and a mission to important
// only, saves, reloads, and finds all of it kept — on the page and on the server.

test('a person changes a kind’s channel, turns quiet hours on and a mission’s level, saves, and finds it kept after a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A browser in São Paulo: its zone is what the settings take when the person saves.
  const context = await browser.newContext({
    baseURL: process.env.MUSTER_BASE_URL,
    viewport: desktop,
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await signedUpAndIn(page, 'notices');
  for (const title of ['Water points for Ward 4', 'Radios for the valley'])
    expect(
      (await page.request.post('/api/v1/missions', { data: { title, type: 'collaboration' } })).status(),
    ).toBe(200);

  await page.goto('/#/settings');
  await page.getByRole('link', { name: /Notification settings/ }).click();
  await expect(page).toHaveURL(/#\/settings\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  await expect(page).toHaveTitle('Notification settings · Muster');

  // The defaults of someone who never chose.
  const likes = page.getByRole('combobox', { name: 'Likes' });
  await expect(likes).toHaveValue('app');
  await expect(page.getByRole('combobox', { name: 'Offers of help' })).toHaveValue('mail');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Sao_Paulo');
  const water = page.getByRole('combobox', { name: 'Updates from Water points for Ward 4' });
  await expect(water).toHaveValue('all');

  await likes.selectOption('mail');
  await page.getByRole('combobox', { name: 'Comments and replies' }).selectOption('push');
  // This browser has no push subscription: the row says how to get them here.
  await expect(page.getByText('Turn on push for this browser below to get these here.')).toBeVisible();
  const quiet = page.getByRole('switch', { name: 'Quiet hours' });
  await quiet.click();
  await expect(quiet).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('From', { exact: true }).fill('21:30');
  await page.getByLabel('To', { exact: true }).fill('06:30');
  await page.getByRole('group', { name: 'Digest' }).getByRole('radio', { name: 'Weekly' }).check();
  await water.selectOption('important');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Likes' })).toHaveValue('mail');
  await expect(page.getByRole('combobox', { name: 'Comments and replies' })).toHaveValue('push');
  await expect(page.getByRole('switch', { name: 'Quiet hours' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('21:30');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('06:30');
  await expect(
    page.getByRole('group', { name: 'Digest' }).getByRole('radio', { name: 'Weekly' }),
  ).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Updates from Water points for Ward 4' })).toHaveValue(
    'important',
  );
  await expect(page.getByRole('combobox', { name: 'Updates from Radios for the valley' })).toHaveValue('all');

  // What the server holds: only the kinds that differ from their default were chosen.
  const held = (await (await page.request.get('/api/v1/users/me/notification-settings')).json()) as {
    data: Record<string, unknown>;
  };
  expect(held.data).toMatchObject({
    channels: { likes: 'mail', comments: 'push', offers: 'mail' },
    digest: 'weekly',
    quietHours: { enabled: true, start: '21:30', end: '06:30' },
    timeZone: 'America/Sao_Paulo',
  });

  await expectAccessible(page);
  await snapBoth(page, 'notification-settings');
  await context.close();
});
