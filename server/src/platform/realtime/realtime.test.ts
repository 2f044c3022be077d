import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REALTIME_CLIENT_FRAMES,
  REALTIME_CLOSE,
  REALTIME_MAX_PAYLOAD,
  type RealtimeEvent,
} from '@muster/contract/realtime';
import { TEST_PASSWORD, signIn, signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { openSocket, refusedStatus } from '../../../test/ws-client.js';
import { createRedisHub, type RealtimeHub } from './hub.js';

/**
 * The live socket (issue 15) over real TCP: the test app listens on a loopback port and `ws`
 * clients connect to it as a browser would, with the session cookie and an Origin header.
 */

const ORIGIN = 'http://localhost:3000'; // testConfig's PUBLIC_URL
const counts = (...which: Array<'chats' | 'notifications'>): RealtimeEvent => ({
  type: 'counts.changed',
  data: { counts: which },
});

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/v1/ws`;
}

describe('the socket endpoint', () => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    t = await buildTestApp();
    url = await listen(t);
    api = apiCaller(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an upgrade without a session (401), before any socket is made', async () => {
    expect(await refusedStatus(url, { origin: ORIGIN })).toBe(401);
    expect(await refusedStatus(url, { origin: ORIGIN, cookie: 'muster_session=not-a-session' })).toBe(401);
  });

  it('refuses a foreign origin, and a handshake with no origin at all (403)', async () => {
    const a = await signedInUser(t);
    expect(await refusedStatus(url, { origin: 'https://evil.example', cookie: a.cookie })).toBe(403);
    expect(await refusedStatus(url, { cookie: a.cookie })).toBe(403);
    // The address it was sent to is ours too (the web app's development proxy keeps its own host).
    const own = await openSocket(url, {
      origin: new URL(url.replace('ws:', 'http:')).origin,
      cookie: a.cookie,
    });
    own.socket.close();
  });

  it('answers a plain GET with 426 (signed in) or 401 (signed out), in the error envelope', async () => {
    const a = await signedInUser(t);
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/ws', headers });
    const plain = await get({ origin: ORIGIN, cookie: a.cookie });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
    expect((await get({ origin: ORIGIN })).statusCode).toBe(401);
  });

  it('delivers an event published to a person to their sockets, and not to anyone else', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const aTab1 = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    const aTab2 = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    const bTab = await openSocket(url, { origin: ORIGIN, cookie: b.cookie });
    t.app.deps.realtime.publish([a.user.id, a.user.id], counts('chats'));
    expect(await aTab1.next()).toEqual(counts('chats'));
    expect(await aTab2.next()).toEqual(counts('chats'));
    // B's first event is the one meant for B: A's never reached B's socket.
    t.app.deps.realtime.publish([b.user.id], counts('notifications'));
    expect(await bTab.next()).toEqual(counts('notifications'));
    expect(aTab1.messages).toEqual([]);
    for (const s of [aTab1, aTab2, bTab]) s.socket.close();
  });

  it('answers a ping with a pong', async () => {
    const a = await signedInUser(t);
    const tab = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    tab.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await tab.next()).toEqual({ type: 'pong' });
    tab.socket.close();
  });

  it('closes with 1009 on a frame over the size limit', async () => {
    const a = await signedInUser(t);
    const tab = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    tab.socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(REALTIME_MAX_PAYLOAD) }));
    expect((await tab.closed).code).toBe(REALTIME_CLOSE.tooBig);
  });

  it('closes with 1008 on anything but a ping: other JSON, text, binary', async () => {
    const a = await signedInUser(t);
    for (const frame of [
      JSON.stringify({ type: 'message.created' }),
      JSON.stringify({ type: 'ping', extra: 1 }),
      'hello',
      Buffer.from([1, 2, 3]),
    ]) {
      const tab = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
      tab.socket.send(frame);
      expect((await tab.closed).code, String(frame)).toBe(REALTIME_CLOSE.policy);
    }
  });

  it('closes with 1008 when a client floods it with frames, after answering those within the limit', async () => {
    const a = await signedInUser(t);
    const tab = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    for (let i = 0; i <= REALTIME_CLIENT_FRAMES; i++) tab.socket.send(JSON.stringify({ type: 'ping' }));
    const closed = await tab.closed;
    expect(closed.code).toBe(REALTIME_CLOSE.policy);
    expect(tab.messages).toHaveLength(REALTIME_CLIENT_FRAMES);
  });

  it('closes the socket of a session that signs out (4001), and only that one', async () => {
    const { user, cookie } = await signedInUser(t);
    const otherCookie = await signIn(t, user.username);
    const tab = await openSocket(url, { origin: ORIGIN, cookie });
    const otherDevice = await openSocket(url, { origin: ORIGIN, cookie: otherCookie });
    expect((await api('POST', '/auth/logout', cookie)).statusCode).toBe(204);
    expect((await tab.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    // The other device's session lives on, and so does its socket.
    t.app.deps.realtime.publish([user.id], counts('chats'));
    expect(await otherDevice.next()).toEqual(counts('chats'));
    // A new upgrade on the ended session is refused.
    expect(await refusedStatus(url, { origin: ORIGIN, cookie })).toBe(401);
    otherDevice.socket.close();
  });

  it("closes the other sessions' sockets on a password change (4001), not the one that made it", async () => {
    const { user, cookie } = await signedInUser(t);
    const laptopCookie = await signIn(t, user.username);
    const phoneCookie = await signIn(t, user.username);
    const here = await openSocket(url, { origin: ORIGIN, cookie });
    const laptop = await openSocket(url, { origin: ORIGIN, cookie: laptopCookie });
    const phone = await openSocket(url, { origin: ORIGIN, cookie: phoneCookie });
    const changed = await api('PUT', '/users/me/password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new long password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await laptop.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    expect((await phone.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    t.app.deps.realtime.publish([user.id], counts('chats'));
    expect(await here.next()).toEqual(counts('chats'));
    here.socket.close();
  });

  it('closes every socket of a deleted account (4001)', async () => {
    const { user, cookie } = await signedInUser(t);
    const otherCookie = await signIn(t, user.username);
    const tab = await openSocket(url, { origin: ORIGIN, cookie });
    const otherDevice = await openSocket(url, { origin: ORIGIN, cookie: otherCookie });
    const deleted = await api('DELETE', '/users/me', cookie, { password: TEST_PASSWORD, confirm: 'DELETE' });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await tab.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    expect((await otherDevice.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
  });
});

describe('heartbeats and stopping', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    // A beat of 100 ms: a silent peer goes after two beats. Nothing waits on the clock: each
    // check waits for the event (a close, so many pings) and the test timeout bounds it.
    t = await buildTestApp({ env: { REALTIME_HEARTBEAT_MS: '100' } });
    url = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('drops a peer that does not answer pings, and keeps one that does', async () => {
    const a = await signedInUser(t);
    const silent = await openSocket(url, { origin: ORIGIN, cookie: a.cookie }, { autoPong: false });
    const lively = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    let pings = 0;
    const pinged = new Promise<void>((resolve) => lively.socket.on('ping', () => ++pings >= 5 && resolve()));
    // Terminated without a closing handshake: the client sees an abnormal closure.
    expect((await silent.closed).code).toBe(1006);
    await pinged;
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
    lively.socket.close();
  });

  it('closes sockets with 1001 when the app stops', async () => {
    const a = await signedInUser(t);
    const tab = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    const [closed] = await Promise.all([tab.closed, t.app.close()]);
    expect(closed.code).toBe(REALTIME_CLOSE.goingAway);
  });
});

/**
 * The Redis hub on its own (needs REDIS_URL; CI's PostgreSQL job has one): two hubs on one channel
 * stand for two API processes. The full two-process run is in two-processes.test.ts.
 */
describe.skipIf(!process.env.REDIS_URL)('the Redis hub', () => {
  let redis: Redis;
  let one: RealtimeHub;
  let two: RealtimeHub;
  let stranger: RealtimeHub;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    const channel = `muster-test-${randomBytes(6).toString('hex')}:realtime`;
    one = createRedisHub(redis, { channel, log: silentLogger });
    two = createRedisHub(redis, { channel, log: silentLogger });
    stranger = createRedisHub(redis, { channel: `${channel}:other`, log: silentLogger });
    await Promise.all([one.ready(60_000), two.ready(60_000), stranger.ready(60_000)]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close(), stranger?.close()]);
    redis?.disconnect();
  });

  it('delivers a publish once in every process on its channel, and in no other', async () => {
    const seen = { one: [] as unknown[], two: [] as unknown[], stranger: [] as unknown[] };
    one.onDeliver((ids, event) => seen.one.push([ids, event]));
    two.onDeliver((ids, event) => seen.two.push([ids, event]));
    stranger.onDeliver((ids, event) => seen.stranger.push([ids, event]));
    const arrived = new Promise<void>((resolve) => two.onDeliver(() => resolve()));
    one.publish(['u1', 'u2', 'u1'], counts('chats'));
    // Delivered here at once, without waiting for Redis.
    expect(seen.one).toEqual([[['u1', 'u2'], counts('chats')]]);
    await arrived;
    expect(seen.two).toEqual([[['u1', 'u2'], counts('chats')]]);
    // A marker through the stranger's own channel: once it is back, the first publish would have been too.
    const markerBack = new Promise<void>((resolve) => stranger.onDeliver(() => resolve()));
    stranger.publish(['marker'], counts('notifications'));
    await markerBack;
    expect(seen.stranger).toEqual([[['marker'], counts('notifications')]]);
    // Nothing came back to the publisher twice (its own message is skipped when Redis returns it):
    // a second publish from two, seen by one, proves one's channel was read past the first.
    const back = new Promise<void>((resolve) => one.onDeliver((ids) => ids[0] === 'from-two' && resolve()));
    two.publish(['from-two'], counts('chats'));
    await back;
    expect(seen.one).toHaveLength(2);
  });

  it('carries ended sessions and forgotten sessions to the other processes', async () => {
    const ended = new Promise((resolve) => two.onEndSessions(resolve));
    const forgotten = new Promise((resolve) => two.onForgetSessions(resolve));
    one.endSessions({ userId: 'u1', exceptSessionId: 's1' });
    one.forgetSessions('u2');
    expect(await ended).toEqual({ userId: 'u1', exceptSessionId: 's1' });
    expect(await forgotten).toBe('u2');
  });
});
