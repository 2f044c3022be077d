import { expect, snap, test } from '../support/fixtures';

// Installable and light on a phone (decision 024): the manifest, the service worker, offline.
// The rest of the suite blocks service workers (playwright.config.ts); these tests need them.
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

test('the manifest is linked and valid, and its icons load', async ({ page, request }) => {
  await page.goto('/#/muster');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Muster',
    short_name: 'Muster',
    display: 'standalone',
    start_url: './#/',
    theme_color: '#4338ca',
    scope: '/',
  });
  const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string }>) {
    const file = await request.get(
      new URL(icon.src, `${page.url().split('#')[0]}manifest.webmanifest`).pathname,
    );
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toBe(icon.type);
    // A PNG's width and height sit at bytes 16–23 of its header: the icon is the size it claims.
    const png = await file.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4338ca');
});

test('the service worker registers, controls the page after a reload, and never caches API answers', async ({
  page,
}) => {
  await page.goto('/#/muster');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);

  // The precache holds the hashed scripts and styles and the offline page, and nothing of one person's.
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toEqual(
    expect.arrayContaining([
      '/offline.html',
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/),
    ]),
  );
  expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/media/'))).toEqual([]);
});

test('offline, a reload shows the offline page (never the browser error), and Try again brings the app back', async ({
  page,
  context,
}) => {
  await page.goto('/#/muster');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rally people and resources');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByText('Muster', { exact: true })).toBeVisible();
  // The address is kept, so Try again returns to the same page.
  await expect(page).toHaveURL(/#\/muster$/);
  await snap(page, 'pwa-offline');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rally people and resources');
});
