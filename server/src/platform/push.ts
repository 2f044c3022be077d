import { createECDH } from 'node:crypto';
import type { Agent } from 'node:https';
import type * as WebPush from 'web-push';
import type { PushPayload } from '@muster/contract/push';
import type { Db } from '../db/database.js';
import { instanceKey } from './instance-keys.queries.js';
import type { JobQueue } from './jobs.js';

/**
 * Web Push (issue 34, decision 064): the queue a notice's push goes through, and the one way a
 * push leaves the server, signed with the instance's VAPID key and encrypted to each browser
 * (RFC 8291, 8292) by the `web-push` package.
 */
export const PUSH_QUEUE = 'push';

/** A push job: one notice, to every browser of its recipient. */
export type PushJob = { userId: string; notificationId: string };

/**
 * Pushes a notice once `trx` commits. Keyed by the notice (a coalesced one by its burst): asked
 * again (a second delivery pass, quiet hours ending twice), it is pushed once.
 */
export function pushLater(
  jobs: JobQueue,
  trx: Db,
  job: PushJob,
  key = `notice:${job.notificationId}`,
): Promise<void> {
  return jobs.send(trx, PUSH_QUEUE, job, { key });
}

/** One browser's subscription, as stored. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What the push service answered: taken; gone (404/410: the browser unsubscribed or the
 * subscription expired, so it is dropped); or failed (anything else, retried by the queue).
 */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; reason: string };

export type PushService = {
  /** The VAPID public key (base64url), the browser's `applicationServerKey`. */
  publicKey: () => Promise<string>;
  send: (target: PushTarget, payload: PushPayload, options?: { topic?: string }) => Promise<PushOutcome>;
};

/**
 * How long a push service keeps a push for a browser that is away. A day: a notice older than that
 * is still in the bell and the digest, and a phone switched on after a weekend should not ring
 * with Friday's news.
 */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service that does not answer within this is a failure, retried later (decision 013). */
const PUSH_TIMEOUT_MS = 10_000;
const VAPID_KEY_NAME = 'vapid';

type VapidKeys = { publicKey: string; privateKey: string };

/** A fresh VAPID pair, as web-push's generateVAPIDKeys makes it (P-256; base64url). */
function newVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

export function createPushService(options: {
  db: Db;
  /** From the environment (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY); unset, made once and kept. */
  vapidKeys: VapidKeys | undefined;
  vapidSubject: string;
  /** Only tests set it: an agent that trusts their own push service's certificate authority. */
  agent?: Agent | undefined;
}): PushService {
  let keys: Promise<VapidKeys> | undefined;
  /**
   * Made by the first process that needs them, not at start nor in a migration, so the built
   * database templates (decision 026) never carry a pair every install would share (as 042's
   * device key). One row holds both halves, so two processes racing cannot pair one's public key
   * with the other's private key.
   */
  const vapidKeys = () => {
    if (options.vapidKeys) return Promise.resolve(options.vapidKeys);
    if (!keys) {
      keys = instanceKey(options.db, VAPID_KEY_NAME, () => JSON.stringify(newVapidKeys())).then(
        (value) => JSON.parse(value) as VapidKeys,
      );
      // A failed read (the database away) is tried again by the next caller, not remembered.
      keys.catch(() => (keys = undefined));
    }
    return keys;
  };
  // web-push (and its ASN.1 and JWS code) loads with the first push, not at start (decision 026).
  let library: Promise<typeof WebPush.default> | undefined;
  const load = () => (library ??= import('web-push').then((m) => m.default));

  return {
    publicKey: async () => (await vapidKeys()).publicKey,
    send: async (target, payload, { topic } = {}) => {
      const [webpush, vapid] = await Promise.all([load(), vapidKeys()]);
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: options.vapidSubject, ...vapid },
            TTL: PUSH_TTL_SECONDS,
            urgency: 'normal',
            timeout: PUSH_TIMEOUT_MS,
            ...(topic ? { topic } : {}),
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return { kind: 'sent' };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return { kind: 'gone' };
        // The endpoint is a capability (whoever has it can push to that browser): never in a log.
        return {
          kind: 'failed',
          reason: status ? `push service answered ${status}` : `${(err as Error).message ?? err}`,
        };
      }
    },
  };
}
