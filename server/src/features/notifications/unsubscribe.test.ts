import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { headerOf, startSmtpCapture } from '../../../test/smtp-capture.js';
import { findUnsubscriber, setNoticeChannel } from './unsubscribe.queries.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe.js';

/**
 * One-click unsubscribe (issue 34 item 2, RFC 8058, decision 063): the link in a real mail's
 * List-Unsubscribe header works without a session, as a mail provider's form post from its own
 * origin; it stops that kind's next mail and no other; a GET changes nothing; a bad link is 400.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;

async function mailsTo(to: string) {
  await t.app.deps.jobs.drain();
  return smtp.messages.filter((m) => m.envelopeTo.includes(to));
}

/** Waits for the `n`th mail to `to` (mail goes on its own turn, after the answer). */
async function nthMailTo(to: string, n: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = await mailsTo(to);
    if (mails.length >= n) return mails[n - 1]!;
    if (Date.now() > deadline) throw new Error(`mail ${n} to ${to} never came`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A mail provider's one click (RFC 8058 §3.2): a form post, no cookie, from its own origin. */
function oneClick(url: string) {
  const { pathname, search } = new URL(url);
  return t.app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.provider.example',
    },
    payload: 'List-Unsubscribe=One-Click',
  });
}

async function post(author: Person) {
  const created = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Food',
    title: 'Soup for Sunday lunch',
    content: 'Soup for forty people on Sunday',
  });
  return created.json().data._id as string;
}

describe('the one-click link of a real mail', () => {
  it('stops the next mail of its kind only, without a session', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana', lastName: 'Reyes' });
    const [kofi, lea] = [await signedInUser(t), await signedInUser(t)];
    // Likes and comments mailed at once, so one kind can be stopped and the other seen going on.
    await setNoticeChannel(t.db, ana.user.id, 'likes', 'mail');
    await setNoticeChannel(t.db, ana.user.id, 'comments', 'mail');
    const id = await post(ana);
    expect((await api('POST', `/posts/${id}/like`, kofi.cookie)).statusCode).toBe(200);
    const likeMail = await nthMailTo(ana.user.email, 1);
    expect(likeMail.subject).toContain('liked your post “Soup for Sunday lunch”');
    const header = headerOf(likeMail, 'List-Unsubscribe')!;
    const oneClickUrl = /^<([^>]+)>$/.exec(header)![1]!;
    expect(headerOf(likeMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    const res = await oneClick(oneClickUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ kind: 'likes', stops: 'mail about likes', stopped: true });

    // The next like mails nothing; the next comment still mails.
    expect((await api('POST', `/posts/${id}/like`, lea.cookie)).statusCode).toBe(200);
    await api('POST', `/posts/${id}/comments`, lea.cookie, { content: 'I can bring bread' });
    const commentMail = await nthMailTo(ana.user.email, 2);
    expect(commentMail.subject).toContain('commented on “Soup for Sunday lunch”');
    expect(await mailsTo(ana.user.email)).toHaveLength(2);
    // The like is still in the app: the bell is the record, mail one way of being told.
    const list = await api('GET', '/notifications', ana.cookie);
    expect(list.json().data.filter((n: { type: string }) => n.type === 'like')).toHaveLength(2);
    // Nothing else was changed: comments still mail, the rest keep their defaults.
    const settings = await findUnsubscriber(t.db, ana.user.id);
    expect(settings?.channels).toEqual({ likes: 'app', comments: 'mail' });
  });

  it('a GET of the link (a link scanner, the page loading) tells what it stops and changes nothing', async () => {
    const ana = await signedInUser(t);
    const token = await unsubscribeToken(t.app.deps, ana.user.id, 'offers');
    const seen = await api('GET', `/unsubscribe?token=${token}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual({ kind: 'offers', stops: 'mail about offers of help', stopped: false });
    expect(await findUnsubscriber(t.db, ana.user.id)).toMatchObject({ channels: null });
    // The page's button (same origin, no body) stops it; saying it again is saying it once.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/unsubscribe?token=${token}`,
        headers: { origin: t.config.publicUrl },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await api('GET', `/unsubscribe?token=${token}`)).json().data.stopped).toBe(true);
    expect((await findUnsubscriber(t.db, ana.user.id))?.channels).toEqual({ offers: 'app' });
  });

  it('the digest’s link turns the digest off; a kind set to push keeps its push', async () => {
    const ana = await signedInUser(t);
    await setNoticeChannel(t.db, ana.user.id, 'matches', 'push');
    const digest = await oneClick(await oneClickUrlOf(ana.user.id, 'digest'));
    expect(digest.json().data).toEqual({ kind: 'digest', stops: 'the digest', stopped: true });
    const matches = await oneClick(await oneClickUrlOf(ana.user.id, 'matches'));
    expect(matches.statusCode).toBe(200);
    expect(await findUnsubscriber(t.db, ana.user.id)).toMatchObject({
      digest: 'off',
      channels: { matches: 'push' },
    });
    // The footer's link opens the web page, on the app's hash route.
    expect(await unsubscribeUrl(t.app.deps, ana.user.id, 'digest')).toMatch(
      new RegExp(`^${t.config.publicUrl}/#/unsubscribe\\?token=v1\\.${ana.user.id}\\.digest\\.`),
    );
  });
});

async function oneClickUrlOf(userId: string, kind: Parameters<typeof unsubscribeToken>[2]) {
  return `${t.config.publicUrl}/api/v1/unsubscribe?token=${await unsubscribeToken(t.app.deps, userId, kind)}`;
}

describe('a link that is not ours', () => {
  it('is refused with 400 and a clear message, and changes nothing', async () => {
    const ana = await signedInUser(t);
    const kofi = await signedInUser(t);
    const token = await unsubscribeToken(t.app.deps, ana.user.id, 'offers');
    const [version, userId, kind, mac] = token.split('.');
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const bad = [
      `${version}.${userId}.${kind}.${flip(mac![0]!)}${mac!.slice(1)}`, // the signature altered
      // Its last character: base64url's spare bits there decode to the same bytes, yet it is not ours.
      `${version}.${userId}.${kind}.${mac!.slice(0, -1)}${flip(mac!.at(-1)!)}`,
      `${version}.${kofi.user.id}.${kind}.${mac}`, // someone else's id under Ana's signature
      `${version}.${userId}.likes.${mac}`, // another kind
      `v2.${userId}.${kind}.${mac}`, // another version
      `${version}.${userId}.${kind}`, // cut short
      'not-a-token',
    ];
    for (const tampered of bad) {
      const res = await oneClick(
        `${t.config.publicUrl}/api/v1/unsubscribe?token=${encodeURIComponent(tampered)}`,
      );
      expect(res.statusCode, tampered).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_LINK' });
      expect(res.json().message).toMatch(/not valid/);
      expect((await api('GET', `/unsubscribe?token=${encodeURIComponent(tampered)}`)).statusCode).toBe(400);
    }
    // No token at all: the shared schema's 400, with the field named.
    const none = await api('POST', '/unsubscribe');
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([expect.objectContaining({ path: 'token' })]);
    expect(await findUnsubscriber(t.db, ana.user.id)).toMatchObject({ channels: null });
    expect(await findUnsubscriber(t.db, kofi.user.id)).toMatchObject({ channels: null });
  });

  it('names an account since deleted: 404, nothing to stop', async () => {
    const ana = await signedInUser(t);
    const token = await unsubscribeToken(t.app.deps, ana.user.id, 'offers');
    const gone = await api('DELETE', '/users/me', ana.cookie, { password: TEST_PASSWORD, confirm: 'DELETE' });
    expect(gone.statusCode).toBe(200);
    expect((await oneClick(`${t.config.publicUrl}/api/v1/unsubscribe?token=${token}`)).statusCode).toBe(404);
  });

  it('is rate limited: one link posted over and over is a script', async () => {
    const ana = await signedInUser(t);
    const url = await oneClickUrlOf(ana.user.id, 'tasks');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await oneClick(url)).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
  });
});
