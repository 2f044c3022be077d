import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import { settleMailWork } from './accounts.service.js';

// Issue 31, item 4: a botnet spending an account's guessing budget must not lock its owner out
// (decision 042). The production budgets: LOGIN_RATE_LIMIT 10, SIGNUP_RATE_LIMIT 5.

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '10', SIGNUP_RATE_LIMIT: '5' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Every test takes addresses of its own, so the per-client budgets of one never touch another's. */
let block = 0;
const addresses = () => {
  block += 1;
  let n = 0;
  return () => `10.${block}.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
};

const login = (ip: string, who: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
    payload: { emailOrUsername: who, password },
  });

/** Signs the owner in once from `ip`: the browser's device cookie, as a Cookie header. */
async function knownDevice(ip: string, who: string) {
  const res = await login(ip, who, TEST_PASSWORD);
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'muster_device');
  expect(device).toBeDefined();
  return `muster_device=${device!.value}`;
}

/** 11 addresses × 10 wrong passwords at the account, by username and by email in turn: the finding's botnet. */
async function botnet(next: () => string, owner: { username: string; email: string }, signedInBefore = 0) {
  const codes: number[] = [];
  for (let a = 0; a < 11; a++) {
    const ip = next();
    for (let i = 0; i < 10; i++)
      codes.push((await login(ip, i % 2 ? owner.email : owner.username, `wrong guess ${a}-${i}`)).statusCode);
  }
  // The account's ceiling from everywhere (10 × LOGIN_RATE_LIMIT, the owner's own earlier
  // sign-ins included) still holds against it.
  const ceiling = 100 - signedInBefore;
  expect(codes.filter((c) => c === 401)).toHaveLength(ceiling);
  expect(codes.slice(ceiling)).toEqual(Array(110 - ceiling).fill(429));
}

describe('a botnet spending an account’s guesses', () => {
  it('does not lock out a device the owner signed in from before, at a new address, by username and by email', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    const device = await knownDevice(next(), owner.username);
    await botnet(next, owner, 1);

    // A stranger at a new address meets the ceiling, and is told the way out.
    const stranger = await login(next(), owner.username, TEST_PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/link we email you/);

    for (const who of [owner.username, owner.email, owner.email.toUpperCase()]) {
      const res = await login(next(), who, TEST_PASSWORD, device);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.username).toBe(owner.username);
    }
  });

  it('gives a forged, tampered, unsigned or other account’s device cookie no budget of its own', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const device = await knownDevice(next(), owner.username);
    const othersDevice = await knownDevice(next(), other.username);
    await botnet(next, owner, 1);

    const [userId, deviceId, mac] = device.slice('muster_device='.length).split('.') as [
      string,
      string,
      string,
    ];
    const [otherId, otherDeviceId, otherMac] = othersDevice.slice('muster_device='.length).split('.') as [
      string,
      string,
      string,
    ];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const fakes = [
      `${userId}.${flip(deviceId)}.${mac}`, // another device id under the owner's signature
      `${userId}.${deviceId}.${flip(mac)}`, // a signature changed
      `${userId}.${deviceId}`, // no signature
      `${userId}.${deviceId}.`, // an empty one
      `${userId}.${deviceId}.${mac}.${mac}`, // one part too many
      `${userId}.${otherDeviceId}.${otherMac}`, // another account's device id and signature, under the owner's id
      `${otherId}.${otherDeviceId}.${otherMac}`, // a real device, of another account
      `${userId}.${deviceId}.${'A'.repeat(300)}`, // too long to be ours
      'not-a-device-cookie',
    ];
    for (const fake of fakes) {
      expect(
        (await login(next(), owner.username, TEST_PASSWORD, `muster_device=${fake}`)).statusCode,
        fake,
      ).toBe(429);
    }
    expect((await login(next(), owner.email, TEST_PASSWORD, device)).statusCode).toBe(200);
  });

  it('keeps guessing bounded with a stolen device cookie: the device has a budget of its own, whatever the address', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    const stolen = await knownDevice(next(), owner.username);
    const ownersOther = await knownDevice(next(), owner.email);
    // The device's budget is LOGIN_RATE_LIMIT per 15 minutes, from any address.
    for (let i = 0; i < 10; i++)
      expect(
        (await login(next(), i % 2 ? owner.email : owner.username, `wrong guess ${i}`, stolen)).statusCode,
      ).toBe(401);
    for (const who of [owner.username, owner.email]) {
      const refused = await login(next(), who, TEST_PASSWORD, stolen);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Spent on one device, it is not spent on the owner's other device, nor on the account.
    expect((await login(next(), owner.username, TEST_PASSWORD, ownersOther)).statusCode).toBe(200);
    expect((await login(next(), owner.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps a known device’s budget out of the client’s: spraying other accounts from its address is still counted', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    const device = await knownDevice(next(), owner.username);
    const ip = next();
    // The device cookie names the owner: guesses at other accounts from the same browser count on
    // the client's per-minute budget.
    for (let i = 0; i < 10; i++)
      expect((await login(ip, `someone${block}x${i}`, 'wrong guess', device)).statusCode).toBe(401);
    expect((await login(ip, `someone${block}y`, 'wrong guess', device)).statusCode).toBe(429);
    // While the owner's own sign-in from that address is still the device's.
    expect((await login(ip, owner.username, TEST_PASSWORD, device)).statusCode).toBe(200);
  });

  it('sets the device cookie httpOnly, SameSite=Lax, on the sign-in routes only, for a long time, and keeps its id across sign-ins', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    const first = await login(next(), owner.username, TEST_PASSWORD);
    const cookie = first.cookies.find((c) => c.name === 'muster_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(cookie.secure).toBeFalsy(); // http://localhost here; https below
    expect(cookie.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(cookie.value.startsWith(`${owner.id}.`)).toBe(true);
    const again = await login(next(), owner.email, TEST_PASSWORD, `muster_device=${cookie.value}`);
    expect(again.cookies.find((c) => c.name === 'muster_device')!.value).toBe(cookie.value);
    // Another account signing in on this browser makes it that account's device, with a new id.
    const other = await buildUser(t.db);
    const switched = await login(next(), other.username, TEST_PASSWORD, `muster_device=${cookie.value}`);
    const switchedValue = switched.cookies.find((c) => c.name === 'muster_device')!.value;
    expect(switchedValue.startsWith(`${other.id}.`)).toBe(true);
    expect(switchedValue.split('.')[1]).not.toBe(cookie.value.split('.')[1]);
  });

  it('marks the device cookie Secure behind https', async () => {
    const https = await buildTestApp({ env: { PUBLIC_URL: 'https://muster.example.org' } });
    try {
      const owner = await buildUser(https.db);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { emailOrUsername: owner.username, password: TEST_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === 'muster_device')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await https.close();
    }
  });
});

describe('a mailed sign-in link', () => {
  const ask = (ip: string, emailOrUsername: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link',
      remoteAddress: ip,
      payload: { emailOrUsername } as object,
    });
  const use = (ip: string, token: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-with-link',
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
      payload: { token } as object,
    });
  const linkMails = (email: string) =>
    smtp.messages.filter((m) => m.envelopeTo.includes(email) && m.subject === 'Your Muster sign-in link');
  const tokenIn = (text: string | undefined) => /#\/sign-in-link\?token=([\w-]+)/.exec(text ?? '')?.[1];
  async function mailedToken(email: string, count: number) {
    await smtp.waitFor(() => linkMails(email).length >= count);
    return tokenIn(linkMails(email)[count - 1]!.text)!;
  }

  it('signs a locked-out owner in, once, and makes the browser a known device', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    await botnet(next, owner);
    expect((await ask(next(), owner.username)).statusCode).toBe(200);
    const token = await mailedToken(owner.email, 1);
    expect(linkMails(owner.email)[0]!.text).toContain(`${t.config.publicUrl}/#/sign-in-link?token=`);

    const ip = next();
    const res = await use(ip, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe(owner.username);
    const session = res.cookies.find((c) => c.name === 'muster_session')!;
    const device = res.cookies.find((c) => c.name === 'muster_device')!;
    expect(device.value.startsWith(`${owner.id}.`)).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { cookie: `muster_session=${session.value}` },
    });
    expect(me.json().data.username).toBe(owner.username);

    // One use only, from anywhere.
    for (const where of [ip, next()]) expect((await use(where, token)).statusCode).toBe(400);
    // The device the link made signs in with the password while the account is still locked.
    expect(
      (await login(next(), owner.email, TEST_PASSWORD, `muster_device=${device.value}`)).statusCode,
    ).toBe(200);
  });

  it('answers the same for an unknown name, an unverified account and a real one, and mails only the real one', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    const unverified = await buildUser(t.db, { emailVerifiedAt: null });
    const answers = [];
    for (const who of [
      `nobody${block}@example.org`,
      `nobody_${block}`,
      unverified.email,
      unverified.username,
      owner.email,
      owner.username,
    ]) {
      const res = await ask(next(), who);
      answers.push({ status: res.statusCode, body: res.body, cookies: res.cookies.length });
      // One at a time, so the owner's two links are issued in the order asked.
      await settleMailWork(t.app.deps);
      await t.app.deps.jobs.drain();
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    await settleMailWork(t.app.deps);
    await t.app.deps.jobs.drain();
    expect(linkMails(owner.email)).toHaveLength(2);
    expect(linkMails(unverified.email)).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.envelopeTo.some((to) => to.startsWith(`nobody`)))).toHaveLength(0);
    // The newer link replaced the older one.
    const [older, newer] = linkMails(owner.email).map((m) => tokenIn(m.text)!);
    expect((await use(next(), older)).statusCode).toBe(400);
    expect((await use(next(), newer)).statusCode).toBe(200);
  });

  it('refuses an expired link, a link of another kind, a link after a password change, and malformed tokens, signing nobody in', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    await ask(next(), owner.email);
    const expired = await mailedToken(owner.email, 1);
    await t.db
      .updateTable('emailTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', owner.id)
      .where('purpose', '=', 'sign_in')
      .execute();
    const refusals = [await use(next(), expired)];

    // A reset link is not a sign-in link.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      remoteAddress: next(),
      payload: { email: owner.email },
    });
    const resetMail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(owner.email) && m.subject === 'Reset your Muster password',
    );
    refusals.push(await use(next(), /token=([\w-]+)/.exec(resetMail.text ?? '')![1]));

    // A link issued before the password changed ends with it, as every mailed link does (decision 011).
    await ask(next(), owner.email);
    const res = await use(next(), await mailedToken(owner.email, 2));
    expect(res.statusCode).toBe(200);
    await ask(next(), owner.username);
    const unused = await mailedToken(owner.email, 3);
    const session = `muster_session=${res.cookies.find((c) => c.name === 'muster_session')!.value}`;
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/password',
      remoteAddress: next(),
      headers: { cookie: session },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a much longer convoy passphrase' },
    });
    expect(change.statusCode).toBe(200);
    refusals.push(await use(next(), unused));

    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.cookies).toHaveLength(0);
    }
    for (const token of ['', ' ', 'x'.repeat(201), 42, null]) {
      const bad = await use(next(), token);
      expect(bad.statusCode).toBe(400);
      expect(bad.cookies).toHaveLength(0);
    }
    for (const payload of [
      {},
      { emailOrUsername: '' },
      { emailOrUsername: 'x'.repeat(255) },
      { emailOrUsername: owner.email, extra: 1 },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link',
        remoteAddress: next(),
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details?.length).toBeGreaterThan(0);
    }
  });

  it('admits 5 requests per 15 minutes per account (username and email alike) and per client; a spent budget leaves the owner the newest link', async () => {
    const next = addresses();
    const owner = await buildUser(t.db);
    // A botnet asks for the owner's links: each goes to the owner.
    for (let i = 0; i < 5; i++) {
      expect((await ask(next(), i % 2 ? owner.username : owner.email.toUpperCase())).statusCode).toBe(200);
      await settleMailWork(t.app.deps);
      await t.app.deps.jobs.drain();
    }
    for (const who of [owner.username, owner.email]) {
      const refused = await ask(next(), who);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/newest one we sent still works/);
    }
    // An unknown name is refused in the same words once its own budget is spent: nothing to tell apart.
    for (let i = 0; i < 5; i++) await ask(next(), `nobody_${block}`);
    expect((await ask(next(), `nobody_${block}`)).json().message).toMatch(/newest one we sent still works/);
    // The newest link outlives the window the requests were counted in: the owner gets in.
    await settleMailWork(t.app.deps);
    await t.app.deps.jobs.drain();
    const links = linkMails(owner.email);
    expect(links).toHaveLength(5);
    expect((await use(next(), tokenIn(links[4]!.text))).statusCode).toBe(200);
    const ip = next();
    for (let i = 0; i < 5; i++) expect((await ask(ip, `someone_${block}_${i}`)).statusCode).toBe(200);
    expect((await ask(ip, `someone_${block}_5`)).statusCode).toBe(429);
  });
});
