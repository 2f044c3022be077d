import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@muster/contract/realtime';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { openSocket } from '../../../test/ws-client.js';
import { createLocalHub, createRedisHub, type RealtimeHub } from './hub.js';

/**
 * hub.broadcast (issue 16): an event for every open socket but those of the people named — the
 * emergency board's new posts, whose audience is whoever has the board open.
 */

const ORIGIN = 'http://localhost:3000'; // testConfig's PUBLIC_URL
const posted = (id: string): RealtimeEvent => ({ type: 'board.posted', data: { _id: id } });

describe('broadcast over real sockets', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reaches every socket of everyone connected but the people excepted', async () => {
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const aTab1 = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    const aTab2 = await openSocket(url, { origin: ORIGIN, cookie: a.cookie });
    const bTab = await openSocket(url, { origin: ORIGIN, cookie: b.cookie });
    const cTab = await openSocket(url, { origin: ORIGIN, cookie: c.cookie });
    t.app.deps.realtime.broadcast(posted('p1'), { exceptUserIds: [b.user.id] });
    expect(await aTab1.next()).toEqual(posted('p1'));
    expect(await aTab2.next()).toEqual(posted('p1'));
    expect(await cTab.next()).toEqual(posted('p1'));
    // B's first event is the next broadcast, which excepts no one: the first never reached B.
    t.app.deps.realtime.broadcast(posted('p2'));
    expect(await bTab.next()).toEqual(posted('p2'));
    expect(bTab.messages).toEqual([]);
    for (const s of [aTab1, aTab2, bTab, cTab]) s.socket.close();
  });
});

describe('the local hub', () => {
  it('hands a broadcast to its listeners with the people excepted, and a publish only to publish listeners', () => {
    const hub = createLocalHub();
    const seen: unknown[] = [];
    hub.onBroadcast((event, except) => seen.push(['everyone', event, except]));
    hub.onDeliver((ids, event) => seen.push(['some', ids, event]));
    hub.broadcast(posted('p1'), { exceptUserIds: ['u1'] });
    hub.broadcast(posted('p2'));
    hub.publish(['u2'], posted('p3'));
    expect(seen).toEqual([
      ['everyone', posted('p1'), ['u1']],
      ['everyone', posted('p2'), []],
      ['some', ['u2'], posted('p3')],
    ]);
  });

  it('keeps delivering when one listener throws', () => {
    const hub = createLocalHub({ log: silentLogger });
    const seen: unknown[] = [];
    hub.onBroadcast(() => {
      throw new Error('a socket in a bad state');
    });
    hub.onBroadcast((event) => seen.push(event));
    expect(() => hub.broadcast(posted('p1'))).not.toThrow();
    expect(seen).toEqual([posted('p1')]);
  });
});

/**
 * Through Redis (needs REDIS_URL; CI's PostgreSQL job has one): two hubs on one channel stand for
 * two API processes.
 */
describe.skipIf(!process.env.REDIS_URL)('broadcast through the Redis hub', () => {
  let redis: Redis;
  let one: RealtimeHub;
  let two: RealtimeHub;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    const channel = `muster-test-${randomBytes(6).toString('hex')}:realtime`;
    one = createRedisHub(redis, { channel, log: silentLogger });
    two = createRedisHub(redis, { channel, log: silentLogger });
    await Promise.all([one.ready(60_000), two.ready(60_000)]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    redis?.disconnect();
  });

  it('delivers a broadcast once in each process, with the people excepted, and never as a publish', async () => {
    const seen = { one: [] as unknown[], two: [] as unknown[], published: [] as unknown[] };
    one.onBroadcast((event, except) => seen.one.push([event, except]));
    two.onBroadcast((event, except) => seen.two.push([event, except]));
    for (const hub of [one, two]) hub.onDeliver((ids, event) => seen.published.push([ids, event]));
    const arrived = new Promise<void>((resolve) => two.onBroadcast(() => resolve()));
    one.broadcast(posted('p1'), { exceptUserIds: ['blocked-1', 'muter-2'] });
    // Here at once, without waiting for Redis.
    expect(seen.one).toEqual([[posted('p1'), ['blocked-1', 'muter-2']]]);
    await arrived;
    expect(seen.two).toEqual([[posted('p1'), ['blocked-1', 'muter-2']]]);
    // One's own message came back from Redis and was skipped: a broadcast from two, seen by one,
    // proves one read its channel past the first.
    const back = new Promise<void>((resolve) =>
      one.onBroadcast((event) => event.type === 'board.posted' && event.data._id === 'p2' && resolve()),
    );
    two.broadcast(posted('p2'));
    await back;
    expect(seen.one).toEqual([
      [posted('p1'), ['blocked-1', 'muter-2']],
      [posted('p2'), []],
    ]);
    expect(seen.published).toEqual([]);
  });
});
