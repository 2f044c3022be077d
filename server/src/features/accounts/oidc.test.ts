import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { signInAtProvider, startOidcProvider } from '../../../test/oidc-provider.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';

let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;

beforeAll(async () => {
  idp = await startOidcProvider({
    redirectUri: 'http://localhost:3000/api/v1/auth/oidc/callback',
    identities: {
      zara: { email: 'zara@idp.example', emailVerified: true, givenName: 'Zara', familyName: 'Khan' },
      unverified: {
        email: 'taken@example.org',
        emailVerified: false,
        givenName: 'Un',
        familyName: 'Verified',
      },
      linker: { email: 'linker@example.org', emailVerified: true, givenName: 'Lin', familyName: 'Ker' },
      victim: { email: 'victim@example.org', emailVerified: true, givenName: 'Vic', familyName: 'Tim' },
      held: { email: 'held@example.org', emailVerified: true, givenName: 'Held', familyName: 'Back' },
    },
  });
  smtp = await startSmtpCapture();
  t = await buildTestApp({
    env: {
      SMTP_URL: smtp.url,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_LABEL: 'Continue with Google',
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await smtp.close();
});

/** Start at Muster, sign in at the provider, come back: returns the callback response. */
async function signInAs(login: string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((c) => c.name === 'muster_oidc_state')!;
  const callback = new URL(await signInAtProvider(start.headers.location as string, login));
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `muster_oidc_state=${stateCookie.value}` },
  });
}

const me = async (res: { cookies: { name: string; value: string }[] }) => {
  const session = res.cookies.find((c) => c.name === 'muster_session');
  const r = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: { cookie: `muster_session=${session?.value}` },
  });
  return r.json().data;
};

describe('sign-in with the identity provider', () => {
  it('advertises the button with its configured label', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.json().data.oidc).toEqual({ label: 'Continue with Google', url: '/api/v1/auth/oidc/start' });
  });

  it('sends the browser to the provider with PKCE S256, state and nonce', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    const cookie = start.cookies.find((c) => c.name === 'muster_oidc_state')!;
    expect(cookie.httpOnly).toBe(true);
  });

  it('creates a verified account at the first sign-in and finds it again by (issuer, subject)', async () => {
    const first = await signInAs('zara');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/#/');
    const user = await me(first);
    expect(user).toMatchObject({
      username: 'zara',
      firstName: 'Zara',
      lastName: 'Khan',
      email: 'zara@idp.example',
      emailVerified: true,
      hasPassword: false,
    });

    const second = await signInAs('zara');
    expect((await me(second))._id).toBe(user._id);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', 'zara@idp.example').execute(),
    ).toHaveLength(1);
  });

  it('makes the browser a known device of the account, as a password sign-in does (decision 042)', async () => {
    const res = await signInAs('zara');
    const device = res.cookies.find((c) => c.name === 'muster_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(device!.value.startsWith(`${(await me(res))._id}.`)).toBe(true);
  });

  it('links a verified address to the existing account, but not an unverified one', async () => {
    const existing = await buildUser(t.db, { email: 'linker@example.org' });
    expect((await me(await signInAs('linker')))._id).toBe(existing.id);

    await buildUser(t.db, { email: 'taken@example.org' });
    const refused = await signInAs('unverified');
    expect(refused.headers.location).toBe('/#/login?error=oidc');
    expect(refused.cookies.find((c) => c.name === 'muster_session')).toBeUndefined();
  });

  it('refuses a suspended account, saying so on the sign-in page, until the suspension is over (decision 070)', async () => {
    const held = await buildUser(t.db, {
      email: 'held@example.org',
      suspendedUntil: new Date(Date.now() + 86_400_000),
      suspensionReason: 'Spam',
      suspensionRule: 'spam',
    });
    const refused = await signInAs('held');
    expect(refused.headers.location).toBe('/#/login?error=suspended');
    expect(refused.cookies.find((c) => c.name === 'muster_session')).toBeUndefined();
    await t.db
      .updateTable('users')
      .set({ suspendedUntil: new Date(Date.now() - 60_000) })
      .where('id', '=', held.id)
      .execute();
    expect((await me(await signInAs('held')))._id).toBe(held.id);
  });

  it('takes an unverified account from whoever set it up when the address owner signs in (issue 10, 1)', async () => {
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: cookie ? { cookie } : {},
        ...(payload ? { payload } : {}),
      });
    const attacker = {
      username: 'squatter',
      firstName: 'Mal',
      lastName: 'Lory',
      email: 'victim@example.org',
      password: 'attacker-owns-this-1',
    };
    // The attacker signs up with the victim's address and a password of their own, and signs in.
    expect((await api('POST', '/auth/signup', undefined, attacker)).statusCode).toBe(200);
    await smtp.waitFor((m) => m.envelopeTo.includes('victim@example.org'));
    const login = await api('POST', '/auth/login', undefined, {
      emailOrUsername: 'squatter',
      password: attacker.password,
    });
    expect(login.statusCode).toBe(200);
    const attackerCookie = `muster_session=${login.cookies.find((c) => c.name === 'muster_session')!.value}`;
    expect((await api('GET', '/auth/me', attackerCookie)).json().data.emailVerified).toBe(false); // read, so it sits in the session cache
    // …and asks to move the account to an address of their own, to confirm once the victim has verified it.
    expect(
      (await api('PUT', '/auth/pending-email', attackerCookie, { newEmail: 'attacker@example.net' }))
        .statusCode,
    ).toBe(200);
    const moveLink = /#\/verify-email-change\?token=([\w-]+)/.exec(
      (await smtp.waitFor((m) => m.envelopeTo.includes('attacker@example.net'))).text ?? '',
    )?.[1];
    expect(moveLink).toBeDefined();

    // The victim signs in with the identity provider, which vouches for the address.
    const victim = await signInAs('victim');
    expect(victim.headers.location).toBe('/#/');
    const account = await me(victim);
    expect(account).toMatchObject({
      username: 'squatter',
      email: 'victim@example.org',
      emailVerified: true,
      hasPassword: false,
    });

    // Nothing the attacker set up still opens the account.
    expect((await api('GET', '/auth/me', attackerCookie)).statusCode).toBe(401);
    expect(
      (
        await api('POST', '/auth/login', undefined, {
          emailOrUsername: 'squatter',
          password: attacker.password,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await api('POST', '/auth/login', undefined, {
          emailOrUsername: 'victim@example.org',
          password: attacker.password,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await api('POST', '/users/confirm-email-change', undefined, { token: moveLink })).statusCode,
    ).toBe(400);
    expect((await me(victim)).email).toBe('victim@example.org');
    expect(
      await t.db.selectFrom('sessions').select('id').where('userId', '=', account._id).execute(),
    ).toHaveLength(1);
  });

  it('refuses a callback without the state cookie of the browser that began', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const callback = new URL(await signInAtProvider(start.headers.location as string, 'zara'));
    const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.headers.location).toBe('/#/login?error=oidc');
    expect(res.cookies.find((c) => c.name === 'muster_session')).toBeUndefined();
  });

  it('is off when not configured', async () => {
    const plain = await buildTestApp();
    try {
      expect(
        (await plain.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json().data.oidc,
      ).toBeNull();
      expect((await plain.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' })).statusCode).toBe(
        400,
      );
    } finally {
      await plain.close();
    }
  });
});
