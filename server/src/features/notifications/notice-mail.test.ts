import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { type CapturedMail, headerOf, startSmtpCapture } from '../../../test/smtp-capture.js';
import { setNoticeChannel } from './unsubscribe.queries.js';

/**
 * Issue 34 items 2 and 4 (decision 063): the mail of a notice as it went over the wire to a real
 * SMTP server, and the mail job's guarantees — an SMTP failure is retried and mailed once, and
 * nothing goes to an address no longer verified or to an account deleted in between.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
/** What the SMTP server accepted (a refused message is in `smtp.messages` too, but was never delivered). */
const accepted: CapturedMail[] = [];
/** Addresses whose next delivery the SMTP server refuses, as a server in trouble would (451). */
const refuseNext = new Set<string>();
/** Addresses the SMTP server refuses until taken out: holds a mail in its retries for as long as a test needs. */
const refusing = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtpCapture({
    onMessage: async (mail) => {
      const to = mail.envelopeTo[0]!;
      if (refuseNext.delete(to) || refusing.has(to)) throw new Error('451 4.3.0 try again later');
      accepted.push(mail);
    },
  });
  t = await buildTestApp({ env: { SMTP_URL: smtp.url }, jobRetry: { delaySeconds: 1, limit: 5 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;
const acceptedFor = (to: string) => accepted.filter((m) => m.envelopeTo.includes(to));

/** Runs the queue until `done` holds, for as long as a slow machine may need (retries wait seconds). */
async function drainUntil(done: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.app.deps.jobs.drain();
    if (done()) return;
    if (Date.now() > deadline) throw new Error('the queue did not get there in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The state pg-boss keeps of the mail job to `to` (created, retry, completed, failed). */
async function mailJobState(to: string) {
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where name = 'mail' and data->>'to' = ${to}`.execute(t.db);
  return rows.map((r) => r.state);
}

async function need(author: Person, title = 'A van to the clinic') {
  const created = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Transport',
    title,
    content: 'A van to take supplies to the clinic on Saturday',
  });
  expect(created.statusCode).toBe(200);
  return created.json().data._id as string;
}

async function offer(helper: Person, postId: string, message: string) {
  expect((await api('POST', `/posts/${postId}/offers`, helper.cookie, { message })).statusCode).toBe(200);
}

describe('the mail of an offer of help', () => {
  it('names who, what and where, escapes what they wrote, and opens the page the app opens', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const kofi = await signedInUser(t, { firstName: 'Kofi', lastName: 'Mensah' });
    const id = await need(ana);
    await offer(kofi, id, 'I have a van <b>and</b> a free Saturday & fuel');
    await drainUntil(() => acceptedFor(ana.user.email).length > 0);
    const [mail] = acceptedFor(ana.user.email);

    expect(mail!.subject).toBe('Kofi Mensah offered to help with “A van to the clinic”');
    const open = `${t.config.publicUrl}/#/post/${id}`;
    // HTML: the helper's words escaped, never markup; the button opens the post on the hash route.
    const html = String(mail!.html);
    expect(html).toContain('I have a van &lt;b&gt;and&lt;/b&gt; a free Saturday &amp; fuel');
    expect(html).not.toContain('<b>and</b>');
    expect(html).toContain(`href="${open}"`);
    expect(html).toContain('See the offer');
    expect(html).toContain(`href="${t.config.publicUrl}/#/settings/notifications"`);
    // Text: the same, readable.
    expect(mail!.text).toContain('Kofi Mensah offered to help with your need “A van to the clinic”');
    expect(mail!.text).toContain('I have a van <b>and</b> a free Saturday & fuel');
    expect(mail!.text).toContain(`See the offer: ${open}`);
    expect(mail!.text).toContain('“Offers of help” is set to “Mail at once”');
    expect(mail!.text).toMatch(
      new RegExp(`Stop mail about offers of help: ${t.config.publicUrl}/#/unsubscribe\\?token=v1\\.`),
    );
    // RFC 8058: the one-click address is the API's, with the same token as the footer's page.
    const header = headerOf(mail!, 'list-unsubscribe') ?? '';
    expect(header).toMatch(new RegExp(`^<${t.config.publicUrl}/api/v1/unsubscribe\\?token=v1\\.[^>]+>$`));
    expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = /token=([^>]+)>/.exec(header)![1]!;
    expect(mail!.text).toContain(`/#/unsubscribe?token=${token}`);
  });

  it('a comment says who commented on which post, with the comment whole', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const lea = await signedInUser(t, { firstName: 'Léa', lastName: 'Martin' });
    await setNoticeChannel(t.db, ana.user.id, 'comments', 'mail');
    const id = await need(ana, 'Blankets for the night shelter');
    const words =
      'We have twenty blankets at the community centre, and a second batch arrives on Thursday — shall I bring them round?';
    expect((await api('POST', `/posts/${id}/comments`, lea.cookie, { content: words })).statusCode).toBe(200);
    await drainUntil(() => acceptedFor(ana.user.email).length > 0);
    const [mail] = acceptedFor(ana.user.email);
    expect(mail!.subject).toBe('Léa Martin commented on “Blankets for the night shelter”');
    // The whole comment, not the list's 60 characters.
    expect(mail!.text).toContain(words);
    expect(mail!.text).toContain(`Reply: ${t.config.publicUrl}/#/post/${id}`);
  });
});

describe('the mail job', () => {
  it('retries a send the SMTP server refused, and mails the notice once in the end', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const kofi = await signedInUser(t, { firstName: 'Kofi', lastName: 'Mensah' });
    refuseNext.add(ana.user.email);
    const id = await need(ana);
    await offer(kofi, id, 'I can drive');
    // The first attempt reaches the server and is refused …
    await drainUntil(() => smtp.messages.some((m) => m.envelopeTo.includes(ana.user.email)));
    expect(refuseNext.has(ana.user.email)).toBe(false);
    // … the retry (a second later, doubling) is accepted.
    await drainUntil(() => acceptedFor(ana.user.email).length > 0);
    // Past two more retry delays and passes of the queue: still once.
    const settled = Date.now() + 5_000;
    while (Date.now() < settled) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(acceptedFor(ana.user.email)).toHaveLength(1);
    expect(acceptedFor(ana.user.email)[0]!.subject).toContain('Kofi Mensah offered to help');
    expect(await t.app.deps.jobs.dead()).toEqual([]);
  });

  it('mails nothing to an account deleted between the notice and the mail job', async () => {
    const ana = await signedInUser(t);
    const kofi = await signedInUser(t);
    refusing.add(ana.user.email);
    const id = await need(ana);
    await offer(kofi, id, 'I can drive');
    await drainUntil(() => smtp.messages.some((m) => m.envelopeTo.includes(ana.user.email)));
    // The mail waits for its retry; meanwhile Ana deletes her account (and the server recovers).
    const gone = await api('DELETE', '/users/me', ana.cookie, { password: TEST_PASSWORD, confirm: 'DELETE' });
    expect(gone.statusCode).toBe(200);
    const tried = smtp.messages.filter((m) => m.envelopeTo.includes(ana.user.email)).length;
    refusing.delete(ana.user.email);
    // The retry runs to completion and sends nothing: not even an attempt.
    let states: string[] = [];
    const deadline = Date.now() + 60_000;
    while (!(states = await mailJobState(ana.user.email)).includes('completed') && Date.now() < deadline) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(states).toEqual(['completed']);
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(ana.user.email))).toHaveLength(tried);
    expect(acceptedFor(ana.user.email)).toHaveLength(0);
  });

  it('mails nothing to an address that is no longer verified when the mail job runs', async () => {
    const ana = await signedInUser(t);
    const kofi = await signedInUser(t);
    refusing.add(ana.user.email);
    const id = await need(ana);
    await offer(kofi, id, 'I can drive');
    await drainUntil(() => smtp.messages.some((m) => m.envelopeTo.includes(ana.user.email)));
    await t.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', ana.user.id).execute();
    refusing.delete(ana.user.email);
    let states: string[] = [];
    const deadline = Date.now() + 60_000;
    while (!(states = await mailJobState(ana.user.email)).includes('completed') && Date.now() < deadline) {
      await t.app.deps.jobs.drain();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(states).toEqual(['completed']);
    expect(acceptedFor(ana.user.email)).toHaveLength(0);
  });
});
