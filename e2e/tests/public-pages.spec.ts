import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from '../support/fixtures';

const widths = [1280, 375] as const;

const pages = [
  { name: 'landing', path: '/#/muster', heading: /Rally people and resources around what matters/i },
  { name: 'about', path: '/#/about', heading: /about/i },
  { name: 'terms', path: '/#/terms', heading: /terms/i },
  { name: 'privacy', path: '/#/privacy', heading: /privacy/i },
  { name: 'contact', path: '/#/contact', heading: /contact/i },
  { name: 'login', path: '/#/login', heading: /sign in/i },
  { name: 'signup', path: '/#/signup', heading: /join|create|sign up/i },
];

for (const width of widths) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const p of pages) {
      test(`${p.name} shows the logo with the product word, fits and is accessible`, async ({ page }) => {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(p.heading);
        await expect(page.getByRole('link', { name: /Muster/ }).first()).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page);
        await snap(page, p.name);
      });
    }
  });
}

test('the landing page speaks of missions, matching, teams and collaboration, with the visitor links', async ({
  page,
}) => {
  await page.goto('/#/muster');
  const main = page.getByRole('main');
  await expect(main).toContainText(/missions/i);
  await expect(main).toContainText(/resource matching/i);
  await expect(main).toContainText(/team building/i);
  await expect(main).toContainText(/disaster response/i);
  await expect(main).toContainText(/creative work/i);
  await expect(main).toContainText(/research/i);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Company' })).toHaveAttribute('href', '#/about');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '#/login');
  await expect(header.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '#/signup');
  // The landing page keeps the title search engines show; another page is named by its heading.
  await expect(page).toHaveTitle('Muster — rally people and resources around what matters');
  await header.getByRole('link', { name: 'Join now' }).click();
  await expect(page).toHaveURL(/#\/signup$/);
  await expect(page).toHaveTitle('Join Muster · Muster');
});

test('about has company, mission and vision, and Get Started goes to sign-up', async ({ page }) => {
  await page.goto('/#/about');
  for (const name of [/company/i, /mission/i, /vision/i]) {
    await expect(page.getByRole('heading', { name }).first()).toBeVisible();
  }
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/#\/signup$/);
});

test('terms: 11 sections, the date, the liability cap and the inquiry promise; the contents follow the scroll', async ({
  page,
}) => {
  await page.goto('/#/terms');
  await expect(page.getByText('Last updated April 17, 2025')).toBeVisible();
  const toc = page.getByRole('navigation', { name: /contents/i });
  await expect(toc.getByRole('link')).toHaveCount(11);
  await expect(page.locator('main section[id]')).toHaveCount(11);
  await expect(page.getByRole('main')).toContainText(/greater of/i);
  await expect(page.getByRole('main')).toContainText('12 months');
  await expect(page.getByRole('main')).toContainText('$100');
  await expect(page.getByRole('main')).toContainText('2 business days');

  const last = toc.getByRole('link').last();
  await last.click();
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect(toc.getByRole('link').first()).not.toHaveAttribute('aria-current', 'true');
});

test('privacy: 7 sections with the same date and contents', async ({ page }) => {
  await page.goto('/#/privacy');
  await expect(page.getByText('Last updated April 17, 2025')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /contents/i }).getByRole('link')).toHaveCount(7);
  await expect(page.locator('main section[id]')).toHaveCount(7);
});

for (const width of widths) {
  test.describe(`signed in, at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('about, contact, terms and privacy offer the way home instead of Sign In and Join now', async ({
      page,
    }) => {
      await page.goto('/#/login');
      await page.getByRole('button', { name: 'Fill in the demo account' }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/#\/$/);

      for (const name of ['about', 'contact', 'terms', 'privacy']) {
        await page.goto(`/#/${name}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const header = page.getByRole('banner');
        // Waiting for the way home first: before the session is known neither set of links shows.
        await expect(header.getByRole('link', { name: 'Go to Muster' }), name).toBeVisible();
        await expect(header.getByRole('link', { name: 'Go to Muster' })).toHaveAttribute('href', '#/');
        await expect(header.getByRole('link', { name: 'Muster', exact: true })).toHaveAttribute('href', '#/');
        if (width < 640) await header.getByRole('button', { name: 'Open menu' }).click();
        await expect(header.getByRole('link', { name: 'Company' })).toBeVisible();
        await expect(page.getByRole('link', { name: /^(Sign In|Join now)$/i }), name).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await snap(page, `${name}-signed-in`);
      }

      await page.getByRole('banner').getByRole('link', { name: 'Go to Muster' }).click();
      await expect(page).toHaveURL(/#\/$/);
      await expect(page.getByRole('article').first()).toBeVisible();
    });
  });
}
