import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/free-port';
import { linkFromMail, newPerson, signIn, signUp, verifyFromMail } from '../support/accounts';
import { expect, expectAccessible, snap, test } from '../support/fixtures';

// Decision 042: too many wrong passwords pause password sign-in, and a mailed link still gets the
// owner in. The shared server runs with the limits out of the way (global-setup), so this journey
// starts a server of its own, built the same way, with a guessing budget of 3.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess | undefined;
let baseURL = '';
let workDir = '';

test.beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-e2e-lockout-'));
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(workDir, 'data'),
      SMTP_URL: process.env.MUSTER_SMTP_URL!,
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT: '3',
      SIGNUP_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (
      await fetch(`${baseURL}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy in time');
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
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
