import type {
  KvKey,
  KvStore,
  KvStoreListEntry,
  KvStoreSetOptions,
  MessageQueue,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../platform/jobs.js';
import { inTransaction } from '../../platform/transaction.js';
import { kvCas, kvDelete, kvGet, kvList, kvSet } from './federation.queries.js';

/**
 * A key's text: the JSON of Fedify's key array. Unlike a join on some separator it keeps every
 * element apart whatever it holds (URLs hold every separator), and a prefix's keys are exactly
 * those whose text starts with the prefix's JSON less its closing bracket, plus a comma.
 */
const keyText = (key: KvKey) => JSON.stringify(key);
const prefixText = (prefix: KvKey) => `${JSON.stringify(prefix).slice(0, -1)},`;

const expiry = (options?: KvStoreSetOptions) =>
  options?.ttl ? new Date(Date.now() + options.ttl.total('milliseconds')) : null;

/**
 * Fedify's caches (remote documents and keys), inbox idempotence and delivery state, in our own
 * database (0041 `federation_kv`), so every process of an instance shares them and a restart
 * keeps them (decision 082).
 */
export function databaseKvStore(db: Db): KvStore {
  return {
    get: async <T = unknown>(key: KvKey) => (await kvGet(db, keyText(key)))?.value as T | undefined,
    set: (key, value, options) => kvSet(db, keyText(key), value, expiry(options)),
    delete: (key) => kvDelete(db, keyText(key)),
    cas: (key, expected, value, options) => kvCas(db, keyText(key), expected, value, expiry(options)),
    list: (prefix?: KvKey): AsyncIterable<KvStoreListEntry> => ({
      async *[Symbol.asyncIterator]() {
        const rows = await kvList(
          db,
          prefix ? { exact: keyText(prefix), start: prefixText(prefix) } : undefined,
        );
        for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
      },
    }),
  };
}

/** The job queue's name for every Fedify task: fan-out, each inbox delivery, each incoming activity. */
export const FEDERATION_QUEUE = 'federation';

/**
 * Fedify's message queue on our durable job queue (decision 059, 082): a message is a job in our
 * database, so a delivery survives a restart and runs once across processes. `enqueue` commits
 * the job in a transaction of its own (Fedify calls it outside any of ours); a delay becomes the
 * job's `startAfter`, which is how Fedify's own retry policy backs off (`nativeRetrial` false: a
 * failed delivery is re-enqueued by Fedify with its exponential delay, and the job itself
 * completes). The handler is not transactional: its effect is an HTTP request to another server
 * (at least once, as mail is), and each listener writes what it writes in its own statements.
 *
 * `run` is the federation's `processQueuedTask`, given once the federation exists; `listen` is
 * never needed (our job queue's workers take the jobs), so it only waits for its signal.
 */
export function jobMessageQueue(
  db: Db,
  jobs: JobQueue,
): MessageQueue & { handle: (run: (message: unknown) => Promise<void>) => void } {
  let run: ((message: unknown) => Promise<void>) | undefined;
  jobs.define(
    FEDERATION_QUEUE,
    async (_db, data) => {
      if (!run) throw new Error('the federation is not ready to run its tasks yet');
      await run((data as { message: unknown }).message);
    },
    // Deliveries wait on other servers: a few at a time, each completed as soon as it is done.
    { transactional: false, batchSize: 10 },
  );
  const send = async (messages: readonly unknown[], options?: MessageQueueEnqueueOptions) => {
    const delayMs = options?.delay ? options.delay.total('milliseconds') : 0;
    await inTransaction(db, async (trx) => {
      for (const message of messages)
        await jobs.send(
          trx,
          FEDERATION_QUEUE,
          { message },
          delayMs > 0 ? { startAfter: new Date(Date.now() + delayMs) } : {},
        );
    });
  };
  return {
    nativeRetrial: false,
    enqueue: (message, options) => send([message], options),
    enqueueMany: (messages, options) => send(messages, options),
    listen: (_handler, options?: MessageQueueListenOptions) =>
      new Promise<void>((resolve) => {
        const signal = options?.signal;
        if (!signal) return;
        if (signal.aborted) resolve();
        else signal.addEventListener('abort', () => resolve(), { once: true });
      }),
    handle: (handler) => {
      run = handler;
    },
  };
}
