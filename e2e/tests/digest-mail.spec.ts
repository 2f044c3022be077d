import fs from 'node:fs/promises';
import path from 'node:path';
import { startServer } from '../../scripts/production-server.mjs';
import { asThem, someone } from '../support/accounts';
import { type CapturedMail, expect, screenshotDir, test } from '../support/fixtures';
import { mailWithSubject, snapMail } from '../support/mails';
import { desktop } from '../support/people';

// Issue 34 item 2 (decision 065): the digest the app really sends, as the real SMTP capture
// received it, rendered in Chromium at 1280 and 375 px, and one of its links opened signed in.
// A server of its own whose scheduler looks for due digests every second (DIGEST_SCHEDULE_MS;
// each look still waits for the scheduler's 30-second tick): the shared one looks every quarter
// of an hour, as production does. Ana's digest is due once it is morning where she lives, so she
// lives where it is night while her day's news is made, then moves to where it is 13:00.

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let baseURL = '';

test.beforeAll(async () => {
  server = await startServer({
    env: {
      SMTP_URL: process.env.MUSTER_SMTP_URL!,
      SEED_DEMO: 'false',
      DIGEST_SCHEDULE_MS: '1000',
      LOGIN_RATE_LIMIT: '1000',
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

/** A zone (Etc/GMT±n, no summer time) where the clock now reads `hour`:xx. */
function zoneAtHour(hour: number): string {
  let offset = hour - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT's signs are POSIX's: Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const tacloban = {
  address: 'Tacloban, Eastern Visayas, Philippines',
  name: 'Tacloban',
  coordinates: [125.0, 11.2436],
};

test('the daily digest the app sends, in Chromium, and a link in it opened', async ({ browser }) => {
  test.setTimeout(600_000);
  const ana = await someone(browser, 'digana', { firstName: 'Ana', lastName: 'Reyes' }, baseURL);
  // Night where Ana lives while her day's news is made: no digest yet.
  await asThem(ana, 'put', '/users/me/notification-settings', { timeZone: zoneAtHour(2), digest: 'daily' });
  const kofi = await someone(browser, 'digkofi', { firstName: 'Kofi', lastName: 'Mensah' }, baseURL);
  const lena = await someone(browser, 'diglena', { firstName: 'Lena', lastName: 'Park' }, baseURL);
  const ben = await someone(browser, 'digben', { firstName: 'Ben', lastName: 'Cruz' }, baseURL);
  const run = Date.now().toString(36);

  // Comments on Ana's post (comments go to the digest by default): one line for three.
  const sandbags = await asThem(ana, 'post', '/posts/create', {
    content: `Sandbags stacked along the river road ${run}`,
  });
  for (const [who, words] of [
    [kofi, 'Thank you, the road stayed dry.'],
    [lena, 'I can bring more bags tomorrow.'],
    [ben, 'Great work, everyone.'],
  ] as const)
    await asThem(who, 'post', `/posts/${sandbags._id}/comments`, { content: words });
  // Her network: Kofi connects and asks for something.
  await asThem(kofi, 'post', `/connections/${ana.id}`);
  await asThem(ana, 'post', `/connections/${kofi.id}`);
  const tarps = await asThem(kofi, 'post', '/posts/create', {
    kind: 'need',
    category: 'Shelter',
    title: `Tarps for the school roof ${run}`,
    content: 'The school roof leaks; we need tarps before the rain on Friday.',
  });
  // A mission she follows posts an update.
  const mission = await asThem(ben, 'post', '/missions', {
    title: `Dune fence ${run}`,
    description: 'Posts and wire along the dunes before the storm season.',
    type: 'partnership',
  });
  await asThem(ana, 'post', `/missions/${mission._id}/follow`);
  await asThem(ben, 'post', '/posts/create', {
    content: 'The posts are in; wire goes up on Saturday.',
    mission: { missionId: mission._id, title: mission.title, updateCount: 1 },
  });
  // A tag she follows.
  await asThem(ana, 'post', '/hashtags/floodrelief/follow');
  await asThem(lena, 'post', '/posts/create', { content: `Boats ready at the pier ${run} #floodrelief` });
  // Her offer, and a need near it that it matches.
  await asThem(ana, 'post', '/posts/create', {
    kind: 'provision',
    category: 'Transport',
    title: 'Free rides with my van',
    content: 'I drive a van and can take patients to the hospital or the clinic in the mornings.',
    mapLocation: tacloban,
  });
  await asThem(ben, 'post', '/posts/create', {
    kind: 'need',
    category: 'Transport',
    title: `Transport to Tacloban hospital ${run}`,
    content:
      'My grandmother has dialysis three times a week and the jeepneys are not running. Looking for a lift to the hospital.',
    mapLocation: tacloban,
  });

  // 13:00 where she lives now: the scheduler's next look finds her digest due.
  await asThem(ana, 'put', '/users/me/notification-settings', { timeZone: zoneAtHour(13) });
  const mail: CapturedMail = await mailWithSubject(ana.email, /^Your daily digest: /, 120_000);
  expect(mail.text).toContain(`3 new comments on “Sandbags stacked along the river road ${run}”`);
  expect(mail.text).toContain(`Kofi Mensah needs “Tarps for the school roof ${run}”`);
  expect(mail.text).toContain(`Ben Cruz posted an update to Dune fence ${run}`);
  expect(mail.text).toContain('new post in #floodrelief');
  expect(mail.text).toContain(`Ben Cruz needs “Transport to Tacloban hospital ${run}”`);
  expect(mail.text).toMatch(/Stop the digest: http:\/\/\S+\/#\/unsubscribe\?token=v1\./);
  expect(mail.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/v1\/unsubscribe\?token=v1\.[^>]+>$/);
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');

  // As a mail client shows it, at both widths, and its text part.
  const viewer = await browser.newPage({ viewport: desktop });
  await snapMail(viewer, mail, 'digest');

  // A line of it, clicked: Kofi's need opens, Ana signed in.
  const link = new RegExp(`Kofi Mensah needs “Tarps for the school roof ${run}”:\\s+(\\S+)`).exec(
    mail.text!,
  )![1]!;
  expect(new URL(link).hash).toBe(`#/post/${tarps._id}`);
  await ana.page.goto(`/${new URL(link).hash}`);
  await expect(ana.page.getByText(`Tarps for the school roof ${run}`).first()).toBeVisible();

  await fs.writeFile(path.join(screenshotDir, 'mail-digest-subject.txt'), `${mail.subject}\n`);
  await viewer.close();
  for (const who of [ana, kofi, lena, ben]) await who.close();
});
