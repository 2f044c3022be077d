import Provider from 'oidc-provider';
import { freePort } from './free-port.js';

export type TestIdentity = { email: string; emailVerified: boolean; givenName: string; familyName: string };

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, with its development
 * login and consent pages: any login name is accepted, and `identities` decides the claims.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  identities: Record<string, TestIdentity>;
}) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'muster',
        client_secret: 'muster-test-secret',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const who = options.identities[id] ?? {
        email: `${id}@idp.example`,
        emailVerified: true,
        givenName: id,
        familyName: 'Tester',
      };
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: who.email,
            email_verified: who.emailVerified,
            given_name: who.givenName,
            family_name: who.familyName,
            name: `${who.givenName} ${who.familyName}`,
            preferred_username: id,
          };
        },
      };
    },
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId: 'muster',
    clientSecret: 'muster-test-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the person at the provider's development pages over HTTP: follows the authorization
 * URL, signs in as `login`, consents, and returns the redirect back to our callback.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const res = await request(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'login';
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const submitted = await request(new URL(action, url).toString(), {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    url = new URL(submitted.headers.get('location')!, url).toString();
  }
  throw new Error('the provider sign-in did not come back');
}
