import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Page } from '@playwright/test';
import { notificationTarget } from '@muster/contract/notification-rules';
import type { Notification } from '@muster/contract/notifications';
import { startServer } from '../../scripts/production-server.mjs';
import { asThem, type Someone, someone } from '../support/accounts';
import { type CapturedMail, expect, expectAccessible, screenshotDir, test } from '../support/fixtures';
import { mailWithSubject, snapMail } from '../support/mails';
import { desktop, snapBoth } from '../support/people';

// Issue 34 (decisions 063 and 066): the mail of every kind of notice, as the real SMTP capture
// received it, rendered in Chromium at 1280 and 375 px (HTML, and the plain-text part as a mail
// client without HTML shows it). Each names who and what in its subject, holds what was written in
// its text part, has a button to the page the notice opens in the app (notificationTarget) and the
// footer's unsubscribe. Then a mail's unsubscribe link, opened signed out.
//
// A server of its own: likes and a chat's messages gather for 4 s rather than 15 and 10 minutes
// (LIKE_BURST_SECONDS, CHAT_BURST_SECONDS), so a burst's mail comes while the test waits; and
// "Still needed?" needs a need posted days ago, so the last test stops the server, moves the need's
// dates five days back in its database and starts it again on the same data (see agePost).
// The tests share the people and what they made, in order.
test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startServer>>;
let dataDir = '';
const serverEnv = {
  SMTP_URL: process.env.MUSTER_SMTP_URL!,
  SEED_DEMO: 'false',
  LOGIN_RATE_LIMIT: '1000',
  SIGNUP_RATE_LIMIT: '1000',
  OIDC_ISSUER: '',
  OIDC_CLIENT_ID: '',
  LIKE_BURST_SECONDS: '4',
  CHAT_BURST_SECONDS: '4',
};

let ana: Someone;
let kofi: Someone;
let lena: Someone;
let viewer: Page;
const run = Date.now().toString(36);
/** Every mail snapped, in order, for the subjects file. */
const snapped: Array<[string, CapturedMail]> = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-notice-mails-'));
  server = await startServer({ dataDir, env: serverEnv });
  ana = await someone(browser, 'mailana', { firstName: 'Ana', lastName: 'Reyes' }, server.base);
  kofi = await someone(browser, 'mailkofi', { firstName: 'Kofi', lastName: 'Mensah' }, server.base);
  lena = await someone(browser, 'maillena', { firstName: 'Lena', lastName: 'Okafor' }, server.base);
  viewer = await browser.newPage({ viewport: desktop });
});

test.afterAll(async () => {
  // What the pictures are of, for whoever looks at them.
  if (snapped.length)
    await fs.writeFile(
      path.join(screenshotDir, 'mail-subjects.txt'),
      snapped.map(([name, m]) => `${name}: ${m.subject}`).join('\n') + '\n',
    );
  for (const who of [ana, kofi, lena]) await who?.close();
  await viewer?.close();
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** Where the notice this mail tells of opens in the app, read from its recipient's list. */
async function opensAt(to: Someone, type: string, which: (n: Notification) => boolean) {
  const res = await to.context.request.get(`${server.base}/api/v1/notifications?type=${type}`);
  expect(res.status(), await res.text()).toBe(200);
  const notice = ((await res.json()) as { data: Notification[] }).data.find(which);
  expect(notice, `${to.name} has the ${type} notice in the app`).toBeTruthy();
  const target = notificationTarget(notice!);
  expect(target, `the ${type} notice opens a page`).toBeTruthy();
  return target!;
}

const from = (who: Someone) => (n: Notification) => n.sender?._id === who.id;

/** The links a mail's HTML holds, as a mail client follows them. */
const linksIn = (mail: CapturedMail) =>
  [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/**
 * A mail as every notice's must be: the text part holds what was said, the button opens `opens`
 * (a hash route of the app), the footer says why it came and how to stop it, and the one-click
 * headers are there. Then snapped, and listed in the subjects file.
 */
async function expectMail(name: string, mail: CapturedMail, expected: { opens: string; says: string[] }) {
  for (const words of expected.says) expect(mail.text, `${name}: the text part`).toContain(words);
  expect(linksIn(mail), `${name}: the button`).toContain(`${server.base}/#${expected.opens}`);
  expect(mail.text).toContain('You get this mail because');
  expect(mail.text).toMatch(/Stop [^:\n]+: http:\/\/\S+\/#\/unsubscribe\?token=v1\./);
  expect(mail.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/v1\/unsubscribe\?token=v1\.[^>]+>$/);
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  snapped.push([name, mail]);
  await snapMail(viewer, mail, name);
}

/** The mail of a notice of `type` to `to`, once it has come with `subject`: checked, snapped, listed. */
async function noticeMail(
  name: string,
  to: Someone,
  subject: string,
  notice: { type: string; which: (n: Notification) => boolean; says: string[] },
) {
  const mail = await mailWithSubject(to.email, subject);
  await expectMail(name, mail, { opens: await opensAt(to, notice.type, notice.which), says: notice.says });
  return mail;
}

const post = (who: Someone, data: object) => asThem<{ _id: string }>(who, 'post', '/posts/create', data);
const postNeed = (who: Someone, data: object) => post(who, { kind: 'need', ...data });

let river: { _id: string; title: string };
let offerMail: CapturedMail;

test('offers of help, joining a mission and a task', async () => {
  test.setTimeout(600_000);
  // An offer of help on a need (offers: mailed at once by default).
  const vanTitle = `A van to the clinic ${run}`;
  const need = await postNeed(ana, {
    category: 'Transport',
    title: vanTitle,
    content: 'The clinic needs supplies moved from the depot on Saturday morning: about 20 boxes.',
  });
  const offer = await asThem<{ _id: string }>(kofi, 'post', `/posts/${need._id}/offers`, {
    message:
      'I have a van and a free Saturday. I can be at the depot at 8:00 and bring a trolley for the boxes.',
  });
  offerMail = await noticeMail('offer', ana, `Kofi Mensah offered to help with “${vanTitle}”`, {
    type: 'newOffer',
    which: from(kofi),
    says: ['I have a van and a free Saturday.'],
  });

  // Ana accepts: Kofi hears of it (and a chat between them opens).
  await asThem(ana, 'put', `/offers/${offer._id}/accept`);
  await noticeMail('offer-accepted', kofi, `Ana Reyes accepted your offer to help with “${vanTitle}”`, {
    type: 'systemNotification',
    which: (n) => n.relatedPost?._id === need._id,
    says: [`Ana Reyes accepted your offer of help with “${vanTitle}”`],
  });

  // A second need, whose offer Ana declines kindly.
  const blanketsTitle = `Blankets for the night shelter ${run}`;
  const blankets = await postNeed(ana, {
    category: 'Shelter',
    title: blanketsTitle,
    content: 'Forty blankets for the night shelter before the cold week.',
  });
  const second = await asThem<{ _id: string }>(kofi, 'post', `/posts/${blankets._id}/offers`, {
    message: 'I can bring ten.',
  });
  await mailWithSubject(ana.email, `Kofi Mensah offered to help with “${blanketsTitle}”`);
  await asThem(ana, 'put', `/offers/${second._id}/decline`);
  await noticeMail('offer-declined', kofi, `Your offer to help with “${blanketsTitle}”`, {
    type: 'systemNotification',
    which: (n) => n.relatedPost?._id === blankets._id,
    says: ['It is covered for now.'],
  });

  // A mission: Kofi offers help to it, asks to join, is let in, and is given a task.
  const riverTitle = `Clean the river ${run}`;
  river = await asThem<{ _id: string; title: string }>(ana, 'post', '/missions', {
    title: riverTitle,
    description: 'Saturday clean-ups of the river bank, with gloves, bags and a skip.',
    type: 'collaboration',
  });
  await asThem(kofi, 'post', `/missions/${river._id}/offers`, {
    message: 'I can bring 20 pairs of gloves and drive the full bags to the skip.',
  });
  await noticeMail('mission-offer', ana, `Kofi Mensah offered to help with “${riverTitle}”`, {
    type: 'missionHelp',
    which: from(kofi),
    says: ['I can bring 20 pairs of gloves'],
  });
  await asThem(kofi, 'post', `/missions/${river._id}/join`, {
    role: 'collaborator',
    message: 'Happy to help every Saturday.',
  });
  await noticeMail('join-request', ana, `Kofi Mensah asked to join “${riverTitle}” as a collaborator`, {
    type: 'missionUpdate',
    which: from(kofi),
    says: [`Kofi Mensah asked to join “${riverTitle}” as a collaborator`],
  });
  const requests = await asThem<Array<{ _id: string; mission: { _id: string } }>>(
    ana,
    'get',
    '/chats/join-requests',
  );
  const request = requests.find((r) => r.mission._id === river._id)!;
  await asThem(ana, 'put', `/missions/${river._id}/join-requests/${request._id}/approve`);
  await noticeMail(
    'join-approved',
    kofi,
    `You’re in: Ana Reyes approved your request to join “${riverTitle}”`,
    {
      type: 'missionUpdate',
      which: from(ana),
      says: [`Ana Reyes approved your request to join ${riverTitle}`],
    },
  );
  await asThem(ana, 'post', `/missions/${river._id}/tasks`, {
    title: 'Bring gloves and bags for Saturday',
    assigneeId: kofi.id,
  });
  await noticeMail('task', kofi, 'Ana Reyes assigned you a task: Bring gloves and bags for Saturday', {
    type: 'task',
    which: from(ana),
    says: ['Ana Reyes assigned you a task: Bring gloves and bags for Saturday'],
  });
});

test('a mail’s unsubscribe link, opened signed out', async ({ browser }) => {
  // The footer's link, opened by someone not signed in: it says what it stops and stops nothing yet.
  const link = /Stop mail about offers of help: (\S+)/.exec(offerMail.text!)![1]!;
  const visitor = await browser.newContext({ baseURL: server.base, viewport: desktop });
  const page = await visitor.newPage();
  await page.goto(`/${new URL(link).hash}`);
  await expect(page.getByRole('heading', { name: 'Stop mail about offers of help?' })).toBeVisible();
  await expectAccessible(page);
  await snapBoth(page, 'unsubscribe-page');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You’re unsubscribed' })).toBeVisible();
  await expect(page.getByText(/You won’t get mail about offers of help any more\./)).toBeVisible();
  await expectAccessible(page);
  await snapBoth(page, 'unsubscribe-done');
  // Opened again, the link says it is done; a link altered by hand is refused in words.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Already unsubscribed' })).toBeVisible();
  await page.goto(`/${new URL(link).hash.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`);
  await expect(page.getByRole('heading', { name: 'This link doesn’t work' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
  await snapBoth(page, 'unsubscribe-bad-link');
  await visitor.close();
});

let sandbags: { _id: string; title: string };

test('comments, replies, mentions, connections, a mission update and a match', async () => {
  test.setTimeout(600_000);
  // What waits for the digest by default, Ana takes by mail; Lena too, for her connections.
  await asThem(ana, 'put', '/users/me/notification-settings', {
    channels: { likes: 'mail', comments: 'mail', connections: 'mail', missionUpdates: 'mail' },
  });
  await asThem(lena, 'put', '/users/me/notification-settings', { channels: { connections: 'mail' } });

  // A comment on Ana's post.
  const sandbagsTitle = `Sandbags along the river road ${run}`;
  sandbags = { ...(await post(ana, { content: sandbagsTitle })), title: sandbagsTitle };
  const comment = 'I can bring twenty more bags tomorrow morning, and a shovel.';
  await asThem(lena, 'post', `/posts/${sandbags._id}/comments`, { content: comment });
  await noticeMail('comment', ana, `Lena Okafor commented on “${sandbags.title}”`, {
    type: 'comment',
    which: from(lena),
    says: [comment],
  });

  // A reply to Ana's comment on Kofi's post.
  const glovesTitle = `Gloves and bags for Saturday ${run}`;
  const gloves = await post(kofi, { content: glovesTitle });
  const asked = await asThem<{ _id: string }>(ana, 'post', `/posts/${gloves._id}/comments`, {
    content: 'Can I pick them up on Friday evening?',
  });
  const reply = 'Yes, any time after six. Ring the bell at the back door.';
  await asThem(kofi, 'post', `/posts/${gloves._id}/comments`, { content: reply, parentId: asked._id });
  await noticeMail('reply', ana, `Kofi Mensah replied to your comment on “${glovesTitle}”`, {
    type: 'replies',
    which: from(kofi),
    says: [reply],
  });

  // Mentions: in a post, and in a comment on it.
  const boatsTitle = `Boats ready at the pier ${run}`;
  const boats = await post(lena, {
    title: boatsTitle,
    content: `Two boats are fuelled and ready at the pier. Thanks @${ana.username} for the fuel!`,
  });
  await noticeMail('mention-post', ana, `Lena Okafor mentioned you in “${boatsTitle}”`, {
    type: 'mention',
    which: (n) => n.subType === 'post' && from(lena)(n),
    says: [`Thanks @${ana.username} for the fuel!`],
  });
  const nudge = `@${ana.username} can you bring the life jackets from the depot?`;
  await asThem(kofi, 'post', `/posts/${boats._id}/comments`, { content: nudge });
  await noticeMail('mention-comment', ana, `Kofi Mensah mentioned you in a comment on “${boatsTitle}”`, {
    type: 'mention',
    which: (n) => n.subType === 'comment' && from(kofi)(n),
    says: [nudge],
  });

  // A connection request (its notice lasts while it waits: read before it is answered), and its yes.
  await asThem(lena, 'post', `/connections/${ana.id}`);
  await noticeMail('connection-request', ana, 'Lena Okafor wants to connect with you', {
    type: 'connectionRequest',
    which: from(lena),
    says: ['Lena Okafor sent you a connection request'],
  });
  await asThem(ana, 'post', `/connections/${lena.id}`);
  await noticeMail('connection-accepted', lena, 'Ana Reyes accepted your connection request', {
    type: 'systemNotification',
    which: from(ana),
    says: ['Ana Reyes accepted your connection request'],
  });

  // A member of Ana's mission posts an update to it.
  const update = 'Twelve bags filled on the east bank this morning; the skip comes on Monday.';
  await post(kofi, {
    content: update,
    mission: { missionId: river._id, title: river.title, updateCount: 1 },
  });
  await noticeMail('mission-update', ana, `Kofi Mensah posted an update to “${river.title}”`, {
    type: 'missionUpdate',
    which: (n) => n.relatedPost !== null && from(kofi)(n),
    says: [update],
  });

  // A need that Lena's provision may answer: both are told (matches: mailed at once by default).
  const generator = `Generator to lend ${run}`;
  const lent = await post(lena, {
    kind: 'provision',
    category: 'Energy',
    title: generator,
    content: 'Portable 5 kVA generator to lend, with fuel for two days. I can drive it over.',
  });
  const pumpTitle = `A generator for the clinic pump ${run}`;
  const pump = await postNeed(ana, {
    category: 'Energy',
    title: pumpTitle,
    content: 'Power is out at the clinic and we need a generator to run the water pump.',
  });
  await noticeMail('match-provider', lena, `Ana Reyes’s need “${pumpTitle}” may match yours`, {
    type: 'matchFound',
    which: (n) => n.relatedPost?._id === pump._id,
    says: ['Same category: Energy'],
  });
  await noticeMail('match-seeker', ana, `Lena Okafor’s offer “${generator}” may match yours`, {
    type: 'matchFound',
    which: (n) => n.relatedPost?._id === lent._id,
    says: ['Same category: Energy'],
  });
});

test('bursts: likes, a direct chat and a mission chat told once; a chat request', async () => {
  test.setTimeout(600_000);
  const chats = await asThem<
    Array<{ _id: string; kind: string; otherUser: { _id: string } | null; mission?: { _id: string } | null }>
  >(kofi, 'get', '/chats');
  // The chat Ana's yes to his offer opened, and the mission's.
  const direct = chats.find((c) => c.kind === 'direct' && c.otherUser?._id === ana.id)!;
  const missionChat = chats.find((c) => c.kind === 'mission' && c.mission?._id === river._id)!;
  expect(direct, 'Kofi and Ana have a chat').toBeTruthy();
  expect(missionChat, 'the mission has a chat').toBeTruthy();

  // Within one burst each (4 s here): two likes on Ana's post, three messages to her, two in the
  // mission's chat. A slow machine may split a burst in two; each then tells of its own part.
  await asThem(kofi, 'post', `/posts/${sandbags._id}/like`);
  await asThem(lena, 'post', `/posts/${sandbags._id}/like`);
  const said = [
    'The van is loaded.',
    'We leave the depot in ten minutes.',
    'Can someone meet us at the clinic door to carry the boxes in?',
  ];
  for (const message of said) await asThem(kofi, 'post', '/chats/send', { recipientId: ana.id, message });
  const inMission = ['Gloves are in the blue crate.', 'I will be at the bridge at nine with the bags.'];
  for (const message of inMission)
    await asThem(kofi, 'post', `/chats/${missionChat._id}/messages`, { message });
  // Someone Kofi has never talked to asks to send him a message.
  const ask = 'Hello Kofi, I saw your gloves post. Could I borrow a van on Sunday?';
  await asThem(lena, 'post', '/chats/send', { recipientId: kofi.id, message: ask }, 202);

  const likeMail = await mailWithSubject(
    ana.email,
    new RegExp(`^(Lena Okafor and 1 other|Kofi Mensah|Lena Okafor) liked your post “${sandbags.title}”$`),
  );
  await expectMail('like', likeMail, {
    opens: await opensAt(ana, 'like', (n) => n.relatedPost?._id === sandbags._id),
    says: [likeMail.subject!],
  });
  const directMail = await mailWithSubject(ana.email, /^Kofi Mensah sent you (a message|\d messages)$/);
  await expectMail('chat-direct', directMail, {
    opens: `/chats/${direct._id}`,
    says: ['Kofi Mensah sent you'],
  });
  expect(
    said.some((s) => directMail.text!.includes(s)),
    'the newest message is quoted whole',
  ).toBe(true);
  const missionMail = await mailWithSubject(
    ana.email,
    new RegExp(`^(A new message|\\d new messages) in ${river.title}$`),
  );
  await expectMail('chat-mission', missionMail, {
    opens: `/chat/${river._id}`,
    says: [`in the “${river.title}” chat while you were away`],
  });
  expect(
    inMission.some((s) => missionMail.text!.includes(s)),
    'the newest message is quoted whole',
  ).toBe(true);
  await expectMail(
    'chat-request',
    await mailWithSubject(kofi.email, 'Lena Okafor asked to send you a message'),
    {
      opens: '/requests',
      says: [ask],
    },
  );
});

/**
 * The need as if posted `days` ago: its dates moved back in the stopped server's database (the
 * needs' lifecycle asks "Still needed?" three days before a need expires, and a need is open for
 * seven days at the least). The server's own tests move the lifecycle's clock instead.
 */
async function agePost(postId: string, days: number) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    const moved = await db.query(
      `update posts set created_at = created_at - make_interval(days => $2),
         expires_at = expires_at - make_interval(days => $2) where id = $1`,
      [postId, days],
    );
    expect(moved.affectedRows).toBe(1);
  } finally {
    await db.close();
  }
}

test('“Still needed?” before a need expires', async () => {
  test.setTimeout(600_000);
  const title = `Baby formula for the shelter ${run}`;
  const need = await postNeed(ana, {
    category: 'Food',
    title,
    content: 'Six tins of infant formula for the families at the shelter this week.',
    openForDays: 7,
  });
  await server.stop({ keepData: true });
  await agePost(need._id, 5);
  // Started again on the same data: its lifecycle looks within a minute (or two, if the stopped
  // server's last look was under a minute ago), finds two days left, and asks.
  server = await startServer({ dataDir, env: serverEnv });
  const mail = await mailWithSubject(ana.email, `Still needed? Expires in 2 days: “${title}”`, 240_000);
  await expectMail('still-needed', mail, {
    opens: await opensAt(ana, 'stillNeeded', (n) => n.relatedPost?._id === need._id),
    says: ['If you still need help, keep it open'],
  });
});
