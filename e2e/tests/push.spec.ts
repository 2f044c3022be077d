import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startPushService } from '../../server/test/push-service';
import { signedUpAndIn } from '../support/accounts';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  screenshotDir,
  test,
} from '../support/fixtures';
import { fakePushManager, pushDelivery, shown, workerReady } from '../support/push';

// Web Push in the browser (issue 34, decision 064). The rest of the suite blocks service workers
// (playwright.config.ts); these tests need the app's real one.
test.use({ serviceWorkers: 'allow' });

const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 812 };

test('the service worker shows a pushed notice, replaces it when the same notice comes again, and opens its page', async ({
  page,
  context,
}) => {
  await page.goto('/#/muster');
  const origin = new URL(page.url()).origin;
  await context.grantPermissions(['notifications'], { origin });
  await workerReady(page);
  const push = await pushDelivery(context, page);

  // As the server sends it (features/notifications/notice-push.ts): the list's words, the hash
  // route a click in the list opens, and the notice's id as the tag.
  const tag = `e2e-${randomBytes(4).toString('hex')}`;
  const first = {
    title: 'Offers of help',
    body: 'Kofi Mensah offered help: I have a van',
    url: '/#/about',
    tag,
  };
  // Delivered again until shown: on a loaded machine DevTools' first delivery, just after the worker
  // took over, was once dropped (CI). The same tag shows one notification however many arrive.
  await expect
    .poll(
      async () => {
        await push(first);
        return shown(page);
      },
      { intervals: [2_000, 4_000] },
    )
    .toEqual([
      {
        title: 'Offers of help',
        body: 'Kofi Mensah offered help: I have a van',
        tag,
        icon: `${origin}/icons/icon-192.png`,
        url: `${origin}/#/about`,
      },
    ]);

  // The same notice again (a retry): one notification, the newer words.
  await push({
    title: 'Offers of help',
    body: 'Kofi Mensah offered help: I have two vans',
    url: '/#/about',
    tag,
  });
  await expect
    .poll(async () => (await shown(page)).map((n) => n.body))
    .toEqual(['Kofi Mensah offered help: I have two vans']);
  // A push naming another site opens the notifications page instead.
  await push({ title: 'Elsewhere', body: 'x', url: 'https://evil.example/phish', tag: `${tag}-b` });
  await expect
    .poll(async () => (await shown(page)).find((n) => n.tag === `${tag}-b`)?.url ?? null)
    .toBe(`${origin}/#/notifications`);

  // A click on it (the worker's notificationclick calls this): the open Muster tab goes to the
  // notice's page. Headless Chromium cannot click a system notification, so the worker's own
  // handler body is called, in the worker.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker!.evaluate(async (url) => {
    await (self as unknown as { musterOpenNotice: (u: string) => Promise<unknown> }).musterOpenNotice(url);
  }, `${origin}/#/about`);
  await expect(page).toHaveURL(/#\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/**
 * No push prompt after a post: the shell decided when the post went through (it asks once per
 * person and browser, remembered in storage), and shows nothing. The mark is read; then a moment
 * is left for a card that should not come, which on a slow machine can only make this pass late,
 * never fail wrongly.
 */
async function expectNoPrompt(page: Page) {
  expect(
    await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('muster:push-prompt:'))),
  ).toBe(true);
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('push-prompt')).toHaveCount(0);
}

async function sectionShot(page: Page, name: string) {
  const section = page.getByTestId('push-section');
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    if (size === phone) await expectNoHorizontalOverflow(page);
    await section.screenshot({ path: path.join(screenshotDir, `${name}-${size.width}.png`) });
  }
  await page.setViewportSize(desktop);
}

test('settings: push turns on (asking permission, subscribing, telling the server) and off; signing out ends it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const service = await startPushService();
  try {
    const subscription = await fakePushManager(context, service);
    await page.setViewportSize(desktop);
    await signedUpAndIn(page, 'pusher');
    const origin = new URL(page.url()).origin;
    await context.grantPermissions(['notifications'], { origin });

    await page.goto('/#/settings/notifications');
    const section = page.getByTestId('push-section');
    await expect(section.getByRole('heading', { name: 'Push notifications on this browser' })).toBeVisible();
    const toggle = section.getByRole('switch', { name: 'Push to this browser' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await sectionShot(page, 'push-section-off');

    const saved = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/users/me/push-subscriptions'),
    );
    await toggle.click();
    const request = await saved;
    expect(request.postDataJSON()).toEqual(subscription);
    expect((await request.response())?.status()).toBe(200);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Push notifications are on for this browser')).toBeVisible();
    // The subscription was made with the server's own key.
    const key = await page.evaluate(
      async () => (await (await fetch('/api/v1/push/key')).json()).data.publicKey,
    );
    const usedKey = await page.evaluate(() => localStorage.getItem('e2e-push-subscription'));
    expect(Buffer.from(JSON.parse(usedKey!) as number[]).toString('base64url')).toBe(key);
    await expectAccessible(page);
    await sectionShot(page, 'push-section-on');

    // A reload finds it on, and tells the server again (it may have dropped it meanwhile).
    const resent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/users/me/push-subscriptions'),
    );
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect((await (await resent).response())?.status()).toBe(200);

    // Off: the server forgets it, the browser drops it.
    const ended = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith('/api/v1/users/me/push-subscriptions'),
    );
    await toggle.click();
    expect((await ended).postDataJSON()).toEqual({ endpoint: subscription.endpoint });
    expect((await (await ended).response())?.status()).toBe(200);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();

    // On again, then Sign Out: this browser stops getting the person's pushes.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const signOutEnds = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith('/api/v1/users/me/push-subscriptions'),
    );
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    expect((await (await signOutEnds).response())?.status()).toBe(200);
    await expect(page).toHaveURL(/#\/(muster|login)?$/);
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
  } finally {
    await service.close();
  }
});

// Notifications refused for the site (the browser's own setting): the switch cannot help, the
// section says where to allow them.
test('settings: with notifications blocked for the site, the section says where to allow them', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(desktop);
  await signedUpAndIn(page, 'blocked');
  // Playwright only grants; Chromium's protocol denies, in this context (not the default one).
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  await page.goto('/#/settings/notifications');
  const section = page.getByTestId('push-section');
  await expect(section.getByText('To get pushes, allow notifications for this site')).toBeVisible();
  await expect(section.getByRole('switch', { name: 'Push to this browser' })).toBeDisabled();
  await expectAccessible(page);
  await sectionShot(page, 'push-section-blocked');
});

test('after a first post, once, a small card offers push; Turn on subscribes, and it is not offered again', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const service = await startPushService();
  try {
    const subscription = await fakePushManager(context, service);
    await page.setViewportSize(phone);
    await signedUpAndIn(page, 'prompted');
    // Not on a first visit: nothing is offered before the person has posted.
    await expect(page.getByTestId('push-prompt')).toHaveCount(0);
    await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });

    const post = async (text: string) => {
      await page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
      const composer = page.getByRole('dialog', { name: 'Create a post' });
      await composer.getByText('Need', { exact: true }).click();
      await composer.getByLabel('Category').fill('Water');
      await composer.getByLabel('Text').fill(text);
      await composer.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByText('Post created successfully').first()).toBeVisible();
    };
    await post('Two jerrycans of clean water for the school on Monday');
    const prompt = page.getByTestId('push-prompt');
    await expect(prompt.getByRole('heading', { name: 'Get a push when someone answers' })).toBeVisible();
    // It takes no focus from the page: the person may read on.
    await expect(prompt.getByRole('button', { name: 'Turn on' })).not.toBeFocused();
    await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: path.join(screenshotDir, `push-prompt-${phone.width}.png`) });
    await page.setViewportSize(desktop);
    await page.screenshot({ path: path.join(screenshotDir, `push-prompt-${desktop.width}.png`) });

    const saved = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/users/me/push-subscriptions'),
    );
    await prompt.getByRole('button', { name: 'Turn on' }).click();
    expect((await saved).postDataJSON()).toEqual(subscription);
    await expect(page.getByText('Push notifications are on for this browser')).toBeVisible();
    await expect(prompt).toHaveCount(0);

    // Asked once: another post, even with push off again, offers nothing more.
    await page.evaluate(() => localStorage.removeItem('e2e-push-subscription'));
    await post('And a water filter, if anyone has one spare');
    await expectNoPrompt(page);
  } finally {
    await service.close();
  }
});

test('Not now is remembered', async ({ page, context }) => {
  test.setTimeout(180_000);
  const service = await startPushService();
  try {
    await fakePushManager(context, service);
    await page.setViewportSize(desktop);
    await signedUpAndIn(page, 'notnow');
    await page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
    const composer = page.getByRole('dialog', { name: 'Create a post' });
    await composer.getByText('Offer', { exact: true }).click();
    await composer.getByLabel('Category').fill('Tools');
    await composer.getByLabel('Text').fill('A ladder and a drill to lend this week');
    await composer.getByRole('button', { name: 'Share' }).click();
    const prompt = page.getByTestId('push-prompt');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
    await composer.getByText('Offer', { exact: true }).click();
    await composer.getByLabel('Category').fill('Tools');
    await composer.getByLabel('Text').fill('Also a wheelbarrow');
    await composer.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Post created successfully').first()).toBeVisible();
    await expectNoPrompt(page);
  } finally {
    await service.close();
  }
});
