import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { getGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCa } from '../test/federation-ca.js';
import { type Bed, startTwoInstances } from '../test/federation-instances.js';

/**
 * The federation test bed itself (decision 083): two instances over loopback TLS, by host name,
 * with a CA made for this run. The federation tests (issue 38) stand on what this file proves.
 */

/** What `fetch` failed with underneath its "fetch failed" TypeError. */
async function failureOf(url: string): Promise<string> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? String(err);
  }
  throw new Error(`${url} answered`);
}

/** A throwaway HTTPS server on loopback with the given certificate. */
async function tlsServer(pair: { key: string; cert: string }) {
  const server = https.createServer(pair, (_req, res) => res.end('should never be read'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const NETWORK_HANDLES = new Set(['TCPSocketWrap', 'TCPServerWrap', 'TLSWrap']);
const networkHandles = () => process.getActiveResourcesInfo().filter((r) => NETWORK_HANDLES.has(r)).length;

describe('federation test bed', () => {
  let bed: Bed;
  let dispatcherBefore: unknown;
  let handlesBefore: number;

  beforeAll(async () => {
    dispatcherBefore = getGlobalDispatcher();
    handlesBefore = networkHandles();
    bed = await startTwoInstances({
      // The keys the federation feature reads; harmless before it exists (unknown keys are ignored).
      env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
      envTwo: { SIGNUP_RATE_LIMIT: '77' },
    });
  });
  afterAll(() => bed?.close());

  it('serves both instances over https by host name, each with its own config', async () => {
    expect(bed.one.origin).toBe(`https://one.muster.test:${bed.one.port}`);
    expect(bed.two.origin).toBe(`https://two.muster.test:${bed.two.port}`);
    for (const instance of [bed.one, bed.two]) {
      const res = await fetch(`${instance.origin}/api/v1/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ data: { status: 'ok', database: 'up' } });
      // Sent only when PUBLIC_URL is https (platform/security.ts).
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    }
    expect(bed.one.t.config.publicUrl).toBe(bed.one.origin);
    expect(bed.two.t.config.signupRateLimit).toBe(77);
    expect(bed.one.t.config.signupRateLimit).not.toBe(77);
  });

  it('signs a person up on each instance through its real API, in databases of their own', async () => {
    const ana = await bed.one.signUp({ username: 'ana' });
    const ben = await bed.two.signUp({ username: 'ben' });
    // Instance one's own view of itself: the link it mails is built from its https PUBLIC_URL.
    const mail = await bed.one.waitForMail(ana.email);
    expect(mail.text).toContain(`${bed.one.origin}/#/verify-email-signup?token=`);

    const me = await bed.one.api('GET', '/auth/me', { cookie: ana.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ data: { username: 'ana' } });
    // A session from one is nothing on two, and each person exists only at home.
    expect((await bed.two.api('GET', '/auth/me', { cookie: ana.cookie })).status).toBe(401);
    const names = async (i: Bed['one']) =>
      (await i.db.selectFrom('users').select('username').execute()).map((u) => u.username);
    expect(await names(bed.one)).toContain('ana');
    expect(await names(bed.one)).not.toContain('ben');
    expect(await names(bed.two)).toContain('ben');
    expect(ben.id).not.toBe(ana.id);
  });

  it('lets each app see its requests as https://<its host>:<port>, behind its front', async () => {
    const res = await bed.one.api('POST', '/auth/login', {
      body: { emailOrUsername: (await bed.one.person()).username, password: 'correct horse battery staple' },
    });
    expect(res.status).toBe(200);
    // The session cookie is Secure: the app knows it is served over https.
    expect(res.headers.getSetCookie().find((c) => c.startsWith('muster_session='))).toMatch(/;\s*Secure/i);

    // The CSRF check accepts the request's own origin as the app sees it (platform/security.ts).
    // Were X-Forwarded-Proto not read, the app would take http://one.muster.test:<port> for its own.
    const plain = await fetch(`${bed.one.origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { origin: `http://${bed.one.hostName}:${bed.one.port}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 'nobody', password: 'x' }),
    });
    expect(plain.status).toBe(403);
    await plain.arrayBuffer();
    // And a client's own X-Forwarded-* never reach the app: the front sets them.
    const spoofed = await fetch(`${bed.one.origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        origin: 'https://elsewhere.example',
        'x-forwarded-host': 'elsewhere.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ emailOrUsername: 'nobody', password: 'x' }),
    });
    expect(spoofed.status).toBe(403);
    await spoofed.arrayBuffer();
  });

  it('resolves no other name under the bed domain', async () => {
    expect(await failureOf(`https://three.muster.test:${bed.one.port}/api/v1/health`)).toBe('ENOTFOUND');
  });

  it('refuses a certificate from another authority, or for another name', async () => {
    const rogue = await createTestCa('Not the bed CA');
    const impostor = await tlsServer(await rogue.leaf('one.muster.test'));
    const misnamed = await tlsServer(await bed.ca.leaf('two.muster.test'));
    try {
      expect(await failureOf(`https://one.muster.test:${impostor.port}/`)).toMatch(
        /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/,
      );
      expect(await failureOf(`https://one.muster.test:${misnamed.port}/`)).toBe(
        'ERR_TLS_CERT_ALTNAME_INVALID',
      );
    } finally {
      await impostor.close();
      await misnamed.close();
      await rogue.remove();
    }
  });

  it('trusts the test CA for the bed hosts only', async () => {
    // Instance one's own front, by a name outside the bed: the system's CAs judge it, and refuse.
    expect(await failureOf(`https://localhost:${bed.one.port}/api/v1/health`)).toMatch(
      /UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER|SELF_SIGNED/,
    );
  });

  it('closes everything it opened and puts fetch back', async () => {
    const { one } = bed;
    await bed.close();
    expect(getGlobalDispatcher()).toBe(dispatcherBefore);
    // With the bed's names gone, its hosts resolve nowhere (`.test` is never in real DNS).
    expect(await failureOf(`${one.origin}/api/v1/health`)).toMatch(/ENOTFOUND|EAI_AGAIN/);
    // Sockets and servers close asynchronously: wait for their handles to go, never for a set time.
    const deadline = Date.now() + 20_000;
    while (networkHandles() > handlesBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(networkHandles()).toBeLessThanOrEqual(handlesBefore);
  });
});
