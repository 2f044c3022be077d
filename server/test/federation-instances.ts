import type { AddressInfo } from 'node:net';
import type { Mailer, OutgoingMail } from '../src/platform/mail.js';
import { createTestCa, type TestCa } from './federation-ca.js';
import { startTlsFront } from './federation-front.js';
import { installTestNetwork, TEST_DOMAIN, type TestNetwork } from './federation-network.js';
import { buildUser, TEST_PASSWORD } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The federation test bed (issue 38, decision 083): Muster instances on this machine, each the real
 * application on a database of its own, reached over HTTPS by a host name of its own with a
 * certificate from a test CA made for this run, and reaching each other the same way with `fetch`.
 *
 * Each instance is its app listening on a loopback http port behind a small TLS-terminating front
 * (as a production Muster sits behind its reverse proxy, docs/operating.md): the front holds the
 * host's leaf certificate, sets X-Forwarded-Proto/Host/For itself (whatever the client sent is
 * dropped, as an edge proxy does) and the app runs with TRUST_PROXY, so it sees each request as
 * https://<its host>:<port>, the PUBLIC_URL it was given.
 */
export type Instance = {
  /** `one.muster.test` */
  hostName: string;
  /** `https://one.muster.test:<port>`: its PUBLIC_URL, the address other instances reach it at. */
  origin: string;
  port: number;
  /** The test app (`app` for `inject`, `db`, `config`, `close`): what test/helpers.ts builds. */
  t: TestApp;
  app: TestApp['app'];
  db: TestApp['db'];
  /** Every mail it sent, in order (verification links, notices). */
  mails: OutgoingMail[];
  /** The first mail to `to` (and matching `match`), waiting for it to be sent. */
  waitForMail(to: string, match?: (mail: OutgoingMail) => boolean): Promise<OutgoingMail>;
  /**
   * One call to its API over HTTPS by host name (`/api/v1` + path), sent as its own web app would:
   * JSON, with its Origin, and the session cookie when given.
   */
  api(method: string, path: string, options?: { cookie?: string; body?: unknown }): Promise<ApiAnswer>;
  /** Signs in through POST /auth/login over HTTPS; the Cookie header to send after. */
  signIn(login: string, password?: string): Promise<string>;
  /**
   * A new person the way a person joins: POST /auth/signup, the verification link from the mail,
   * POST /auth/verify-email with its token, then sign-in, all over HTTPS.
   */
  signUp(fields?: { username?: string; firstName?: string; lastName?: string }): Promise<Person>;
  /** A verified person made by the factory (quicker), signed in over HTTPS. */
  person(overrides?: Parameters<typeof buildUser>[1]): Promise<Person>;
};

export type ApiAnswer = { status: number; headers: Headers; body: unknown };
export type Person = { id: string; username: string; email: string; cookie: string };

export type Bed = {
  one: Instance;
  two: Instance;
  ca: TestCa;
  network: TestNetwork;
  /** Stops both instances, puts `fetch` back as it was, and removes the CA's files. */
  close(): Promise<void>;
};

export type InstanceOptions = {
  /** Config for every instance (FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true'…). */
  env?: Record<string, string>;
  /** Config for one instance, over `env`. */
  envOne?: Record<string, string>;
  envTwo?: Record<string, string>;
  /** As for buildTestApp: 'workers' for delivery that runs as in production, 'inline' by default. */
  jobMode?: 'inline' | 'workers';
  jobRetry?: { delaySeconds: number; limit: number };
};

/** How long the helpers wait for something that happens after an answer (a mail). */
const WAIT_MS = 30_000;

/** Two instances, `one.muster.test` and `two.muster.test`, that can reach each other. */
export async function startTwoInstances(options: InstanceOptions = {}): Promise<Bed> {
  const { instances, ca, network, close } = await startInstances(
    { one: options.envOne ?? {}, two: options.envTwo ?? {} },
    options,
  );
  return { one: instances.one!, two: instances.two!, ca, network, close };
}

/**
 * Any number of instances, `<label>.muster.test` for each label (a third one to block, say), each
 * with its own config over `options.env`; started in the order given.
 */
export async function startInstances(
  envByLabel: Record<string, Record<string, string>>,
  options: Omit<InstanceOptions, 'envOne' | 'envTwo'> = {},
): Promise<{
  instances: Record<string, Instance>;
  ca: TestCa;
  network: TestNetwork;
  close(): Promise<void>;
}> {
  const ca = await createTestCa();
  const network = installTestNetwork(ca.caCert);
  const started: Array<{ close(): Promise<void> }> = [];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Last started first: each app before its front.
      for (const s of started.reverse()) await s.close();
      await network.restore();
      await ca.remove();
    })());
  try {
    const instances: Record<string, Instance> = {};
    for (const [label, env] of Object.entries(envByLabel)) {
      instances[label] = await startInstance(`${label}.${TEST_DOMAIN}`, ca, network, options, env, started);
    }
    return { instances, ca, network, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function startInstance(
  hostName: string,
  ca: TestCa,
  network: TestNetwork,
  options: Omit<InstanceOptions, 'envOne' | 'envTwo'>,
  ownEnv: Record<string, string>,
  started: Array<{ close(): Promise<void> }>,
): Promise<Instance> {
  network.addHost(hostName);
  // The front listens first: its port is part of the PUBLIC_URL the app is built with.
  const front = await startTlsFront(await ca.leaf(hostName));
  started.push(front);
  const origin = `https://${hostName}:${front.port}`;

  const mails: OutgoingMail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail), close: () => {} };
  const t = await buildTestApp({
    env: { ...options.env, ...ownEnv, PUBLIC_URL: origin, TRUST_PROXY: 'true' },
    mailer,
    jobMode: options.jobMode,
    jobRetry: options.jobRetry,
  });
  // Pushed before listening: a failed listen still closes the app and its database.
  started.push({ close: () => t.close() });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  front.target = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  async function api(
    method: string,
    path: string,
    { cookie, body }: { cookie?: string; body?: unknown } = {},
  ) {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: {
        origin,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an error page from the front): the text as it came.
    }
    return { status: res.status, headers: res.headers, body: parsed, cookies: res.headers.getSetCookie() };
  }

  async function signIn(login: string, password = TEST_PASSWORD) {
    const res = await api('POST', '/auth/login', { body: { emailOrUsername: login, password } });
    const session = res.cookies.find((c) => c.startsWith('muster_session='));
    if (res.status !== 200 || !session)
      throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return session.split(';')[0]!;
  }

  async function waitForMail(to: string, match: (mail: OutgoingMail) => boolean = () => true) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = mails.find((m) => m.to === to && match(m));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const instance: Instance = {
    hostName,
    origin,
    port: front.port,
    t,
    app: t.app,
    db: t.db,
    mails,
    waitForMail,
    api: async (method, path, opts) => {
      const { status, headers, body } = await api(method, path, opts);
      return { status, headers, body };
    },
    signIn,
    async signUp(fields = {}) {
      const suffix = Math.random().toString(36).slice(2, 10);
      const username = fields.username ?? `person_${suffix}`;
      const email = `${username}@${hostName}`;
      const res = await api('POST', '/auth/signup', {
        body: {
          username,
          firstName: fields.firstName ?? 'Fed',
          lastName: fields.lastName ?? `Person ${suffix}`,
          email,
          password: TEST_PASSWORD,
        },
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
      const mail = await waitForMail(email, (m) => m.text.includes('token='));
      // The link is built from PUBLIC_URL: it points at this instance's https origin.
      const link = new RegExp(`${escapeRegExp(origin)}/#/[a-z-]+\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (!link) throw new Error(`no ${origin} link in the verification mail: ${mail.text}`);
      const verified = await api('POST', '/auth/verify-email', { body: { token: link[1] } });
      if (verified.status !== 200) throw new Error(`verification failed: ${verified.status}`);
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      return { id: user.id, username, email, cookie: await signIn(username) };
    },
    async person(overrides = {}) {
      const user = await buildUser(t.db, overrides);
      return { id: user.id, username: user.username, email: user.email, cookie: await signIn(user.username) };
    },
  };
  return instance;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
