import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, generateCryptoKeyPair, MemoryKvStore, type Federation } from '@fedify/fedify';
import { Accept, Create, Delete, Endpoints, Person, Undo, Update, type Activity } from '@fedify/fedify/vocab';
import { FEDERATION_QUEUE } from '../src/features/federation/federation.store.js';
import { DELIVER_QUEUE, OUT_QUEUE } from '../src/features/federation/outgoing.js';
import type { TestApp } from './helpers.js';

/** An activity's JSON as it reached the remote server. */
export type ReceivedJson = Record<string, unknown>;

/**
 * Another fediverse server, in the test process (decisions 082, 086, 087): a second Fedify
 * federation with the people named, served over real HTTP on a loopback port of its own (each such
 * server is a host of its own), so our instance fetches their actors and keys as it would a Mastodon
 * account's, and they receive what we deliver, verifying our signatures in turn. Actors live at
 * `${actorPath}/{identifier}`: `/ap/users` is where a Muster keeps them (notes.ts then makes their
 * Notes as another Muster would), `/users` where Mastodon does.
 *
 * `received` keeps what reached an inbox as the JSON that came, once Fedify accepted it (2xx: the
 * HTTP signature checked against the sender's key).
 */
export async function startRemoteServer(people: string[], options: { actorPath?: string } = {}) {
  const actorPath = options.actorPath ?? '/users';
  const keys = [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')];
  const received: ReceivedJson[] = [];
  const federation: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher(`${actorPath}/{identifier}`, async (ctx, identifier) => {
      if (!people.includes(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `${identifier[0]!.toUpperCase()}${identifier.slice(1)} Remote`,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]!.cryptographicKey,
        assertionMethods: pairs.map((p) => p.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (people.includes(identifier) ? keys : []));
  // Listeners that accept what we send, so Fedify answers 202 once the signature holds.
  federation
    .setInboxListeners(`${actorPath}/{identifier}/inbox`, actorPath === '/users' ? '/inbox' : '/ap/inbox')
    .on(Accept, () => undefined)
    .on(Create, () => undefined)
    .on(Update, () => undefined)
    .on(Delete, () => undefined)
    .on(Undo, () => undefined);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers))
          for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
        const body = Buffer.concat(chunks);
        const response = await federation.fetch(
          new Request(new URL(req.url!, origin), {
            method: req.method,
            headers,
            ...(body.length ? { body: new Uint8Array(body) } : {}),
          }),
          { contextData: undefined },
        );
        if (req.method === 'POST' && response.ok)
          received.push(JSON.parse(body.toString('utf8')) as ReceivedJson);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })().catch(() => {
        res.writeHead(500);
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx = federation.createContext(new URL(origin), undefined);
  return {
    origin,
    host: new URL(origin).host,
    actor: (name: string) => ctx.getActorUri(name),
    keys,
    received,
    /** `name` sends an activity to one of our inboxes, signed, now (no queue on this side). */
    send: (name: string, to: { id: URL; inboxId: URL }, activity: Activity) =>
      ctx.sendActivity({ identifier: name }, to, activity),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RemoteServer = Awaited<ReturnType<typeof startRemoteServer>>;

/**
 * Waits until `check` holds, running the app's waiting jobs before each ask (deliveries, Accepts,
 * inbox work all go through the job queue). Bounded only so a broken test ends: a minute.
 */
export async function untilFederated(t: TestApp, check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 1200; i++) {
    await t.app.deps.jobs.drain();
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Until every queue what goes out runs on is idle (nothing waiting, retrying or under way): a
 * decision enqueues a delivery, which enqueues Fedify's fan-out, which enqueues each inbox's, so one
 * drain may end before the next step was there. Then an absence means nothing was sent.
 */
export async function settleFederation(t: TestApp) {
  const queues = [OUT_QUEUE, DELIVER_QUEUE, FEDERATION_QUEUE];
  await untilFederated(
    t,
    async () => {
      for (const queue of queues) if (await t.app.deps.jobs.busy(queue)) return false;
      return true;
    },
    'the federation queues to be idle',
  );
}
