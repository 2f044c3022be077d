import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startServer } from '../../scripts/production-server.mjs';
import { newPerson, signedUpAndIn, signIn, signUp, verifyFromMail } from '../support/accounts';
import { expect, expectAccessible, expectNoHorizontalOverflow, snap, test } from '../support/fixtures';
import { desktop, phone, snapBoth } from '../support/people';

// Issue 35 item 6 (decision 069): A asks to be verified as an organisation, a moderator approves,
// and A's post shows the badge. No route makes a moderator (an admin's job, in the roles work), so
// this journey runs a server of its own: the moderator signs up, the server stops, their role is
// set in its database the way an operator would, and the server starts again on the same data.

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let baseURL = '';
const env = {
  SMTP_URL: process.env.MUSTER_SMTP_URL!,
  SEED_DEMO: 'false',
  LOGIN_RATE_LIMIT: '1000',
  SIGNUP_RATE_LIMIT: '1000',
  OIDC_ISSUER: '',
  OIDC_CLIENT_ID: '',
};
const moderator = newPerson('mod');

/** users.role, set in the stopped server's embedded database (PGlite, with the extension its indexes use). */
async function makeModerator(dataDir: string, username: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    const res = await db.query(`update users set role = 'moderator' where username = $1`, [username]);
    expect(res.affectedRows).toBe(1);
  } finally {
    await db.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const first = await startServer({ env });
  const setup = await browser.newPage({ baseURL: first.base });
  await signUp(setup, moderator);
  await signIn(setup, moderator.username, moderator.password, /#\/verification-pending$/);
  await verifyFromMail(setup, moderator);
  await setup.close();
  await first.stop({ keepData: true });
  await makeModerator(first.dataDir, moderator.username);
  server = await startServer({ env, dataDir: first.dataDir });
  baseURL = server.base;
});

test.afterAll(async () => {
  await server?.stop();
});

async function contextAt(browser: Browser) {
  const context = await browser.newContext({ baseURL, viewport: desktop });
  return { context, page: await context.newPage() };
}

test('A asks to be verified, a moderator approves, and A’s post wears the badge', async ({ browser }) => {
  const org = `Cebu Relief ${Date.now().toString(36)}`;
  const badge = `Verified organisation: ${org}`;

  // A asks, from Settings.
  const a = await contextAt(browser);
  const person = await signedUpAndIn(a.page, 'org');
  const made = await a.page.request.post('/api/v1/posts/create', {
    data: {
      kind: 'provision',
      category: 'Water',
      content: 'Drinking water for the barangay hall, every morning',
    },
  });
  expect(made.status()).toBe(200);
  const postId = ((await made.json()) as { data: { _id: string } }).data._id;

  await a.page.goto('/#/settings');
  await a.page.getByRole('link', { name: /Verified organisation/ }).click();
  await expect(a.page.getByRole('heading', { name: 'Verified organisation', level: 1 })).toBeVisible();
  await expect(a.page.getByRole('heading', { name: 'Ask to be verified' })).toBeVisible();
  await a.page.getByLabel('Organisation name').fill(org);
  await a.page.getByLabel('Website').fill('not a website');
  await a.page.getByLabel('Name', { exact: true }).fill('Maria Santos');
  await a.page.getByLabel('Email', { exact: true }).fill('maria@cebu-relief.example.org');
  await a.page
    .getByLabel('How can we check?')
    .fill('SEC registration CN201512345; our About page names this account.');
  await a.page.getByRole('button', { name: 'Send request' }).click();
  // The contract's rule, before anything is sent: the field says what is wrong and takes the focus.
  await expect(a.page.getByText('Enter a website address, like https://example.org')).toBeVisible();
  await expect(a.page.getByLabel('Website')).toBeFocused();
  await snapBoth(a.page, 'organisation-ask');
  await expectAccessible(a.page);
  await a.page.getByLabel('Website').fill('cebu-relief.example.org');
  await a.page.getByRole('button', { name: 'Send request' }).click();
  await expect(a.page.getByRole('heading', { name: `${org}: waiting for a moderator` })).toBeVisible();
  await expect(a.page.getByText('https://cebu-relief.example.org')).toBeVisible();
  await snapBoth(a.page, 'organisation-waiting');

  // The moderator answers from their page.
  const m = await contextAt(browser);
  await signIn(m.page, moderator.username, moderator.password);
  await m.page.goto('/#/moderation/organisations');
  await expect(m.page.getByRole('heading', { name: 'Organisation verification' })).toBeVisible();
  const request = m.page.getByRole('article', { name: org });
  await expect(request).toBeVisible();
  await expect(request.getByText('SEC registration CN201512345')).toBeVisible();
  await snapBoth(m.page, 'moderation-organisations');
  await expectAccessible(m.page);
  // Refusing needs a reason; cancelled, then approved.
  await request.getByRole('button', { name: 'Refuse…' }).click();
  await request.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(request.getByText('Say why, for the person to read')).toBeVisible();
  await request.getByRole('button', { name: 'Cancel' }).click();
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(m.page.getByText(`${org} is verified`)).toBeVisible();
  await expect(m.page.getByText('No requests waiting')).toBeVisible();
  await m.page.getByRole('button', { name: 'Verified', exact: true }).click();
  await expect(m.page.getByRole('article', { name: org })).toBeVisible();

  // A's post shows the badge, which names the organisation on hover and focus.
  await a.page.goto(`/#/post/${postId}`);
  const mark = a.page.getByRole('img', { name: badge });
  await expect(mark).toBeVisible();
  await mark.focus();
  await expect(mark.getByText(badge, { exact: true })).toBeVisible();
  await snap(a.page, 'post-card-verified-badge');
  await expectAccessible(a.page);
  // On a phone the name sits near the edge: the tooltip stays on the screen.
  await mark.blur();
  await a.page.setViewportSize(phone);
  await mark.focus();
  await expect(mark.getByText(badge, { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(a.page);
  await snap(a.page, 'post-card-verified-badge');
  await a.page.setViewportSize(desktop);

  // A is told, the settings page says so, and the profile carries it.
  // The notice comes from the queue, moments after the answer: read the list until it is there.
  await a.page.goto('/#/notifications');
  await expect(async () => {
    await a.page.reload();
    await expect(a.page.getByText(`“${org}” is verified: your badge shows now`)).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });
  await a.page.goto('/#/settings/organisation');
  await expect(a.page.getByRole('heading', { name: `Verified as ${org}` })).toBeVisible();
  await a.page.goto(`/#/profile/${person.username}`);
  await expect(a.page.getByRole('heading', { level: 1 }).getByRole('img', { name: badge })).toBeVisible();

  await a.context.close();
  await m.context.close();
});
