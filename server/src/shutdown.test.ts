import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { REALTIME_CLOSE } from '@muster/contract/realtime';
import { openDatabase } from './db/database.js';
import {
  type ApiProcess,
  createServerDatabase,
  PUBLIC_URL,
  spawnApiProcess,
  stopApiProcesses,
  untilReady,
} from '../test/api-process.js';
import { TEST_PASSWORD, buildUser } from '../test/factories.js';
import { openSocket } from '../test/ws-client.js';

/**
 * Graceful shutdown of a real API process (issue 36 item 2, decision 074): on SIGTERM a request
 * already in it finishes with its answer, while a new connection is refused; its sockets are
 * closed with 1001 (going away) so clients reconnect elsewhere; it exits with 0.
 *
 * Needs PostgreSQL and Redis: it runs when TEST_DATABASE_URL and REDIS_URL are set.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!serverUrl || !redisUrl)('SIGTERM to an API process', () => {
  const apis: ApiProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    await stopApiProcesses(apis);
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('finishes the request in flight, refuses new connections, closes sockets with 1001 and exits 0', async () => {
    const database = await createServerDatabase(serverUrl!, inject('pgTemplateDatabase'));
    cleanups.push(database.drop);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-shutdown-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const handle = await openDatabase({ databaseUrl: database.url });
    cleanups.push(handle.close);
    const person = await buildUser(handle.db);

    const api = await spawnApiProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      JOB_WORKERS: 'true',
      SHUTDOWN_GRACE_MS: '60000',
      LOG_LEVEL: 'info',
    });
    apis.push(api);
    await untilReady(api);

    const signedIn = await fetch(`${api.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: person.username, password: TEST_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = /muster_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')![0];
    const sockets = await Promise.all(
      [1, 2].map(() =>
        openSocket(`${api.url.replace('http:', 'ws:')}/api/v1/ws`, { origin: PUBLIC_URL, cookie }),
      ),
    );

    // A slow request: its headers are in (the server's 100 Continue says it has taken the
    // request), half of its body is sent, and the rest comes only after the signal.
    const body = Buffer.from(JSON.stringify({ emailOrUsername: person.username, password: TEST_PASSWORD }));
    const slow = http.request(`${api.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
    });
    await new Promise<void>((resolve) => slow.once('continue', resolve));
    slow.write(body.subarray(0, 10));

    api.child.kill('SIGTERM');

    // Both sockets are told the server is going away (clients reconnect to another process).
    const closes = await Promise.all(sockets.map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual([REALTIME_CLOSE.goingAway, REALTIME_CLOSE.goingAway]);
    // No new connection is taken (an orchestrator's readiness probe fails the same way).
    for (;;) {
      const refused = await fetch(`${api.url}/api/v1/ready`).then(
        (r) => (r.status === 503 ? 'not ready' : undefined),
        (err: { cause?: { code?: string } }) => err.cause?.code,
      );
      if (refused === 'ECONNREFUSED') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // The process is still there, finishing what it has.
    expect(api.child.exitCode).toBeNull();

    slow.end(body.subarray(10));
    const finished = await answer;
    expect(finished.status, finished.text).toBe(200);
    expect(JSON.parse(finished.text)).toMatchObject({ data: { username: person.username } });

    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.output()).toContain('"msg":"stopped"');
  });
});
