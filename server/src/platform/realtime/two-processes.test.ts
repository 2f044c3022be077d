import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { REALTIME_CLOSE } from '@muster/contract/realtime';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import {
  type ApiProcess,
  createServerDatabase,
  PUBLIC_URL,
  spawnApiProcess,
  stopApiProcesses,
  untilReady,
} from '../../../test/api-process.js';
import { TEST_PASSWORD, buildUser } from '../../../test/factories.js';
import { type Opened, openSocket } from '../../../test/ws-client.js';

/**
 * DESIGN.md §7: two real API processes on one machine share PostgreSQL and Redis. A message sent
 * through process 1 reaches the recipient's socket on process 2, and signing out through process 1
 * closes that socket (4001) and drops the session process 2 had cached.
 *
 * Needs a PostgreSQL server and Redis: it runs when TEST_DATABASE_URL and REDIS_URL are set (CI's
 * PostgreSQL job sets both; the embedded database cannot be shared by two processes).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!serverUrl || !redisUrl)('two API processes', () => {
  const apis: ApiProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  const sockets: Opened[] = [];
  let one: ApiProcess;
  let two: ApiProcess;

  beforeAll(async () => {
    // A fresh database copied from the suite's migrated template (as createTestDatabase does),
    // reachable by URL from the two processes.
    const created = await createServerDatabase(serverUrl!, inject('pgTemplateDatabase'));
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-two-'));
    const env = {
      DATABASE_URL: created.url,
      REDIS_URL: redisUrl!,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
    };
    apis.push(...(await Promise.all([spawnApiProcess(env), spawnApiProcess(env)])));
    await Promise.all(apis.map(untilReady));
    [one, two] = apis as [ApiProcess, ApiProcess];
  });

  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await stopApiProcesses(apis);
    await database?.close();
    await drop?.();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(api: ApiProcess, username: string): Promise<string> {
    const res = await fetch(`${api.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: username, password: TEST_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const token = /muster_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new Error('no session cookie');
    return `muster_session=${token}`;
  }

  async function socketOn(api: ApiProcess, cookie: string): Promise<Opened> {
    const opened = await openSocket(`${api.url.replace('http:', 'ws:')}/api/v1/ws`, {
      origin: PUBLIC_URL,
      cookie,
    });
    sockets.push(opened);
    return opened;
  }

  /** The next event of a type (others, such as badge counts, are passed over). */
  async function nextOfType(
    opened: Opened,
    type: string,
  ): Promise<{ type: string; data?: Record<string, unknown> }> {
    for (;;) {
      const event = (await opened.next()) as { type: string; data?: Record<string, unknown> };
      if (event.type === type) return event;
    }
  }

  it('delivers a message sent through one process to a socket on the other, and a sign-out there closes it', async () => {
    // Verified people made in the database (sign-up would need the mailed link); they sign in
    // through process 1's API like anyone.
    const alice = await buildUser(database!.db, { firstName: 'Alice' });
    const bob = await buildUser(database!.db, { firstName: 'Bob' });
    const aliceCookie = await signIn(one, alice.username);
    const bobCookie = await signIn(one, bob.username);

    const bobOnTwo = await socketOn(two, bobCookie);
    const aliceOnTwo = await socketOn(two, aliceCookie);

    const text = `Hello across processes ${randomBytes(4).toString('hex')}`;
    const sent = await fetch(`${one.url}/api/v1/chats/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: aliceCookie, origin: PUBLIC_URL },
      body: JSON.stringify({ recipientId: bob.id, message: text }),
    });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);

    const received = await nextOfType(bobOnTwo, 'message.created');
    expect(received.data).toMatchObject({
      message: text,
      sender: expect.objectContaining({ _id: alice.id }),
    });
    // The sender's own tab on the other process gets it too (their other devices stay in step).
    expect((await nextOfType(aliceOnTwo, 'message.created')).data).toMatchObject({ message: text });

    // Process 2 has Bob's session cached for a few seconds after this read…
    const before = await fetch(`${two.url}/api/v1/auth/me`, { headers: { cookie: bobCookie } });
    expect(before.status).toBe(200);
    const signedOut = await fetch(`${one.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie: bobCookie, origin: PUBLIC_URL },
    });
    expect(signedOut.status).toBe(204);
    // …yet the sign-out through process 1 closes Bob's socket on process 2,
    expect((await bobOnTwo.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    // and process 2 has dropped the session it had cached (the close is sent after the drop, by
    // the same message, so by now it is gone there).
    const after = await fetch(`${two.url}/api/v1/auth/me`, { headers: { cookie: bobCookie } });
    expect(after.status).toBe(401);
    // Alice's socket on process 2 is still open.
    expect(aliceOnTwo.socket.readyState).toBe(aliceOnTwo.socket.OPEN);
  });

  it('shows a post written through one process at once in the home feeds the other has kept (decision 031)', async () => {
    const carol = await buildUser(database!.db, { firstName: 'Carol' });
    const dave = await buildUser(database!.db, { firstName: 'Dave' });
    await database!.db
      .insertInto('connections')
      .values([
        { userId: carol.id, otherId: dave.id },
        { userId: dave.id, otherId: carol.id },
      ])
      .execute();
    const carolCookie = await signIn(one, carol.username);
    const daveCookie = await signIn(one, dave.username);
    const feedOnTwo = async (cookie: string) => {
      const res = await fetch(`${two.url}/api/v1/posts/feed`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Array<{ _id: string; via: string }> }).data
        .filter((p) => p.via === 'network')
        .map((p) => p._id);
    };
    // Process 2 reads both heads now and keeps them (thirty seconds).
    expect(await feedOnTwo(daveCookie)).toEqual([]);
    expect(await feedOnTwo(carolCookie)).toEqual([]);
    const daveOnTwo = await socketOn(two, daveCookie);
    const carolOnTwo = await socketOn(two, carolCookie);

    const posted = await fetch(`${one.url}/api/v1/posts/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: carolCookie, origin: PUBLIC_URL },
      body: JSON.stringify({ content: 'Sandbags are at the north depot' }),
    });
    expect(posted.status, await posted.clone().text()).toBeLessThan(300);
    const id = ((await posted.json()) as { data: { _id: string } }).data._id;

    // Process 2 has been told (each socket hears it once the process has), and its kept heads are gone.
    expect((await nextOfType(daveOnTwo, 'post.created')).data).toMatchObject({ _id: id });
    expect((await nextOfType(carolOnTwo, 'post.created')).data).toMatchObject({ _id: id });
    expect(await feedOnTwo(daveCookie)).toEqual([id]);
    expect(await feedOnTwo(carolCookie)).toEqual([id]);
  });
});
