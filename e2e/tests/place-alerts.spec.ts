import type { Page } from '@playwright/test';
import { expect, expectAccessible, snap, test } from '../support/fixtures';
import { mailWithSubject, snapMail } from '../support/mails';
import { desktop, personIn, phone, snapBoth } from '../support/people';

// Issue 37 item 2 (decision 080), end to end at 1280 and at 375 px: B saves an alert "generator
// within 25 km of Cebu" from the search page; A posts "Need a generator" in Mandaue; B is told in
// the app and by mail (the alerts' default channel), naming Mandaue's public place only, and the
// notice opens the map on the post (#/map?post=…), its card there with Offer help.

async function saveAlertFromSearch(page: Page, words: string) {
  await page.goto('/#/search/needs');
  const box = page.getByRole('searchbox', { name: 'Search' }).last();
  await box.fill(words);
  await box.press('Enter');
  await page.getByRole('button', { name: 'Get alerts like this' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get alerts like this' });
  await expect(dialog.getByLabel(/Words to look for/)).toHaveValue(words);
  await dialog.getByRole('combobox', { name: /Place/ }).fill('Cebu City');
  await dialog.getByRole('button', { name: 'Cebu City, Cebu, Philippines' }).click();
  await expect(dialog.getByLabel('Within (km)')).toHaveValue('25');
  await expectAccessible(page);
  await snap(page, 'place-alerts-dialog');
  await dialog.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByText(/Alert saved/)).toBeVisible();
}

async function needInMandaue(page: Page, title: string) {
  await page.goto('/#/');
  await page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const composer = page.getByRole('dialog', { name: 'Create a post' });
  await composer.getByText('Need', { exact: true }).click();
  await composer.getByLabel('Category').fill('Energy');
  await composer.getByLabel('Title (optional)').fill(title);
  await composer
    .getByLabel('Text')
    .fill('Power is out on our street; a small generator would keep the fridge and a fan going.');
  await composer.getByRole('combobox', { name: /Place/ }).fill('Mandaue');
  await composer.getByRole('button', { name: 'Mandaue City, Cebu, Philippines' }).click();
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Post created successfully')).toBeVisible();
}

for (const [width, viewport] of [
  ['1280', desktop],
  ['375', phone],
] as const) {
  test(`at ${width} px: an alert near Cebu tells of a need in Mandaue, in the app and by mail, and opens the map on it`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const b = await personIn(browser, `alerter${width}`, viewport);
    const a = await personIn(browser, `asker${width}`, viewport);
    const stamp = Date.now().toString(36);
    const title = `Need a generator ${stamp}`;

    await saveAlertFromSearch(b.page, 'generator');
    await b.page.goto('/#/settings/alerts');
    await expect(b.page.getByText('Generator near me')).toBeVisible();
    await expect(b.page.getByText('Within 25 km of Cebu City')).toBeVisible();
    if (width === '1280') await snapBoth(b.page, 'place-alerts-settings');

    await needInMandaue(a.page, title);

    // B is told in the app: the post's public place, never anyone's exact one.
    const message = `New need near Mandaue City, Cebu, Philippines: ${title}`;
    await b.page.goto('/#/notifications');
    const notice = b.page.getByRole('listitem').filter({ hasText: message });
    await expect(notice).toBeVisible({ timeout: 60_000 });
    await snap(b.page, 'place-alerts-notice');

    // … and by mail, whose button opens the same page the notice does.
    const mail = await mailWithSubject(b.person.email, message);
    expect(mail.text).toContain('It fits your alert “Generator near me”.');
    expect(mail.text).toMatch(/See it on the map: http[^\s]+\/#\/map\?post=[0-9a-f-]{36}/);
    if (width === '1280') {
      // In a page of its own: the app's page stays where it is.
      const mailPage = await b.page.context().newPage();
      await snapMail(mailPage, mail, 'place-alert');
      await mailPage.close();
    }
    const postId = /\/#\/map\?post=([0-9a-f-]{36})/.exec(mail.text ?? '')![1]!;

    await b.page.goto('/#/notifications');
    await b.page.getByRole('listitem').filter({ hasText: message }).getByText(message).click();
    await expect(b.page).toHaveURL(new RegExp(`#/map\\?post=${postId}$`));
    // The map opens on the need, its card open with Offer help: B offers.
    const card = b.page.getByTestId('map-card');
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(b.page.getByRole('region', { name: 'In this area' }).getByText(title)).toBeVisible();
    await snap(b.page, 'place-alerts-map');
    await card.getByRole('button', { name: 'Offer help' }).click();
    await expect(b.page.getByRole('dialog')).toBeVisible();

    await a.close();
    await b.close();
  });
}
