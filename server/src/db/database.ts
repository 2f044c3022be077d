import { createHash } from 'node:crypto';
import { cpSync, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { JobBackend } from '../platform/jobs.js';
import { traceSql } from '../platform/telemetry/tracing.js';
import type { Database } from './schema.js';

/**
 * snake_case columns become camelCase properties. Values that are themselves objects — jsonb columns,
 * JSON built in SQL — are left exactly as stored: they are already in the shape the contract gives.
 */
const camelCase = new CamelCasePlugin({ maintainNestedObjectKeys: true });

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the durable job queue keeps its jobs: this same database (platform/jobs.ts). */
  jobBackend: JobBackend;
  /** Closes the pool or the embedded database; an unclosed PGlite keeps Node running. */
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the test template is made this way). */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Blob>;
};

export type DatabaseTimeouts = {
  /** Opening a connection, or waiting for a free one from the pool. */
  connectMs: number;
  /** statement_timeout; unset for work that may rightly run long (migrations). */
  statementMs?: number | undefined;
};

/** Connections in use and idle, and callers waiting for one: the pool's figures for /metrics. */
export type PoolUsage = { inUse: number; idle: number; waiting: number };

const usageOf = new WeakMap<Db, () => PoolUsage>();

/** The pool behind `db` (either kind), as it stands now; undefined for a Kysely made elsewhere. */
export function poolUsage(db: Db): PoolUsage | undefined {
  return usageOf.get(db)?.();
}

/** How much longer than statement_timeout the client waits for an answer before giving up on it. */
const ANSWER_GRACE_MS = 1_000;

const INT8_OID = 20;
const NUMERIC_OID = 1700;
// Calendar dates stay 'YYYY-MM-DD' strings: a Date would shift them by the server's time zone.
const DATE_OID = 1082;

/**
 * Opens PostgreSQL through `pg` when a URL is given, otherwise the embedded PGlite under dataDir.
 * Both speak the same dialect, so one set of migrations and queries serves both.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** A PGlite data-dir tarball to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
  /**
   * A PGlite data directory (copied) or data-dir tarball (loaded) a new data directory starts
   * from instead of initdb: the build makes both, initialised and migrated
   * (server/dist/pgdata-template, .tar.gz). Ignored when the data directory already holds a database.
   */
  template?: string | undefined;
  onIdleError?: (err: Error) => void;
  /** PostgreSQL only; without it nothing is bounded (tools and tests that may run for minutes). */
  timeouts?: DatabaseTimeouts | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Imported here and PGlite below: each start loads only the driver it uses.
    const { Pool, types } = (await import('pg')).default;
    const t = options.timeouts;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 20,
      // A server that accepts connections but never answers must not hold a request, or start-up,
      // for ever: opening a connection (or waiting for a free one) gives up after connectMs; the
      // server cancels a statement after statementMs; and should its answer still not come (a
      // stalled network, a frozen server), the client gives up a little later.
      ...(t
        ? {
            connectionTimeoutMillis: t.connectMs,
            ...(t.statementMs
              ? { statement_timeout: t.statementMs, query_timeout: t.statementMs + ANSWER_GRACE_MS }
              : {}),
          }
        : {}),
      // A connection whose peer vanished (no FIN, no RST) is found out by TCP instead of never.
      keepAlive: true,
      // No JIT: every statement here is a short, indexed one, and PostgreSQL compiles a statement
      // whose estimated cost passes jit_above_cost — a home feed walk is estimated high for its
      // LIMITs it never reaches — spending ~110 ms of LLVM on a query that runs in ~40 (030).
      options: '-c jit=off',
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? Number
            : oid === DATE_OID
              ? (v: string) => v
              : (types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(oid, format),
      },
    });
    // An idle connection dropped by the server (a restart, a failover) must not crash the process:
    // the pool replaces it on next use, and the health check reports the outage meanwhile.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparedStatements(pool) }),
      plugins: [camelCase],
    });
    usageOf.set(db, () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return {
      db,
      kind: 'postgres',
      jobBackend: { kind: 'postgres', connectionString: options.databaseUrl },
      close: () => db.destroy(),
    };
  }

  // PostgreSQL-in-wasm is 9 MB of code. V8 compiles it quickly (Liftoff) and then recompiles what
  // runs often with its optimising compiler on background threads: at a start that was most of the
  // CPU spent opening the database (0.9 → 0.4 s) and ~50 MB of RSS, for queries ~10% faster once
  // warm. Set before the module is compiled; only the embedded database runs WebAssembly (026).
  v8.setFlagsFromString('--liftoff-only');
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { fromPglite } = await import('pg-boss');
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
  let loadDataDir = options.loadDataDir;
  if (dataDir && !loadDataDir && !(await exists(path.join(dataDir, 'PG_VERSION')))) {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    // PGlite's initdb writing straight into a directory takes ~10 s here; the build's template
    // loads in under one, and without it (npm run dev) initdb in memory and a copy take ~3 s.
    const template = options.template && (await exists(options.template)) ? options.template : undefined;
    if (template && (await fs.stat(template)).isDirectory()) {
      // A template unpacked at build time is copied by the OS (~0.2 s of CPU) instead of untarred
      // through PGlite's file system (~0.9 s); beside it first, so a start cut short leaves no
      // half database behind to be taken for a whole one.
      await fs.rm(`${dataDir}.part`, { recursive: true, force: true });
      cpSync(template, `${dataDir}.part`, { recursive: true });
      await fs.rename(`${dataDir}.part`, dataDir);
    } else {
      loadDataDir = template
        ? await openAsBlob(template)
        : await PGlite.create().then(async (blank) => {
            try {
              return await blank.dumpDataDir('none');
            } finally {
              await blank.close();
            }
          });
    }
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // PGlite's shared_buffers is 160 MB, and the WebAssembly memory holding them never shrinks:
    // 16 MB took ~115 MB off the resident size, and the files behind them stay in the OS's page
    // cache (decision 026). Below 16 MB nothing more was saved.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number, [DATE_OID]: (v: string) => v },
  });
  const { pool, exclusive, usage } = pgliteAsPool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase] });
  usageOf.set(db, usage);
  // pg-boss's own statements (polling, completing, maintenance) take the same one connection in
  // turn: without the lock they would run inside whatever request's transaction is open, and
  // vanish with its rollback (docs/spikes/job-queue-pg-boss.md).
  const boss = fromPglite(pglite);
  return {
    db,
    kind: 'pglite',
    jobBackend: {
      kind: 'pglite',
      db: {
        executeSql: (text: string, values?: unknown[]) => exclusive(() => boss.executeSql(text, values)),
      },
    },
    dumpDataDir: (compression = 'gzip') => pglite.dumpDataDir(compression),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * A `pg.Pool` look-alike over one PGlite instance. PGlite has a single connection, so
 * connections are handed out one at a time: a transaction holds it from BEGIN to COMMIT
 * and nothing else interleaves.
 */
function pgliteAsPool(pglite: PGlite) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;
  let holding = false;
  const acquire = async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => held);
    waiting++;
    await previous;
    waiting--;
    holding = true;
    return () => {
      holding = false;
      release();
    };
  };
  const client = {
    query: (text: string, params: unknown[]) =>
      traceSql(text, async () => {
        const r = await pglite.query(text, params, { rowMode: 'object' });
        return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? 0, command: r.command };
      }),
  };
  const pool = {
    connect: async () => {
      const release = await acquire();
      return { ...client, release: () => release() };
    },
    end: async () => {},
  } as unknown as pg.Pool;
  /** Runs `work` holding the connection, as a Kysely query or transaction would. */
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  };
  const usage = (): PoolUsage => ({ inUse: holding ? 1 : 0, idle: holding ? 0 : 1, waiting });
  return { pool, exclusive, usage };
}

/**
 * Sends every query as a named prepared statement (the name is a hash of its text), so each
 * connection parses and plans a query shape once instead of on every request. Kysely always
 * parameterises values, so the number of shapes stays small.
 */
function preparedStatements(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name)
      names.set(text, (name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`));
    return name;
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'connect') return Reflect.get(target, prop, receiver);
      return async () => {
        const client = await target.connect();
        // pg gives up on an answer after query_timeout but leaves the connection waiting for it;
        // such a connection goes back to the pool only to be thrown away, so the next request
        // opens a fresh one instead of queueing behind an answer that may never come.
        let abandoned: Error | undefined;
        let inTransaction = false;
        return new Proxy(client, {
          get(c, p, r) {
            if (p === 'release') return () => c.release(abandoned);
            if (p !== 'query') return Reflect.get(c, p, r);
            return async (text: unknown, values?: unknown[]) => {
              if (typeof text !== 'string' || CONTROL.test(text)) {
                if (typeof text !== 'string') return c.query(text as string, values);
                inTransaction = transactionAfter(text, inTransaction);
                return traceSql(text, () => c.query(text, values));
              }
              try {
                return await traceSql(text, () =>
                  c.query({ name: nameOf(text), text, values: values ?? [] }),
                );
              } catch (err) {
                if (err instanceof Error && err.message === 'Query read timeout') abandoned = err;
                // A migration run by another process (a rolling deploy, issue 36) changed a table
                // this statement reads, so PostgreSQL refuses its saved plan. The connection is
                // thrown away on release, its saved statements with it; outside a transaction
                // the query is sent once more, unnamed, so the request does not fail for it.
                if (isStalePlan(err)) {
                  abandoned = err as Error;
                  if (!inTransaction) return c.query(text, values);
                }
                throw err;
              }
            };
          },
        });
      };
    },
  });
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set|select pg_advisory)/i;

function transactionAfter(text: string, was: boolean): boolean {
  if (/^\s*begin/i.test(text)) return true;
  if (/^\s*(commit|rollback)(?!\s+to)/i.test(text)) return false;
  return was;
}

const isStalePlan = (err: unknown) =>
  (err as { code?: string }).code === '0A000' &&
  (err as Error).message === 'cached plan must not change result type';

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** A cheap round trip for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * One line for a person starting the server: what went wrong with the database and where, in
 * words they can act on; never the password in the URL, never a stack trace.
 */
export function explainDatabaseFailure(
  err: unknown,
  databaseUrl: string | undefined,
  timeouts: DatabaseTimeouts,
): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (!databaseUrl) return `the embedded database could not be opened: ${message}`;
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}`;
  const database = decodeURIComponent(url.pathname.slice(1)) || url.username || 'postgres';
  if (/connection timeout/i.test(message)) {
    return `the database at ${where} did not answer within ${seconds(timeouts.connectMs)} (DATABASE_CONNECT_TIMEOUT_MS); is PostgreSQL running there, and not overloaded?`;
  }
  if (message === 'Query read timeout' || code === '57014') {
    return `the database at ${where} accepted a connection but did not answer a query within ${seconds(timeouts.statementMs ?? 0)} (DATABASE_STATEMENT_TIMEOUT_MS).`;
  }
  if (code === 'ECONNREFUSED')
    return `nothing accepts connections at ${where} (connection refused); is PostgreSQL running there? Check DATABASE_URL.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `the database host "${url.hostname}" was not found; check DATABASE_URL.`;
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET'].includes(code)) {
    return `the database host ${where} cannot be reached (${code}); check DATABASE_URL and the network.`;
  }
  if (code === '3D000')
    return `the database "${database}" does not exist on ${where}; create it or check DATABASE_URL.`;
  if (code === '28P01' || code === '28000')
    return `PostgreSQL at ${where} refused the sign-in: ${message}; check DATABASE_URL.`;
  // Anything else PostgreSQL says (SQLSTATE codes are five characters) is shown as it said it.
  if (/^[0-9A-Z]{5}$/.test(code))
    return `PostgreSQL at ${where} (database "${database}") answered: ${message}`;
  return `the database at ${where} could not be used: ${message}`;
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
