import { newId } from '../../platform/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInUser, signIn, TEST_PASSWORD } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
/** While held, the SMTP server keeps every message waiting before it accepts it. */
let mailHeld: Promise<void> = Promise.resolve();

beforeAll(async () => {
  smtp = await startSmtpCapture({ onMessage: () => mailHeld });
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Req = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  cookie?: string;
};
const call = ({ method, url, payload, cookie }: Req) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: cookie ? { cookie } : {},
  });

const countUsers = async () => (await t.db.selectFrom('users').select('id').execute()).length;
const tokenFrom = (text: string | undefined, page: string) =>
  new RegExp(`#/${page}\\?token=([\\w-]+)`).exec(text ?? '')?.[1];

let n = 0;
const newPerson = () => {
  n += 1;
  return {
    username: `Person_${n}_${Date.now() % 100000}`,
    firstName: 'Amara',
    lastName: 'Diallo',
    email: `amara${n}.${Date.now()}@example.org`,
    password: 'relief-convoy-2026',
  };
};
type Person = ReturnType<typeof newPerson>;
const verificationMail = (email: string) =>
  smtp.waitFor((m) => m.envelopeTo.includes(email) && m.subject === 'Confirm your email for Muster');

/** Signs up through the route, waits for the verification mail (the account exists by then) and signs in. */
async function signedUp(person: Person = newPerson()) {
  expect((await call({ method: 'POST', url: '/auth/signup', payload: person })).statusCode).toBe(200);
  const token = tokenFrom((await verificationMail(person.email)).text, 'verify-email-signup')!;
  return { person, token, cookie: await signIn(t, person.username, person.password) };
}

/** Runs `answers` while the mail server holds every message: proof that no answer waits for a mail. */
async function withMailHeld<T>(answers: () => Promise<T>): Promise<T> {
  let release!: () => void;
  mailHeld = new Promise((resolve) => (release = resolve));
  try {
    const held = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 10_000));
    const result = await Promise.race([answers(), held]);
    if (result === 'held') throw new Error('an answer waited for the mail server');
    return result;
  } finally {
    release();
    mailHeld = Promise.resolve();
  }
}

describe('POST /auth/signup', () => {
  it('says where the mail went, makes the account, mails a verification link and welcomes the user at sign-in', async () => {
    const person = newPerson();
    const res = await call({ method: 'POST', url: '/auth/signup', payload: person });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        message: `We sent a mail to ${person.email}. Open the link in it to confirm your address, then sign in.`,
      },
    });
    expect(res.cookies).toHaveLength(0);

    const mail = await verificationMail(person.email);
    // The first link opens the page that welcomes a new member in (/verify-email-signup), not /verify-email.
    expect(mail.text).toContain(`${t.config.publicUrl}/#/verify-email-signup?token=`);
    expect(mail.text).not.toContain('#/verify-email?');
    expect(tokenFrom(mail.text, 'verify-email-signup')).toMatch(/^[\w-]{22}$/);
    const stored = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      username: person.username.toLowerCase(),
      firstName: 'Amara',
      emailVerifiedAt: null,
    });

    const login = await call({
      method: 'POST',
      url: '/auth/login',
      payload: { emailOrUsername: person.email, password: person.password },
    });
    const user = login.json().data;
    expect(user).toMatchObject({
      username: person.username.toLowerCase(),
      firstName: 'Amara',
      email: person.email,
      emailVerified: false,
      profilePicture: '/avatar.png',
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = login.cookies.find((c) => c.name === 'muster_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    const session = await t.db
      .selectFrom('sessions')
      .select('tokenHash')
      .where('userId', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(session.tokenHash).not.toBe(cookie.value);

    const notes = await call({
      method: 'GET',
      url: '/notifications',
      cookie: `muster_session=${cookie.value}`,
    });
    expect(notes.json().data).toEqual([
      expect.objectContaining({
        type: 'systemNotification',
        read: false,
        message: expect.stringContaining('Welcome to Muster'),
      }),
    ]);
  });

  it.each([
    ['a username with a dash', { username: 'ada-lovelace' }, 'username'],
    ['a two-letter username', { username: 'ab' }, 'username'],
    ['a 31-letter username', { username: 'a'.repeat(31) }, 'username'],
    ['a short password', { password: 'short' }, 'password'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
    ['a bad email', { email: 'amara@' }, 'email'],
    ['no first name', { firstName: ' ' }, 'firstName'],
    ['an unknown key', { role: 'admin' }, ''],
  ])('refuses %s with 400 and writes nothing', async (_label, change, path) => {
    const before = await countUsers();
    const res = await call({ method: 'POST', url: '/auth/signup', payload: { ...newPerson(), ...change } });
    expect(res.statusCode).toBe(400);
    if (path) expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await countUsers()).toBe(before);
  });

  it('refuses a taken username whatever its case with 409: usernames are public (decision 011)', async () => {
    await buildUser(t.db, { username: 'grace_m', email: 'grace@example.org' });
    const before = await countUsers();
    const sameName = await call({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...newPerson(), username: 'Grace_M' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().details).toEqual([{ path: 'username', message: 'That username is taken' }]);
    expect(await countUsers()).toBe(before);
  });

  it('takes a new account’s messages from connections directly and from others as requests (issue 32 item 5)', async () => {
    const [first, second] = [await signedUp(), await signedUp()];
    for (const { cookie } of [first, second])
      expect(
        (await call({ method: 'GET', url: '/users/me/privacy', cookie })).json().data.messagePolicy,
      ).toBe('connections');
    const me = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', first.person.email)
      .executeTakeFirstOrThrow();
    // A stranger's first message waits as a request (202), whoever writes: a built account, or
    // another new one; nothing is written to a chat.
    const stranger = await signedInUser(t);
    for (const cookie of [stranger.cookie, second.cookie]) {
      const sent = await call({
        method: 'POST',
        url: '/chats/send',
        cookie,
        payload: { recipientId: me.id, message: 'Hello, I saw your need' },
      });
      expect(sent.statusCode).toBe(202);
      expect(sent.json().data.request).toMatchObject({ recipientId: me.id, status: 'pending' });
    }
    expect(
      await t.db.selectFrom('chatMembers').select('chatId').where('userId', '=', me.id).execute(),
    ).toEqual([]);
    // The choice stays the person's: Everyone, once chosen, opens chats at once again.
    const open = await call({
      method: 'PUT',
      url: '/users/me/privacy',
      cookie: first.cookie,
      payload: {
        profileVisibility: 'everyone',
        connectionsVisibility: 'everyone',
        messagePolicy: 'everyone',
        searchable: true,
      },
    });
    expect(open.statusCode).toBe(200);
    expect(
      (
        await call({
          method: 'POST',
          url: '/chats/send',
          cookie: stranger.cookie,
          payload: { recipientId: me.id, message: 'Hello again' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by email or by username in any case; logout ends the session', async () => {
    const user = await buildUser(t.db, { username: 'kofi_a', email: 'kofi@example.org' });
    const byEmail = await signIn(t, 'KOFI@example.org');
    const byName = await signIn(t, 'Kofi_A');
    expect(byEmail).not.toBe(byName);
    expect((await call({ method: 'GET', url: '/auth/me', cookie: byName })).json().data._id).toBe(user.id);

    const out = await call({ method: 'POST', url: '/auth/logout', cookie: byName });
    expect(out.statusCode).toBe(204);
    expect((await call({ method: 'GET', url: '/auth/me', cookie: byName })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: '/auth/me', cookie: byEmail })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const user = await buildUser(t.db);
    const wrong = await call({
      method: 'POST',
      url: '/auth/login',
      payload: { emailOrUsername: user.email, password: 'not the password' },
    });
    const unknown = await call({
      method: 'POST',
      url: '/auth/login',
      payload: { emailOrUsername: 'nobody@example.org', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers /auth/me without a session with no one (200), not an error (decision 052)', async () => {
    const visitor = await call({ method: 'GET', url: '/auth/me' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ data: null });
    expect(visitor.cookies).toHaveLength(0);
  });

  it('answers /auth/me with a forged or ended session with 401, and has the browser forget it', async () => {
    const forged = await call({ method: 'GET', url: '/auth/me', cookie: 'muster_session=forged' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    expect(forged.cookies).toEqual([
      expect.objectContaining({ name: 'muster_session', value: '', httpOnly: true, path: '/' }),
    ]);
    expect(new Date(forged.cookies[0]!.expires!).getTime()).toBeLessThan(Date.now());

    const { cookie } = await signedInUser(t);
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data).toMatchObject({
      emailVerified: true,
    });
    expect((await call({ method: 'POST', url: '/auth/logout', cookie })).statusCode).toBe(204);
    const ended = await call({ method: 'GET', url: '/auth/me', cookie });
    expect(ended.statusCode).toBe(401);
    expect(ended.cookies.map((c) => c.name)).toEqual(['muster_session']);
  });
});

describe('email verification', () => {
  it('verifies with the mailed token once; a second use or a bad token fails', async () => {
    const { token, cookie } = await signedUp();

    const ok = await call({ method: 'POST', url: '/auth/verify-email', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.message).toBe('Email verified successfully!');
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data.emailVerified).toBe(true);

    const again = await call({ method: 'POST', url: '/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This verification link is invalid or has expired.');
    expect(
      (await call({ method: 'POST', url: '/auth/verify-email', payload: { token: 'nope' } })).statusCode,
    ).toBe(400);
    expect((await call({ method: 'POST', url: '/auth/verify-email', payload: {} })).statusCode).toBe(400);
  });

  it('resends a link that replaces the old one; needs a session', async () => {
    const { person, token: first, cookie } = await signedUp();
    expect((await call({ method: 'POST', url: '/auth/resend-verification' })).statusCode).toBe(401);
    const resend = await call({ method: 'POST', url: '/auth/resend-verification', cookie });
    expect(resend.statusCode).toBe(200);
    const second = tokenFrom(
      (
        await smtp.waitFor(
          (m) => m.envelopeTo.includes(person.email) && tokenFrom(m.text, 'verify-email-signup') !== first,
        )
      ).text,
      'verify-email-signup',
    );
    // A resent link replaces the first one, so it opens the same page.
    expect(second).toMatch(/^[\w-]{22}$/);
    expect(
      (await call({ method: 'POST', url: '/auth/verify-email', payload: { token: first } })).statusCode,
    ).toBe(400);
    expect(
      (await call({ method: 'POST', url: '/auth/verify-email', payload: { token: second } })).statusCode,
    ).toBe(200);
  });

  it('lets an unverified user correct the address: the account moves there when the mailed link is opened', async () => {
    const { person, token: oldLink, cookie } = await signedUp();
    const fixed = `fixed.${person.email}`;
    const put = await call({
      method: 'PUT',
      url: '/auth/pending-email',
      payload: { newEmail: fixed },
      cookie,
    });
    expect(put.json()).toEqual({
      data: { message: `We sent a link to ${fixed}. Open it to use that address.` },
    });
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data.email).toBe(person.email);

    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(fixed));
    expect(mail.subject).toBe('Confirm your new email for Muster');
    const confirm = await call({
      method: 'POST',
      url: '/users/confirm-email-change',
      payload: { token: tokenFrom(mail.text, 'verify-email-change') },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data).toMatchObject({
      email: fixed,
      emailVerified: true,
    });
    // The link mailed to the mistyped address ends with it.
    expect(
      (await call({ method: 'POST', url: '/auth/verify-email', payload: { token: oldLink } })).statusCode,
    ).toBe(400);
  });
});

describe('email change', () => {
  it('mails the new address a link and the old one a notice; the link switches the address', async () => {
    const { user, cookie } = await signedInUser(t);
    const newEmail = `new.${user.email}`;
    const wrong = await call({
      method: 'POST',
      url: '/users/change-email',
      payload: { newEmail, currentPassword: 'wrong password' },
      cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'currentPassword', message: 'Your current password is not right' },
    ]);
    expect(
      (
        await call({
          method: 'POST',
          url: '/users/change-email',
          payload: { newEmail, currentPassword: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);

    const ok = await call({
      method: 'POST',
      url: '/users/change-email',
      payload: { newEmail, currentPassword: TEST_PASSWORD },
      cookie,
    });
    expect(ok.statusCode).toBe(200);
    const link = await smtp.waitFor((m) => m.envelopeTo.includes(newEmail));
    await smtp.waitFor(
      (m) => m.envelopeTo.includes(user.email) && m.subject === 'Your Muster email is being changed',
    );
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data.email).toBe(user.email);

    const token = tokenFrom(link.text, 'verify-email-change');
    const confirm = await call({ method: 'POST', url: '/users/confirm-email-change', payload: { token } });
    expect(confirm.json()).toEqual({ data: { message: 'Email changed successfully!' } });
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data.email).toBe(newEmail);
    expect(
      (await call({ method: 'POST', url: '/users/confirm-email-change', payload: { token } })).statusCode,
    ).toBe(400);
  });
});

describe('password reset and change', () => {
  it('answers alike for unknown addresses, mails known ones, and a reset ends every session', async () => {
    const { user, cookie } = await signedInUser(t);
    const unknown = await call({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'ghost@example.org' },
    });
    const known = await call({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(user.email) && m.subject === 'Reset your Muster password',
    );
    expect(smtp.messages.some((m) => m.envelopeTo.includes('ghost@example.org'))).toBe(false);

    const token = tokenFrom(mail.text, 'reset-password')!;
    expect(
      (await call({ method: 'POST', url: '/auth/reset-password', payload: { token, password: 'password1' } }))
        .statusCode,
    ).toBe(400);
    const reset = await call({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).statusCode).toBe(401);
    await signIn(t, user.username, 'a brand new passphrase');
    expect(
      (
        await call({
          method: 'POST',
          url: '/auth/reset-password',
          payload: { token, password: 'another new passphrase' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('changing the password keeps this device and signs out the others', async () => {
    const { user, cookie } = await signedInUser(t);
    const other = await signIn(t, user.email);
    const bad = await call({
      method: 'PUT',
      url: '/users/me/password',
      payload: { currentPassword: 'nope', newPassword: 'fresh passphrase here' },
      cookie,
    });
    expect(bad.statusCode).toBe(400);
    const ok = await call({
      method: 'PUT',
      url: '/users/me/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'fresh passphrase here' },
      cookie,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/auth/me', cookie: other })).statusCode).toBe(401);
  });
});

describe('reset links end when the way in changes (issue 10, 5)', () => {
  const resetLink = async (email: string) => {
    const before = smtp.messages.length;
    expect(
      (await call({ method: 'POST', url: '/auth/forgot-password', payload: { email } })).statusCode,
    ).toBe(200);
    const mail = await smtp.waitFor(
      (m) =>
        smtp.messages.indexOf(m) >= before &&
        m.envelopeTo.includes(email) &&
        m.subject === 'Reset your Muster password',
    );
    return tokenFrom(mail.text, 'reset-password')!;
  };
  const useReset = (token: string) =>
    call({ method: 'POST', url: '/auth/reset-password', payload: { token, password: 'taken over at last' } });

  it('a password changed in Settings ends every outstanding reset link', async () => {
    const { user, cookie } = await signedInUser(t);
    const token = await resetLink(user.email);
    const ok = await call({
      method: 'PUT',
      url: '/users/me/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'fresh passphrase here' },
      cookie,
    });
    expect(ok.statusCode).toBe(200);
    const refused = await useReset(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This reset link is invalid or has expired.');
    await signIn(t, user.username, 'fresh passphrase here');
  });

  it('a changed address ends every outstanding reset link', async () => {
    const { user, cookie } = await signedInUser(t);
    const token = await resetLink(user.email);
    const newEmail = `moved.${user.email}`;
    await call({
      method: 'POST',
      url: '/users/change-email',
      payload: { newEmail, currentPassword: TEST_PASSWORD },
      cookie,
    });
    const link = tokenFrom(
      (await smtp.waitFor((m) => m.envelopeTo.includes(newEmail))).text,
      'verify-email-change',
    );
    expect(
      (await call({ method: 'POST', url: '/users/confirm-email-change', payload: { token: link } }))
        .statusCode,
    ).toBe(200);
    expect((await useReset(token)).statusCode).toBe(400);
    await signIn(t, user.username);
  });
});

describe('answers that do not tell whether an address has an account (issue 10, 6)', () => {
  const sameWords = (res: { statusCode: number; body: string }, email: string) => ({
    status: res.statusCode,
    body: res.body.replaceAll(email, '<address>'),
  });

  it('sign-up answers a taken address as it answers a new one, mails its owner, and makes nothing', async () => {
    const owner = await buildUser(t.db, { firstName: 'Grace' });
    const fresh = newPerson();
    const before = await countUsers();
    const [taken, made] = await withMailHeld(() =>
      Promise.all([
        call({
          method: 'POST',
          url: '/auth/signup',
          payload: { ...newPerson(), email: owner.email.toUpperCase() },
        }),
        call({ method: 'POST', url: '/auth/signup', payload: fresh }),
      ]),
    );
    expect(sameWords(taken, owner.email)).toEqual(sameWords(made, fresh.email));
    expect(taken.statusCode).toBe(200);
    expect(taken.cookies).toEqual(made.cookies);

    const told = await smtp.waitFor((m) => m.envelopeTo.includes(owner.email));
    expect(told.subject).toBe('Someone tried to join Muster with your email');
    expect(told.text).toContain(`your account, @${owner.username}`);
    expect(told.text).toContain('http://localhost:3000/#/forgot-password');
    await verificationMail(fresh.email);
    expect(await countUsers()).toBe(before + 1);
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(owner.email))).toHaveLength(1);
  });

  it('an unverified account correcting its address answers alike for a taken one, and its owner hears of it', async () => {
    const owner = await buildUser(t.db);
    const { person, cookie } = await signedUp();
    const free = `free.${person.email}`;
    const [taken, open] = await withMailHeld(async () => [
      await call({ method: 'PUT', url: '/auth/pending-email', payload: { newEmail: owner.email }, cookie }),
      await call({ method: 'PUT', url: '/auth/pending-email', payload: { newEmail: free }, cookie }),
    ]);
    expect(sameWords(taken!, owner.email)).toEqual(sameWords(open!, free));
    const told = await smtp.waitFor((m) => m.envelopeTo.includes(owner.email));
    expect(told.subject).toBe('Someone tried to use your email on Muster');
    await smtp.waitFor(
      (m) => m.envelopeTo.includes(free) && m.subject === 'Confirm your new email for Muster',
    );
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).json().data.email).toBe(person.email);
  });

  it('an email change in Settings answers alike for a taken address, and its owner hears of it', async () => {
    const owner = await buildUser(t.db);
    const { user, cookie } = await signedInUser(t);
    const free = `free.${user.email}`;
    const ask = (newEmail: string) =>
      call({
        method: 'POST',
        url: '/users/change-email',
        payload: { newEmail, currentPassword: TEST_PASSWORD },
        cookie,
      });
    const [taken, open] = await withMailHeld(async () => [await ask(owner.email), await ask(free)]);
    expect(sameWords(taken!, owner.email)).toEqual(sameWords(open!, free));
    expect((await smtp.waitFor((m) => m.envelopeTo.includes(owner.email))).subject).toBe(
      'Someone tried to use your email on Muster',
    );
    expect(
      smtp.messages.some(
        (m) => m.envelopeTo.includes(owner.email) && /verify-email-change/.test(m.text ?? ''),
      ),
    ).toBe(false);
  });

  it('forgot-password answers before any mail or lookup work, for known and unknown addresses alike', async () => {
    const user = await buildUser(t.db);
    const [known, unknown] = await withMailHeld(() =>
      Promise.all([
        call({ method: 'POST', url: '/auth/forgot-password', payload: { email: user.email } }),
        call({
          method: 'POST',
          url: '/auth/forgot-password',
          payload: { email: 'ghost.of.nobody@example.org' },
        }),
      ]),
    );
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await smtp.waitFor(
      (m) => m.envelopeTo.includes(user.email) && m.subject === 'Reset your Muster password',
    );
  });
});

describe('the few-second session cache of reads (decision 009)', () => {
  const me = (cookie: string) => call({ method: 'GET', url: '/auth/me', cookie });

  it('shows my own change at my next read', async () => {
    const { cookie } = await signedInUser(t);
    expect((await me(cookie)).statusCode).toBe(200); // now cached
    await call({
      method: 'PATCH',
      url: '/users/me',
      payload: { firstName: 'Renamed', lastName: 'Person', headline: '', bio: '', location: '' },
      cookie,
    });
    expect((await me(cookie)).json().data.firstName).toBe('Renamed');
  });

  it('forgets a session at once when it signs out, or when the password changes elsewhere', async () => {
    const { user, cookie } = await signedInUser(t);
    const other = await signIn(t, user.email);
    const third = await signIn(t, user.email);
    for (const c of [cookie, other, third]) expect((await me(c)).statusCode).toBe(200);
    await call({ method: 'POST', url: '/auth/logout', payload: {}, cookie: third });
    expect((await me(third)).statusCode).toBe(401);
    await call({
      method: 'PUT',
      url: '/users/me/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'fresh passphrase here' },
      cookie,
    });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('profile, export and deletion', () => {
  it('updates my profile; refuses bad input and strangers', async () => {
    const { user, cookie } = await signedInUser(t);
    const profile = {
      firstName: 'Nia',
      lastName: 'Okoro',
      headline: 'Logistics lead',
      bio: 'Moves trucks.',
      location: 'Accra',
    };
    expect((await call({ method: 'PATCH', url: '/users/me', payload: profile })).statusCode).toBe(401);
    const bad = await call({
      method: 'PATCH',
      url: '/users/me',
      payload: { ...profile, headline: 'x'.repeat(121) },
      cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.db.selectFrom('users').select('headline').where('id', '=', user.id).executeTakeFirstOrThrow())
        .headline,
    ).toBe('');
    const ok = await call({ method: 'PATCH', url: '/users/me', payload: profile, cookie });
    expect(ok.json().data).toMatchObject(profile);
  });

  it('shows a profile by username to signed-in people only', async () => {
    const { cookie } = await signedInUser(t);
    const other = await buildUser(t.db, { headline: 'Field medic' });
    expect((await call({ method: 'GET', url: `/users/profile/${other.username}` })).statusCode).toBe(401);
    const res = await call({ method: 'GET', url: `/users/profile/${other.username.toUpperCase()}`, cookie });
    expect(res.json().data).toMatchObject({ _id: other.id, headline: 'Field medic', isMe: false });
    expect(res.json().data).not.toHaveProperty('email');
    expect((await call({ method: 'GET', url: '/users/profile/no_such_person', cookie })).statusCode).toBe(
      404,
    );
  });

  it('exports my data as a JSON download without secrets', async () => {
    const { user, cookie } = await signedInUser(t);
    expect((await call({ method: 'GET', url: '/users/me/export' })).statusCode).toBe(401);
    const res = await call({ method: 'GET', url: '/users/me/export', cookie });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="muster-export-${user.username}.json"`,
    );
    expect(res.json().data.profile.email).toBe(user.email);
    expect(res.json().data.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('tokenHash');
  });

  it('exports what I chose for notices: settings, mission levels and the browsers that take my pushes (not their keys)', async () => {
    const { user, cookie } = await signedInUser(t);
    const empty = (await call({ method: 'GET', url: '/users/me/export', cookie })).json().data;
    expect(empty).toMatchObject({
      notificationSettings: null,
      missionNotificationLevels: [],
      pushSubscriptions: [],
    });
    const put = await call({
      method: 'PUT',
      url: '/users/me/notification-settings',
      cookie,
      payload: { channels: { likes: 'push' }, digest: 'weekly', timeZone: 'Asia/Manila' },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.db
      .insertInto('pushSubscriptions')
      .values({
        id: newId(),
        userId: user.id,
        endpoint: 'https://push.example/send/abc',
        p256dh: 'browser-public-key-secret',
        auth: 'browser-auth-secret',
        userAgent: 'Chromium on Linux',
      })
      .execute();
    const res = await call({ method: 'GET', url: '/users/me/export', cookie });
    expect(res.json().data.notificationSettings).toMatchObject({
      channels: { likes: 'push' },
      digest: 'weekly',
      timeZone: 'Asia/Manila',
    });
    expect(res.json().data.pushSubscriptions).toEqual([
      {
        endpoint: 'https://push.example/send/abc',
        userAgent: 'Chromium on Linux',
        subscribedAt: expect.any(String),
      },
    ]);
    expect(res.body).not.toContain('browser-public-key-secret');
    expect(res.body).not.toContain('browser-auth-secret');
  });

  it('deletes my account for real with my password, and nothing without it', async () => {
    const { user, cookie } = await signedInUser(t);
    const wrong = await call({
      method: 'DELETE',
      url: '/users/me',
      payload: { password: 'nope', confirm: 'DELETE' },
      cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeDefined();
    const ok = await call({
      method: 'DELETE',
      url: '/users/me',
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
      cookie,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await t.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute()).toEqual(
      [],
    );
    expect((await call({ method: 'GET', url: '/auth/me', cookie })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  const production = { env: { LOGIN_RATE_LIMIT: '10', SIGNUP_RATE_LIMIT: '5' } };

  it('admits exactly 10 sign-ins a minute per IP, then 429 with Retry-After', async () => {
    const limited = await buildTestApp(production);
    try {
      const login = (ip: string, who: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          payload: { emailOrUsername: who, password: 'wrong password' },
        });
      for (let i = 0; i < 10; i++) expect((await login('198.51.100.1', `someone${i}`)).statusCode).toBe(401);
      const refused = await login('198.51.100.1', 'someone-else');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('a stranger guessing from one IP spends only their own tries: the owner still signs in', async () => {
    const limited = await buildTestApp(production);
    try {
      const owner = await buildUser(limited.db);
      const login = (ip: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          payload: { emailOrUsername: owner.username, password },
        });
      for (let i = 0; i < 10; i++)
        expect((await login('203.0.113.7', `guess number ${i}`)).statusCode).toBe(401);
      expect((await login('203.0.113.7', TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login('198.51.100.20', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const limited = await buildTestApp(production);
    try {
      const owner = await buildUser(limited.db);
      const login = (ip: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          payload: { emailOrUsername: owner.email, password },
        });
      for (let i = 1; i <= 10; i++)
        expect((await login(`2001:db8:0:7::${i.toString(16)}`, 'wrong guess')).statusCode).toBe(401);
      expect((await login('2001:db8:0:7:ffff:1:2:3', 'wrong guess')).statusCode).toBe(429);
      expect((await login('2001:db8:0:8::1', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts the username and the email of one account as one budget, with a ceiling of 10 × LOGIN_RATE_LIMIT from everywhere', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT: '2' } });
    try {
      const owner = await buildUser(limited.db);
      const login = (ip: string, who: string, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: ip,
          payload: { emailOrUsername: who, password },
        });
      // Two tries per IP (the per-account-and-IP budget), ten IPs, by username and by email in turn.
      for (let i = 0; i < 10; i++) {
        expect((await login(`198.51.100.${i + 10}`, owner.username, 'wrong guess')).statusCode).toBe(401);
        expect(
          (await login(`198.51.100.${i + 10}`, owner.email.toUpperCase(), 'wrong guess')).statusCode,
        ).toBe(401);
      }
      const refused = await login('198.51.100.99', owner.email, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // An unknown name is a budget of its own, keyed by its text.
      expect((await login('198.51.100.99', 'nobody@example.org', 'wrong guess')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('admits 5 email-change requests per 30 minutes per account, whatever the IP and the address', async () => {
    const limited = await buildTestApp(production);
    try {
      const user = await buildUser(limited.db);
      const cookie = await signIn(limited, user.username);
      const change = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/users/change-email',
          remoteAddress: `198.51.100.${100 + i}`,
          headers: { cookie },
          payload: { newEmail: `guess${i}@example.org`, currentPassword: `guess number ${i}` },
        });
      for (let i = 0; i < 5; i++) expect((await change(i)).statusCode).toBe(400);
      expect((await change(5)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts resent verification links and address corrections as one budget per account', async () => {
    const limited = await buildTestApp(production);
    try {
      const user = await buildUser(limited.db, { emailVerifiedAt: null });
      const cookie = await signIn(limited, user.username);
      const send = (i: number, kind: 'resend' | 'correct') =>
        limited.app.inject({
          ...(kind === 'resend'
            ? { method: 'POST', url: '/api/v1/auth/resend-verification' }
            : {
                method: 'PUT',
                url: '/api/v1/auth/pending-email',
                payload: { newEmail: `fixed${i}@example.org` },
              }),
          remoteAddress: `198.51.100.${150 + i}`,
          headers: { cookie },
        } as const);
      for (const [i, kind] of (['resend', 'correct', 'resend', 'correct', 'resend'] as const).entries()) {
        expect((await send(i, kind)).statusCode).toBe(200);
      }
      expect((await send(5, 'resend')).statusCode).toBe(429);
      expect((await send(6, 'correct')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('admits exactly 5 sign-ups per 30 minutes per IP and per address', async () => {
    const limited = await buildTestApp(production);
    try {
      const signup = (ip: string, email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          remoteAddress: ip,
          payload: { ...newPerson(), email },
        });
      for (let i = 0; i < 5; i++)
        expect((await signup('198.51.100.2', `p${i}@example.org`)).statusCode).toBe(200);
      expect((await signup('198.51.100.2', 'p6@example.org')).statusCode).toBe(429);
      for (let i = 0; i < 5; i++) await signup(`198.51.100.${30 + i}`, 'same@example.org');
      expect((await signup('198.51.100.40', 'same@example.org')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('admits exactly 5 password-reset requests per 30 minutes per address', async () => {
    const limited = await buildTestApp(production);
    try {
      const ask = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          remoteAddress: ip,
          payload: { email: 'who@example.org' },
        });
      for (let i = 0; i < 5; i++) expect((await ask(`198.51.100.${50 + i}`)).statusCode).toBe(200);
      expect((await ask('198.51.100.60')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('finding people', () => {
  it('suggests people for @mentions by username or name prefix, never the blocked', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const zed = await buildUser(t.db, { username: 'zed_ortiz', firstName: 'Zed' });
    const zara = await buildUser(t.db, { username: 'zzz_other', firstName: 'Zara' });
    const blocked = await buildUser(t.db, { username: 'zed_blocked' });
    await t.db.insertInto('blocks').values({ blockerId: me.id, blockedId: blocked.id }).execute();
    const res = await call({ method: 'GET', url: '/users/search?query=Z', cookie });
    const names = res.json().data.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining([zed.username, zara.username]));
    expect(names).not.toContain(blocked.username);
    expect(res.json().data[0]).not.toHaveProperty('email');
    expect((await call({ method: 'GET', url: '/users/search?query=%25', cookie })).json().data.length).toBe(
      0,
    );
    expect((await call({ method: 'GET', url: '/users/search', cookie })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: '/users/search?query=z' })).statusCode).toBe(401);
  });

  // The prefix is matched as a byte-order range (social.queries startsWith): its bounds are exact.
  it('matches a prefix literally and exactly: wildcards are letters, the range ends where the prefix does, past ASCII too', async () => {
    const { cookie } = await signedInUser(t);
    await buildUser(t.db, { username: 'qed_one', firstName: 'Qa' });
    await buildUser(t.db, { username: 'qedx_two', firstName: 'Qb' });
    await buildUser(t.db, { username: 'qee', firstName: 'Qc' });
    await buildUser(t.db, { username: 'qzoe', firstName: 'Qoë', lastName: 'Qÿz' });
    const found = async (query: string) =>
      (await call({ method: 'GET', url: `/users/search?query=${encodeURIComponent(query)}`, cookie }))
        .json()
        .data.map((u: { username: string }) => u.username)
        .sort();
    expect(await found('qed_')).toEqual(['qed_one']);
    expect(await found('qed')).toEqual(['qed_one', 'qedx_two']);
    expect(await found('QEE')).toEqual(['qee']);
    expect(await found('qoë')).toEqual(['qzoe']);
    expect(await found('qo')).toEqual(['qzoe']);
    expect(await found('qÿ')).toEqual(['qzoe']);
    expect(await found('q%')).toEqual([]);
  });

  // People you may know (`GET /users/suggestions`) moved to the network feature: network.test.ts.
});

describe('deleting an account removes its files (issue 11, 7d)', () => {
  it('removes the picture and the files of its posts and collaboration requests, and no one else’s', async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const sharp = (await import('sharp')).default;
    const png = `data:image/png;base64,${(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2a7' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const mp4 = `data:video/mp4;base64,${Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]).toString('base64')}`;
    const pdf = `data:application/pdf;base64,${Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(128)]).toString('base64')}`;
    const onDisk = (url: string) =>
      fs.stat(path.join(t.config.dataDir, 'media', path.basename(url))).then(
        () => true,
        () => false,
      );
    const upload = async (cookie: string) => {
      const picture = (
        await call({ method: 'PUT', url: '/users/me/picture', payload: { image: png }, cookie })
      ).json().data.profilePicture as string;
      const post = (
        await call({
          method: 'POST',
          url: '/posts/create',
          payload: { content: 'Route plan', image: png, file: pdf, fileName: 'plan.pdf' },
          cookie,
        })
      ).json().data;
      const clip = (
        await call({
          method: 'POST',
          url: '/posts/create',
          payload: { content: 'Route video', video: mp4 },
          cookie,
        })
      ).json().data;
      const request = (
        await call({
          method: 'POST',
          url: '/collaboration',
          payload: { title: 'Boat needed', description: 'Mangrove survey.', image: png },
          cookie,
        })
      ).json().data;
      return [picture, post.image, post.file.url, clip.video, request.image] as string[];
    };
    const leaver = await signedInUser(t);
    const stayer = await signedInUser(t);
    const leaversFiles = await upload(leaver.cookie);
    const stayersFiles = await upload(stayer.cookie);
    expect(leaversFiles.every((url) => url.startsWith('/media/'))).toBe(true);
    for (const url of [...leaversFiles, ...stayersFiles]) expect(await onDisk(url), url).toBe(true);

    const res = await call({
      method: 'DELETE',
      url: '/users/me',
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
      cookie: leaver.cookie,
    });
    expect(res.statusCode).toBe(200);
    for (const url of leaversFiles) expect(await onDisk(url), url).toBe(false);
    for (const url of stayersFiles) expect(await onDisk(url), url).toBe(true);
  });

  it('keeps every file when the deletion is refused', async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const sharp = (await import('sharp')).default;
    const png = `data:image/png;base64,${(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#a72' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const me = await signedInUser(t);
    const image = (
      await call({
        method: 'POST',
        url: '/posts/create',
        payload: { content: 'Staying', image: png },
        cookie: me.cookie,
      })
    ).json().data.image as string;
    const wrong = await call({
      method: 'DELETE',
      url: '/users/me',
      payload: { password: 'not it', confirm: 'DELETE' },
      cookie: me.cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      await fs.stat(path.join(t.config.dataDir, 'media', path.basename(image))).then(
        () => true,
        () => false,
      ),
    ).toBe(true);
  });
});
