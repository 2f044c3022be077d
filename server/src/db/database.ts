import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
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
  /** Closes the pool or the embedded database; an unclosed PGlite keeps Node running. */
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the test template is made this way). */
  dumpDataDir?: () => Promise<Blob>;
};

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
  onIdleError?: (err: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? Number
            : oid === DATE_OID
              ? (v: string) => v
              : (pg.types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(
                oid,
                format,
              ),
      },
    });
    // An idle connection dropped by the server (a restart, a failover) must not crash the process:
    // the pool replaces it on next use, and the health check reports the outage meanwhile.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparedStatements(pool) }),
      plugins: [camelCase],
    });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const dataDir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number, [DATE_OID]: (v: string) => v },
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pgliteAsPool(pglite) }),
    plugins: [camelCase],
  });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
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
  const client = {
    query: async (text: string, params: unknown[]) => {
      const r = await pglite.query(text, params, { rowMode: 'object' });
      return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? 0, command: r.command };
    },
  };
  return {
    connect: async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const previous = tail;
      tail = previous.then(() => held);
      await previous;
      return { ...client, release: () => release() };
    },
    end: async () => {},
  } as unknown as pg.Pool;
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
    if (!name) names.set(text, (name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`));
    return name;
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== 'connect') return Reflect.get(target, prop, receiver);
      return async () => {
        const client = await target.connect();
        return new Proxy(client, {
          get(c, p, r) {
            if (p !== 'query') return Reflect.get(c, p, r);
            return (text: unknown, values?: unknown[]) =>
              typeof text === 'string' && !/^\s*(begin|commit|rollback|savepoint|release|set|select pg_advisory)/i.test(text)
                ? c.query({ name: nameOf(text), text, values: values ?? [] })
                : c.query(text as string, values);
          },
        });
      };
    },
  });
}

/** A cheap round trip for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
