import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { newPerson } from '../support/accounts';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  snap,
  test,
  waitForMail,
} from '../support/fixtures';

// /launch, the product-launch showcase (decision 024). Without UPDATE_SHOWCASE it checks the page a
// visitor sees; with UPDATE_SHOWCASE=1 it also takes the pictures the page shows, from the real
// product on the demo database, and writes them where the web app imports them (committed):
//   npm run build && cd e2e && UPDATE_SHOWCASE=1 npx playwright test tests/showcase.spec.ts -g capture
// then build again (the pictures are part of the bundle) and run this file without it.

const showcaseDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/src/features/public/assets/showcase',
);
const UPDATE = process.env.UPDATE_SHOWCASE === '1';
const DEMO = { emailOrUsername: 'demo', password: 'muster-demo-2026' };
// The viewports pictured, and the sizes written (launch-page.tsx gives the same to <img>).
const DESKTOP = { viewport: { width: 1280, height: 800 }, out: { width: 960, height: 600 } };
const PHONE = { viewport: { width: 375, height: 750 }, out: { width: 360, height: 720 } };
const MAX_BYTES = 60 * 1024;

for (const width of [375, 1280]) {
  test(`/launch at ${width} px: a visitor sees the features, the tour, real pictures and Join now`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/#/launch');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Muster is here: where needs meet offers.',
    );
    await expect(page).toHaveURL(/#\/launch$/);
    const main = page.getByRole('main');
    for (const feature of [
      'Needs and offers',
      'Resource matching',
      'Missions and tasks',
      'Live chat',
      'Search everything',
      'The emergency board',
      'Approximate places in public',
      'Installable, light on a phone',
    ]) {
      await expect(main.getByRole('heading', { name: feature, level: 3 })).toBeVisible();
    }
    await expect(main.getByRole('heading', { name: 'A need meets an offer, in four steps' })).toBeVisible();
    const steps = main.getByRole('list').filter({ hasText: 'Post the need' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);

    // Every picture loads (lazy ones once scrolled to), with its size and words for a screen reader.
    const images = main.locator('img');
    const count = await images.count();
    expect(count, 'the hero, the features and the four steps are pictured').toBeGreaterThanOrEqual(8);
    for (let i = 0; i < count; i++) {
      const img = images.nth(i);
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute('alt', /\w{3,}/);
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
          message: `picture ${i} loads`,
        })
        .toBeGreaterThan(0);
    }
    expect(
      await images.evaluateAll((els) => els.filter((el) => el.getAttribute('loading') === 'lazy').length),
    ).toBeGreaterThanOrEqual(count - 1);

    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    // From the top: a full-page picture of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'launch');

    await main
      .getByRole('link', { name: /Join now/ })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/signup$/);
  });
}

test('/launch is open to a signed-in member too, who gets the way back into the app', async ({ page }) => {
  await signInAsDemo(page.request);
  await page.goto('/#/launch');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Muster is here: where needs meet offers.',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'Go to Muster' }).first()).toBeVisible();
});

test('the landing page links to nothing heavier: /launch is a chunk of its own', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/#/muster');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rally people and resources');
  expect(scripts.filter((s) => /launch-page/.test(s))).toEqual([]);
});

if (UPDATE) {
  test('capture the showcase pictures from the product (UPDATE_SHOWCASE=1)', async ({ browser }) => {
    test.setTimeout(600_000);
    await fs.mkdir(showcaseDir, { recursive: true });
    for (const [kind, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, close } = await demoIn(browser, size.viewport);
      const shoot = (name: string) => capture(page, `${name}-${kind}`, size.out);

      await page.goto('/#/');
      await expect(page.getByRole('article').first()).toBeVisible();
      await shoot('feed');

      const mission = (await (await page.request.get('/api/v1/missions/mine')).json()).data[0];
      await page.goto(`/#/missions/${mission._id}`);
      await expect(page.getByRole('heading', { level: 1, name: mission.title })).toBeVisible();
      await shoot('mission');

      const chat = (await (await page.request.get('/api/v1/chats')).json()).data.find(
        (c: { mission?: unknown }) => !c.mission,
      );
      await page.goto(`/#/chats/${chat._id}`);
      await expect(page.getByPlaceholder('Write a message…')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shoot('chat');

      // A page built beside this one (issue 16): pictured once it exists, never as "Page not found".
      // (/matches is pictured after the tour, when the demo account has a match.)
      await page.goto('/#/journalist');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      if (/not found/i.test(await heading.innerText()))
        console.warn('showcase: /journalist does not exist yet, not pictured');
      else await shoot('journalist');

      // Last: the search panel stays open over whatever comes next.
      if (kind === 'desktop') {
        await page.goto('/#/');
        const box = page.getByRole('combobox', { name: 'Search' });
        await box.click();
        await box.fill('flood');
        await expect(
          page.getByRole('dialog', { name: 'Search results' }).getByRole('heading', { name: 'Missions' }),
        ).toBeVisible();
        await shoot('search');
      }
      await close();
    }
    await captureTour(browser);
  });
}

/** The tour on /launch: Dana (demo) needs a generator, Joel offers his, Dana accepts, the chat opens. */
async function captureTour(browser: Browser) {
  const dana = await demoIn(browser, PHONE.viewport);
  const joel = await personSignedIn(browser, { firstName: 'Joel', lastName: 'Reyes' }, PHONE.viewport);
  const title = 'Generator for the Umlazi relief hall';

  // Joel has offered his generator on Muster before Dana needs one: matching pairs them.
  await joel.page.goto('/#/');
  await joel.page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const offerComposer = joel.page.getByRole('dialog', { name: 'Create a post' });
  await offerComposer.getByText('Offer', { exact: true }).click();
  await offerComposer.getByLabel('Category').fill('Power');
  await offerComposer.getByLabel('Title (optional)').fill('Generator available in Chatsworth');
  await offerComposer
    .getByLabel('Text')
    .fill(
      'A 6 kVA generator and a van, free for relief work around Durban this month. Diesel included for the first days.',
    );
  await offerComposer.getByRole('button', { name: 'Share' }).click();
  await expect(joel.page.getByText('Post created successfully')).toBeVisible();

  await dana.page.goto('/#/');
  await dana.page.getByRole('button', { name: 'Share your needs & wants with the world' }).click();
  const composer = dana.page.getByRole('dialog', { name: 'Create a post' });
  await composer.getByText('Need', { exact: true }).click();
  await composer.getByLabel('Category').fill('Power');
  await composer.getByLabel('Title (optional)').fill(title);
  await composer
    .getByLabel('Text')
    .fill(
      'The storm took our power. A 5 kVA generator for three days keeps the hall lit and the medicine fridge cold for 60 families.',
    );
  await capture(dana.page, 'tour-1-need-phone', PHONE.out, { toasts: false });
  await composer.getByRole('button', { name: 'Share' }).click();
  await expect(dana.page.getByText('Post created successfully')).toBeVisible();

  // Joel's page is still the feed he posted from: a reload shows Dana's need among the recent posts.
  await joel.page.reload();
  const card = joel.page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: 'Offer help' }).click();
  const offer = joel.page.getByRole('dialog', { name: 'Offer help' });
  await offer
    .getByLabel('Message')
    .fill('I have a 6 kVA generator and a van in Chatsworth. I can bring it tonight and set it up.');
  await offer.getByLabel(/What you can give/).fill('6 kVA generator, 40 l of diesel');
  await offer.getByLabel(/When/).fill('Tonight, from 19:00');
  await capture(joel.page, 'tour-2-offer-phone', PHONE.out, { toasts: false });
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(joel.page.getByText('Offer sent')).toBeVisible();

  await dana.page.goto('/#/offers');
  const row = dana.page.getByRole('listitem').filter({ hasText: 'Joel Reyes' });
  await expect(row).toContainText('6 kVA generator');
  await capture(dana.page, 'tour-3-accept-phone', PHONE.out);
  await row.getByRole('button', { name: 'Accept' }).click();
  await dana.page
    .getByRole('dialog', { name: 'Accept this offer?' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(dana.page).toHaveURL(/#\/chats\/[0-9a-f-]{36}$/);
  await expect(dana.page.getByText('I have a 6 kVA generator and a van')).toBeVisible();
  await capture(dana.page, 'tour-4-chat-phone', PHONE.out);

  // Dana's need and Joel's offer, matched (matching runs after the post is saved).
  for (const [kind, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await dana.page.setViewportSize(size.viewport);
    await dana.page.goto('/#/matches');
    await expect(dana.page.getByRole('heading', { level: 1, name: 'Matches' })).toBeVisible();
    const matched = await expect
      .poll(
        async () => {
          await dana.page.reload();
          return dana.page.getByRole('main').getByText('Generator available in Chatsworth').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (matched) await capture(dana.page, `matches-${kind}`, size.out);
    else console.warn('showcase: no match appeared on /matches, not pictured');
  }
  await dana.close();
  await joel.close();
}

async function signInAsDemo(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', { data: DEMO });
  expect(res.ok(), 'the e2e server runs on the embedded database, with the demo account').toBe(true);
}

async function demoIn(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: process.env.MUSTER_BASE_URL, viewport });
  const page = await context.newPage();
  await signInAsDemo(page.request);
  return { page, close: () => context.close() };
}

/** A verified member with a name fit for a picture, made through the API (the journeys test the forms). */
async function personSignedIn(
  browser: Browser,
  name: { firstName: string; lastName: string },
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: process.env.MUSTER_BASE_URL, viewport });
  const page = await context.newPage();
  const person = { ...newPerson('showcase'), ...name };
  expect((await page.request.post('/api/v1/auth/signup', { data: person })).ok()).toBe(true);
  const mail = await waitForMail((m) => m.to.includes(person.email) && /token=/.test(m.text ?? ''));
  const token = /token=([\w-]+)/.exec(mail.text ?? '')![1];
  expect((await page.request.post('/api/v1/auth/verify-email', { data: { token } })).ok()).toBe(true);
  expect(
    (
      await page.request.post('/api/v1/auth/login', {
        data: { emailOrUsername: person.username, password: person.password },
      })
    ).ok(),
  ).toBe(true);
  return { page, close: () => context.close() };
}

/** The viewport as it is, resized and written as a small WebP under the web app's assets. */
async function capture(
  page: Page,
  name: string,
  out: { width: number; height: number },
  options: { toasts?: boolean } = {},
) {
  if (options.toasts !== false) {
    // Without the toasts of what came before (they go after 2–4 s).
    await page
      .waitForFunction(() => !document.querySelector('[role="status"][aria-live="polite"]'), undefined, {
        timeout: 6000,
      })
      .catch(() => {});
  }
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
      timeout: 5000,
    })
    .catch(() => {});
  await page.waitForTimeout(300); // animations settle
  const png = await page.screenshot();
  let quality = 72;
  let webp = await sharp(png)
    .resize(out.width, out.height, { fit: 'cover', position: 'top' })
    .webp({ quality, effort: 6 })
    .toBuffer();
  while (webp.length > MAX_BYTES && quality > 30) {
    quality -= 8;
    webp = await sharp(png)
      .resize(out.width, out.height, { fit: 'cover', position: 'top' })
      .webp({ quality, effort: 6 })
      .toBuffer();
  }
  await fs.writeFile(path.join(showcaseDir, `${name}.webp`), webp);
  process.stdout.write(`showcase: ${name}.webp ${(webp.length / 1024).toFixed(1)} KB (quality ${quality})\n`);
}
