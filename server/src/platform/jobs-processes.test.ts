import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../test/factories.js';
import { freePort } from '../../test/free-port.js';
import { createTestDatabase } from '../../test/helpers.js';
import { type Db, openDatabase } from '../db/database.js';
import { JOB_SCHEMA } from './jobs.js';

/**
 * The job queue across real server processes (main.ts, as `npm start` runs it): a process killed
 * with SIGKILL after its write committed loses none of the work the write enqueued, and two
 * processes sharing one queue never run a job twice (decision 059).
 */

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');
const MINUTE = 60_000;

type Server = Awaited<ReturnType<typeof startServer>>;

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      LOG_FORMAT: '',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOGIN_RATE_LIMIT: '1000',
      WRITE_RATE_LIMIT_SCALE: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const until = Date.now() + 2 * MINUTE; !output.includes('Muster is ready');) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = async (method: string, url: string, cookie?: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { data: never } };
  };
  return {
    call,
    signIn: async (username: string) => {
      const res = await call('POST', '/auth/login', undefined, {
        emailOrUsername: username,
        password: TEST_PASSWORD,
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith('muster_session='))!
        .split(';')[0]!;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM: a clean stop (jobs under way finish, the database closes). */
    stop: async () => {
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    },
  };
}

/**
 * A database the server processes open, with two people in it: PostgreSQL (kept open here) when
 * the suite runs on it, else an embedded one in a directory (closed here, opened again to look).
 */
async function sharedDatabase() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-jobs-'));
  const database = await createTestDatabase({ dataDir });
  const [author, commenter] = [await buildUser(database.db), await buildUser(database.db)];
  if (!database.url) await database.close();
  return {
    env: { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) } as Record<
      string,
      string
    >,
    author,
    commenter,
    /** Runs `look` on the database once no server holds it (PGlite has one opener at a time). */
    look: async <T>(look: (db: Db) => Promise<T>): Promise<T> => {
      if (database.url) return look(database.db);
      const reopened = await openDatabase({ dataDir });
      try {
        return await look(reopened.db);
      } finally {
        await reopened.close();
      }
    },
    close: async () => {
      if (database.url) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function commentJobs(db: Db) {
  const { rows } = await sql<{ state: string; retryCount: number }>`
    select state, retry_count from ${sql.table(`${JOB_SCHEMA}.job`)}
    where data->>'event' = 'comment.created'`.execute(db);
  return rows;
}

async function commentNoticesIn(db: Db, userId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from notifications where user_id = ${userId} and type = 'comment'`.execute(db);
  return rows[0]!.n;
}

describe('the job queue across server processes', () => {
  it(
    'delivers after a restart what a process SIGKILLed between its commit and the delivery had enqueued',
    async () => {
      const shared = await sharedDatabase();
      let b: Server | undefined;
      try {
        // An API-only process (JOB_WORKERS=false) commits the comment and its job, and is killed:
        // no worker anywhere has taken the job when it dies.
        const a = await startServer({ ...shared.env, JOB_WORKERS: 'false' });
        const authorCookie = await a.signIn(shared.author.username);
        const post = await a.call('POST', '/posts/create', authorCookie, {
          content: 'Sandbags needed on Rue Haute',
        });
        expect(post.status).toBe(200);
        const comment = await a.call(
          'POST',
          `/posts/${(post.body.data as { _id: string })._id}/comments`,
          await a.signIn(shared.commenter.username),
          { content: 'Bringing forty bags at six' },
        );
        expect(comment.status).toBe(200);
        await a.kill();

        // The same server started again runs what was left.
        b = await startServer(shared.env);
        let notices: Array<{ type: string }> = [];
        for (const until = Date.now() + 2 * MINUTE; Date.now() < until;) {
          notices = (
            (await b.call('GET', '/notifications', authorCookie)).body.data as typeof notices
          ).filter((n) => n.type === 'comment');
          if (notices.length) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        expect(notices).toHaveLength(1);
        await b.stop();
        b = undefined;
        await shared.look(async (db) => {
          expect(await commentJobs(db)).toEqual([{ state: 'completed', retryCount: 0 }]);
          expect(await commentNoticesIn(db, shared.author.id)).toBe(1);
        });
      } finally {
        await b?.kill();
        await shared.close();
      }
    },
    5 * MINUTE,
  );

  // Several processes share a queue only on PostgreSQL; Redis carries their live events.
  it.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
    'runs each job once when two API processes share one queue',
    async () => {
      const shared = await sharedDatabase();
      const servers: Server[] = [];
      try {
        const env = { ...shared.env, REDIS_URL: process.env.REDIS_URL! };
        servers.push(await startServer(env), await startServer(env));
        const [a, b] = servers as [Server, Server];
        const authorCookie = await a.signIn(shared.author.username);
        const commenterCookie = await a.signIn(shared.commenter.username);
        const post = await a.call('POST', '/posts/create', authorCookie, {
          content: 'Who can drive to Namur?',
        });
        const postId = (post.body.data as { _id: string })._id;
        const COMMENTS = 40;
        // Written through both processes, eight at a time: each enqueues, both workers take.
        for (let i = 0; i < COMMENTS; i += 8) {
          const answers = await Promise.all(
            Array.from({ length: 8 }, (_, j) =>
              (j % 2 ? b : a).call('POST', `/posts/${postId}/comments`, commenterCookie, {
                content: `I can drive, seat ${i + j + 1}`,
              }),
            ),
          );
          expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
        }
        let jobs: Awaited<ReturnType<typeof commentJobs>> = [];
        for (const until = Date.now() + 2 * MINUTE; Date.now() < until;) {
          jobs = await shared.look(commentJobs);
          if (jobs.length === COMMENTS && jobs.every((j) => j.state === 'completed')) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        // Every job completed, none retried, and exactly one notice each: none ran twice.
        expect(jobs).toEqual(Array(COMMENTS).fill({ state: 'completed', retryCount: 0 }));
        expect(await shared.look((db) => commentNoticesIn(db, shared.author.id))).toBe(COMMENTS);
        for (const s of servers.splice(0)) await s.stop();
      } finally {
        for (const s of servers) await s.kill();
        await shared.close();
      }
    },
    5 * MINUTE,
  );
});
