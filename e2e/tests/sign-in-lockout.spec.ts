import { startServer } from '../../scripts/production-server.mjs';
import { linkFromMail, newPerson, signIn, signUp, verifyFromMail } from '../support/accounts';
import { expect, expectAccessible, snap, test } from '../support/fixtures';

// Decision 042: too many wrong passwords pause password sign-in, and a mailed link still gets the
// owner in. The shared server runs with the limits out of the way (global-setup), so this journey
// starts a server of its own, built the same way, with a guessing budget of 3.

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let baseURL = '';

test.beforeAll(async () => {
  server = await startServer({
    env: {
      SMTP_URL: process.env.MUSTER_SMTP_URL!,
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT: '3',
      SIGNUP_RATE_LIMIT: '1000',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
    },
  });
  baseURL = server.base;
});

test.afterAll(async () => {
  await server?.stop();
});

test('locked out by wrong guesses, the owner signs in with a mailed link, and that browser keeps a budget of its own', async ({
  browser,
}) => {
  const person = newPerson('locked');
  const setup = await browser.newPage({ baseURL });
  await signUp(setup, person);
  await signIn(setup, person.username, person.password, /#\/verification-pending$/);
  await verifyFromMail(setup, person);
  await setup.close();

  // A new browser: no device cookie. Wrong guesses until sign-in is paused.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/#/login');
  await page.getByLabel('Email or username').fill(person.username);
  const paused = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
  for (let guess = 0; guess < 5 && !(await paused.isVisible()); guess++) {
    await page.getByLabel('Password', { exact: true }).fill(`wrong guess ${guess}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Incorrect email, username or password').or(paused).first()).toBeVisible();
  }
  await expect(paused).toBeVisible();
  // Even the right password is refused now, and the page says the way out.
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(paused).toContainText('link we email you');
  await expect(page).toHaveURL(/#\/login$/);
  await snap(page, 'sign-in-paused');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(/we sent it a sign-in link/)).toBeVisible();
  const link = await linkFromMail(person.email, 'sign-in-link');
  expect(link.origin).toBe(baseURL);
  await page.goto(`/${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Sign in with your link' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'sign-in-link');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/$/);

  // The link works once.
  const again = await context.request.post('/api/v1/auth/sign-in-with-link', {
    data: { token: link.hash.split('token=')[1] },
  });
  expect(again.status()).toBe(400);

  // Signed out, this browser is a known device: its password sign-in has its own budget, while
  // another browser at the same address is still paused.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/#\/(login|muster)$/);
  await signIn(page, person.email, person.password);
  const stranger = await browser.newContext({ baseURL });
  const refused = await stranger.request.post('/api/v1/auth/login', {
    data: { emailOrUsername: person.username, password: person.password },
  });
  expect(refused.status()).toBe(429);
  await stranger.close();
  await context.close();
});
