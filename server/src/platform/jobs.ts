import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { fromKysely, PgBoss, type Db as BossDb, type Job, type JobInsert } from 'pg-boss';
import type { Db } from '../db/database.js';
import { hasJobsToRun, listDeadJobs, type DeadJob } from './jobs.queries.js';
import { runAsJob } from './telemetry/tracing.js';
import {
  afterCommit,
  beforeCommit,
  type GatheredWriter,
  inTransaction,
  underSavepoint,
} from './transaction.js';

/**
 * Where the queue keeps its jobs: the same database as everything else (decision 059). On
 * PostgreSQL pg-boss opens a small pool of its own (its maintenance runs multi-statement SQL and
 * holds advisory locks, which Muster's prepared-statement pool cannot carry); on the embedded
 * database it goes through the same one-connection lock as Kysely (database.ts).
 */
export type JobBackend = { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; db: BossDb };

/** pg-boss's tables live in a schema of their own, apart from Muster's migrations. */
export const JOB_SCHEMA = 'pgboss';
/** Where a job goes once its retries are spent: `npm run jobs:dead -w server` lists it. */
export const DEAD_LETTERS = 'dead-letters';

/**
 * A handler's work on one job, in a transaction (`trx`, its batch's, under a savepoint of its
 * own): what it writes commits together with the job's completion, so a job whose handler throws
 * leaves nothing behind and runs again, and a job that completed never runs twice.
 */
export type JobHandler = (trx: Db, data: unknown) => Promise<void>;

/**
 * 'workers' (a server process): each queue is polled, and a job sent by this process wakes its
 * worker at once. 'none' (JOB_WORKERS=false): an API-only process enqueues and runs nothing.
 * 'inline' (the server's tests): nothing polls; every API answer first runs the jobs waiting
 * (`settle`), so a test reads the effects of its request as a person would a moment later.
 */
export type JobMode = 'workers' | 'none' | 'inline';

export type JobQueueOptions = {
  backend: JobBackend;
  db: Db;
  log: FastifyBaseLogger;
  mode: JobMode;
  /**
   * Seconds before the first retry (doubled each time, up to five minutes) and how many retries
   * before a job is dead; 5 s and 5 unless tests shorten them.
   */
  retry?: { delaySeconds: number; limit: number } | undefined;
};

export type SendOptions = {
  key?: string;
  startAfter?: Date;
};

export type DefineOptions = {
  transactional?: boolean;
  /**
   * Jobs fetched, and run in one transaction, at a time (BATCH unless given): a queue whose every
   * job is heavy (a digest batch of a few hundred people) takes one, so a transaction stays short.
   */
  batchSize?: number;
  /**
   * The share of a worker's time the queue may take, from 0 to 1 (1, the default: as fast as it
   * can): after each batch the worker rests so that the batch's time is this share of the whole.
   * Work that may take its time (the digest) leaves the machine to the people asking it things.
   * Only real workers rest; a drain (tests, 'inline') never does.
   */
  pace?: number;
};

export type JobQueue = {
  /**
   * Declares a queue and its handler; before `start`. A handler whose effect is outside the
   * database (a mail) is not `transactional`: it runs, then the job completes, so a crash between
   * the two runs it again (at least once, where the others are exactly once).
   */
  define: (queue: string, handler: JobHandler, options?: DefineOptions) => void;
  /**
   * Enqueues in `trx`, the writer's transaction (an outbox): the job exists exactly when the write
   * commits. With a `key`, a second send of the same key to the same queue is dropped. With
   * `startAfter` it waits until then (quiet hours, the end of a burst: issue 34).
   */
  send: (trx: Db, queue: string, data: object, options?: SendOptions) => Promise<void>;
  /**
   * Starts pg-boss (creating or upgrading its schema), the queues and, in 'workers' mode, their
   * workers. Resolves after the first attempt (bounded on PostgreSQL), which the server's
   * readiness waits for; should it fail, the queue keeps trying in the background and sends wait.
   */
  start: () => Promise<void>;
  /** Runs every job that is due now (and any they enqueue), here; resolves when none is left. */
  drain: () => Promise<void>;
  /**
   * 'inline' mode's answers: runs the database work this process enqueued since the last drain
   * (its mail goes on the next turn, as the answer never waits for SMTP).
   */
  settle: () => Promise<void>;
  /** Jobs whose retries are spent, newest first. */
  dead: (limit?: number) => Promise<DeadJob[]>;
  /** Whether the queue still holds jobs to run (waiting, retrying or under way): a producer's back-pressure. */
  busy: (queue: string) => Promise<boolean>;
  /**
   * Lets handlers under way finish (up to `graceMs`, 10 s unless given), then fails those still
   * running back to their queue (retried, by any process) and stops polling; before the database closes.
   */
  stop: (options?: { graceMs?: number }) => Promise<void>;
};

const POLL_SECONDS = 2;
const RETRY = { delaySeconds: 5, limit: 5 };
/** Jobs fetched at a time: one transaction each (runBatch), so a backlog drains at batches' cost. */
const BATCH = 50;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { backend, db, log, mode } = options;
  // Maintenance (expiry, retention, dead letters) in one process at a time: pg-boss takes an
  // advisory lock for it. Nothing is scheduled through pg-boss (platform/scheduler.ts is).
  const boss = newBoss(backend, { supervise: mode === 'workers' });
  // Without a listener an 'error' event would crash the process; pg-boss recovers on its own.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  /** A transaction's jobs, per queue: one insert each (pg-boss `insert`: on conflict do nothing, as `send`). */
  const insertJobs: GatheredWriter<{ queue: string; job: JobInsert }> = {
    write: async (trx, items) => {
      const byQueue = new Map<string, Map<string, JobInsert>>();
      for (const { queue, job } of items) {
        const jobs = byQueue.get(queue) ?? new Map<string, JobInsert>();
        byQueue.set(queue, jobs);
        // One id twice in one insert is an error to pg-boss; the first send of a key stands.
        const id = job.id ?? `new:${jobs.size}`;
        if (!jobs.has(id)) jobs.set(id, job);
      }
      for (const [queue, jobs] of byQueue)
        await boss.insert(queue, [...jobs.values()], { db: fromKysely(trx.withoutPlugins()) });
    },
  };
  const handlers = new Map<string, JobHandler>();
  const batchSizes = new Map<string, number>();
  const paces = new Map<string, number>();
  const outsideTransactions = new Set<string>();
  const workerIds = new Map<string, string>();
  /** Resolves once the queue runs (never, should the server stop first); `firstAttempt` after one try. */
  let started: Promise<void> | undefined;
  let firstAttempt: Promise<void> | undefined;
  let running = false;
  /** Set once every queue exists (in `startOnce`, before its workers): sends need no more. */
  let queuesReady = false;
  let stopping = false;
  let sentSinceDrain = false;
  /** Workers resting (`pace`): a stop wakes them rather than waiting out their rest. */
  const resting = new Set<() => void>();
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      resting.add(wake);
    });

  /**
   * Runs a fetched batch. Database work runs in one transaction that also completes the jobs
   * that succeeded, each job under a savepoint: one that throws leaves nothing behind and is
   * failed (retried) on its own, the others commit with their completion, so each effect happens
   * exactly once, at one transaction per batch rather than per job. Work outside the database
   * (mail) runs all of a batch at once, each job completed when it is done (at least once).
   */
  async function runBatch(queue: string, jobs: Job<unknown>[]) {
    const handler = handlers.get(queue)!;
    const failed: Array<{ id: string; err: unknown }> = [];
    if (outsideTransactions.has(queue)) {
      // Work outside the database (mail) waits on the network, not on this process: the batch's
      // jobs run together (the mailer's pool bounds the connections), each completed as soon as
      // it is done, so a crash sends again only what was in flight. One after another, a digest's
      // 100,000 mails went at ~10 a second.
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await runAsJob(queue, job.id, () => handler(db, job.data));
            await boss.complete(queue, job.id);
          } catch (err) {
            failed.push({ id: job.id, err });
          }
        }),
      );
    } else {
      try {
        await inTransaction(db, async (trx) => {
          const done: string[] = [];
          for (const job of jobs) {
            const err = await underSavepoint(trx, () =>
              runAsJob(queue, job.id, () => handler(trx, job.data)),
            );
            if (err) failed.push({ id: job.id, err });
            else done.push(job.id);
          }
          if (!done.length) return;
          // pg-boss 12's typings leave CommandResponse empty; it answers { affected } (manager.js).
          const { affected } = (await boss.complete(queue, done, null, {
            db: fromKysely(trx.withoutPlugins()),
          })) as { affected: number };
          // Some held too long and handed to another worker: what this run wrote must not stand beside it.
          if (affected !== done.length)
            throw new Error('jobs of this batch are no longer held by this worker');
        });
      } catch (err) {
        failed.splice(0, failed.length, ...jobs.map((job) => ({ id: job.id, err })));
      }
    }
    for (const { id, err } of failed) {
      log.warn({ err, queue, job: id }, 'job failed; it will be retried');
      await boss.fail(queue, id, { message: err instanceof Error ? err.message : String(err) });
    }
  }

  /**
   * Runs the due jobs of some queues here, one pass at a time; a caller arriving mid-pass waits,
   * then makes a pass of its own, so the jobs it committed before calling are never left to a
   * pass that had gone by them.
   */
  function drainer(queues: () => string[]) {
    let draining: Promise<void> | undefined;
    const drainOnce = async () => {
      let any = false;
      for (const queue of queues()) {
        const jobs = await boss.fetch(queue, { batchSize: batchSizes.get(queue) ?? BATCH });
        if (!jobs.length) continue;
        any = true;
        await runBatch(queue, jobs);
      }
      return any;
    };
    /** Callers of `run` not yet answered, counted from the call on (before any await). */
    let callers = 0;
    return {
      run: async () => {
        callers++;
        try {
          await whenStarted();
          while (draining) await draining.catch(() => undefined);
          draining = (async () => {
            while (await drainOnce());
          })().finally(() => (draining = undefined));
          await draining;
        } finally {
          callers--;
        }
      },
      idle: () => draining?.catch(() => undefined),
      busy: () => callers > 0,
    };
  }
  // Work in the database apart from work outside it (mail), so that an answer waiting for the
  // first ('inline' mode) never waits on an SMTP server, as it never does with real workers.
  const inside = drainer(() => [...handlers.keys()].filter((q) => !outsideTransactions.has(q)));
  const outside = drainer(() => [...outsideTransactions]);
  const drain = async () => {
    sentSinceDrain = false;
    await Promise.all([inside.run(), outside.run()]);
  };

  async function startOnce() {
    await boss.start();
    await boss.createQueue(DEAD_LETTERS, { retentionSeconds: 30 * 24 * 3600 });
    const { delaySeconds: retryDelay, limit: retryLimit } = options.retry ?? RETRY;
    for (const queue of handlers.keys()) {
      await boss.createQueue(queue, {
        retryLimit,
        retryDelay,
        retryBackoff: true,
        retryDelayMax: Math.max(retryDelay, 300),
        expireInSeconds: 120,
        // Completed jobs are kept a day, for looking back at what ran.
        deleteAfterSeconds: 24 * 3600,
        deadLetter: DEAD_LETTERS,
      });
    }
    // Every queue exists before any worker starts: a job a worker runs now may send to another
    // queue (a notice's delivery), and must not wait for a start that waits on its connection.
    queuesReady = true;
    if (mode !== 'workers') return;
    for (const queue of handlers.keys()) {
      const id = await boss.work(
        queue,
        {
          batchSize: batchSizes.get(queue) ?? BATCH,
          pollingIntervalSeconds: POLL_SECONDS,
          burstWhenBatchFull: true,
        },
        // Each job settles itself (runBatch); pg-boss's own completion afterwards finds none active.
        async (jobs) => {
          const started = performance.now();
          await runBatch(queue, jobs);
          const pace = paces.get(queue);
          // Resting here holds this worker's next fetch; the batch is already completed.
          if (pace && pace < 1 && !stopping) await rest((performance.now() - started) * (1 / pace - 1));
        },
      );
      workerIds.set(queue, id);
    }
  }

  /** Sends and drains wait for the queue's start (begun when the server is ready). */
  async function whenStarted() {
    if (running || (queuesReady && !stopping)) return;
    if (!started) throw new Error('the job queue is not started');
    await started;
    if (!running) throw new Error('the job queue is stopped');
  }

  return {
    define: (queue, handler, { transactional = true, batchSize, pace } = {}) => {
      if (started) throw new Error(`queue ${queue} defined after the job queue started`);
      if (handlers.has(queue)) throw new Error(`queue ${queue} defined twice`);
      handlers.set(queue, handler);
      if (batchSize) batchSizes.set(queue, batchSize);
      if (pace !== undefined) paces.set(queue, pace);
      if (!transactional) outsideTransactions.add(queue);
    },
    send: async (trx, queue, data, { key, startAfter } = {}) => {
      if (!trx.isTransaction)
        throw new Error(`a job for ${queue} must be sent inside the writer's transaction`);
      await whenStarted();
      // Gathered, and inserted with the transaction's other jobs just before it commits: one
      // statement per queue for a request, or for a batch of posts or of jobs, not one per job.
      beforeCommit(trx, insertJobs, {
        queue,
        job: {
          data,
          ...(key ? { id: keyedId(queue, key) } : {}),
          ...(startAfter ? { startAfter } : {}),
        },
      });
      // Committed: this process's worker takes it now rather than at its next poll.
      afterCommit(trx, () => {
        sentSinceDrain = true;
        const worker = workerIds.get(queue);
        if (worker) boss.notifyWorker(worker);
        // Inline, work outside the database (a mail, perhaps sent once the answer has gone) runs on
        // the next turn; the database work waits for the answer's `settle`, or a test's `drain`.
        else if (mode === 'inline' && outsideTransactions.has(queue))
          setImmediate(() => void outside.run().catch((err) => log.error({ err }, 'inline jobs failed')));
      });
    },
    start: () => {
      if (firstAttempt) return firstAttempt;
      let attempted!: () => void;
      firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
      started = (async () => {
        // A database that does not answer at start delays the queue, not the server (its health
        // says what is wrong): after a first attempt the queue tries again in the background
        // until it starts or the server stops.
        for (;;) {
          try {
            await startOnce();
            attempted();
            if (stopping) await boss.stop({ graceful: false });
            else running = true;
            return;
          } catch (err) {
            attempted();
            if (stopping) return;
            log.warn({ err }, 'the job queue could not start; trying again in 5 s');
            await new Promise((resolve) => setTimeout(resolve, 5_000).unref());
          }
        }
      })();
      // On PostgreSQL a server that cannot reach the queue yet becomes ready anyway (its sends
      // wait on their own connections). On the embedded database it must not: a send waiting for
      // the start would hold the one connection the start needs.
      return backend.kind === 'pglite'
        ? firstAttempt
        : Promise.race([firstAttempt, new Promise<void>((r) => setTimeout(r, 5_000).unref())]);
    },
    drain,
    settle: async () => {
      // A pass under way may hold this request's jobs (it began after they committed): wait for
      // it and make a pass of our own, as `run` does.
      if (!sentSinceDrain && !inside.busy()) return;
      sentSinceDrain = false;
      await inside.run();
    },
    dead: (limit = 100) => listDeadJobs(db, JOB_SCHEMA, limit),
    busy: (queue) => hasJobsToRun(db, JOB_SCHEMA, queue),
    stop: async ({ graceMs = 10_000 } = {}) => {
      stopping = true;
      // Not started (still trying): its next attempt sees `stopping` and gives up.
      if (!running) return;
      running = false;
      for (const wake of [...resting]) wake();
      await Promise.all([inside.idle(), outside.idle()]);
      // pg-boss waits for the batches under way up to the grace, then fails those still running
      // (failWip): they go back to the queue as retries, for another process, instead of staying
      // 'active' until they expire (decision 074; jobs.test.ts pins it).
      await boss.stop({ graceful: true, timeout: graceMs });
    },
  };
}

/** A job id made from a key: the same key on the same queue is the same job (pg-boss ids are UUIDs). */
function keyedId(queue: string, key: string): string {
  const h = createHash('sha256').update(`${queue}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function newBoss(backend: JobBackend, options: { supervise: boolean }) {
  return new PgBoss({
    schema: JOB_SCHEMA,
    ...(backend.kind === 'postgres'
      ? {
          connectionString: backend.connectionString,
          max: 4,
          application_name: 'muster-jobs',
          connectionTimeoutMillis: 5_000,
        }
      : { backend: 'pglite' as const, db: backend.db }),
    supervise: options.supervise,
    schedule: false,
    registerInstance: false,
  });
}

/**
 * Creates (or upgrades) pg-boss's schema, as a server's first start would: the build's and the
 * tests' template databases carry it, so no start or test file pays for it.
 */
export async function installJobSchema(backend: JobBackend): Promise<void> {
  const boss = newBoss(backend, { supervise: false });
  let failure: unknown;
  boss.on('error', (err) => (failure ??= err));
  await boss.start();
  await boss.stop({ graceful: false });
  if (failure) throw failure;
}
