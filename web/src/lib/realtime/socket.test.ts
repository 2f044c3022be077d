import { REALTIME_HEARTBEAT_MS } from '@muster/contract/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { connectRealtime, realtimeUrl, reconnectDelay } from './socket';
import { realtimeConnected } from './status';

const message = {
  type: 'message.created',
  data: {
    _id: 'm1',
    chatId: 'c1',
    message: 'Hello',
    createdAt: '2026-11-25T10:00:00.000Z',
    clientMessageId: null,
    sender: {
      _id: 'u2',
      username: 'kofi',
      firstName: 'Kofi',
      lastName: 'Boateng',
      headline: '',
      profilePicture: '/avatar.png',
    },
  },
};

/** A client on the fake socket, with the top of each backoff window (random 1) unless told. */
function start(random = () => 1) {
  const calls = { events: [] as unknown[], reconnects: 0, sessionEnded: 0, unreachable: 0 };
  const client = connectRealtime({
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    random,
    onEvent: (e) => calls.events.push(e),
    onReconnect: () => calls.reconnects++,
    onSessionEnded: () => calls.sessionEnded++,
    onUnreachable: () => calls.unreachable++,
  });
  return { client, calls };
}

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, jittered between half the ceiling and all of it, never under 1 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => reconnectDelay(n, () => 0))).toEqual([
      1000, 1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ]);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
  });
});

describe('the realtime socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens same-origin at /api/v1/ws, ws or wss after the page', () => {
    const { client } = start();
    expect(FakeWebSocket.latest.url).toBe('ws://localhost:3000/api/v1/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'muster.example' })).toBe(
      'wss://muster.example/api/v1/ws',
    );
    client.stop();
  });

  it('reports open and closed, and hands on the events the contract knows (not pongs, not junk)', () => {
    const { client, calls } = start();
    expect(realtimeConnected()).toBe(false);
    FakeWebSocket.latest.open();
    expect(realtimeConnected()).toBe(true);
    FakeWebSocket.latest.receive(message);
    FakeWebSocket.latest.receive({ type: 'pong' });
    FakeWebSocket.latest.receive({ type: 'message.created', data: { nope: true } } as Record<
      string,
      unknown
    >);
    FakeWebSocket.latest.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(calls.events).toEqual([message]);
    FakeWebSocket.latest.serverClose(1006);
    expect(realtimeConnected()).toBe(false);
    client.stop();
  });

  it('reconnects with a growing backoff until it opens, starts again from 1 s after that, and says it reconnected', async () => {
    const { client, calls } = start();
    FakeWebSocket.latest.open();
    expect(calls.reconnects).toBe(0);

    FakeWebSocket.latest.serverClose(1001);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // The server is still down: each failed attempt waits twice as long.
    FakeWebSocket.latest.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest.serverClose(1006);
    await vi.advanceTimersByTimeAsync(4000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    // A run of failures asks the app once whether the session is still there.
    expect(calls.unreachable).toBe(1);

    FakeWebSocket.latest.open();
    expect(calls.reconnects).toBe(1);
    expect(realtimeConnected()).toBe(true);

    FakeWebSocket.latest.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(5);
    client.stop();
  });

  it('never waits more than 30 s between attempts', async () => {
    const { client } = start();
    for (let i = 0; i < 8; i++) {
      const before = FakeWebSocket.instances.length;
      FakeWebSocket.latest.serverClose(1006);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
    }
    client.stop();
  });

  it('stops for good when the server ends the session (4001), and says so', async () => {
    const { calls } = start();
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.serverClose(4001);
    expect(calls.sessionEnded).toBe(1);
    expect(realtimeConnected()).toBe(false);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(calls.reconnects).toBe(0);
  });

  it('pings to keep the connection alive, and replaces a socket that stopped answering', async () => {
    const { client, calls } = start();
    const first = FakeWebSocket.latest;
    first.open();
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(first.sent).toEqual([JSON.stringify({ type: 'ping' })]);
    first.receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(first.sent).toHaveLength(2);
    expect(first.closedWith).toBeUndefined();

    // No pong this time: the connection is dead even though it never closed.
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(first.closedWith).toBeDefined();
    expect(realtimeConnected()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest.open();
    expect(calls.reconnects).toBe(1);
    client.stop();
  });

  it('tries again at once when the browser comes back online', async () => {
    const { client } = start();
    FakeWebSocket.latest.serverClose(1006);
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(2);
    client.stop();
  });

  it('closes its socket and stays closed when stopped', async () => {
    const { client } = start();
    const socket = FakeWebSocket.latest;
    socket.open();
    client.stop();
    expect(socket.closedWith).toBe(1000);
    expect(realtimeConnected()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('the event schema, loaded with the first event (decisions 030, 037)', () => {
  /** A fresh copy of socket.ts, whose schema has not been loaded yet (the setup loads the shared one). */
  async function freshSocketModule() {
    vi.resetModules();
    return import('./socket');
  }
  const otherMessage = { ...message, data: { ...message.data, _id: 'm2', message: 'Second' } };

  it('opens the socket at once; the first event waits for the schema, and those after it wait behind it, in order', async () => {
    const { connectRealtime: connect } = await freshSocketModule();
    const events: unknown[] = [];
    const client = connect({
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      onEvent: (e) => events.push(e),
    });
    expect(FakeWebSocket.instances).toHaveLength(1);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'pong' });
    FakeWebSocket.latest.receive(message);
    FakeWebSocket.latest.receive({ type: 'message.created', data: { nope: true } } as Record<
      string,
      unknown
    >);
    FakeWebSocket.latest.receive(otherMessage);
    // Not handed on before the schema has checked them.
    expect(events).toEqual([]);
    await vi.waitFor(() => expect(events).toEqual([message, otherMessage]));
    // Once loaded, an event is checked and handed on as it arrives.
    FakeWebSocket.latest.receive(message);
    expect(events).toEqual([message, otherMessage, message]);
    client.stop();
  });

  it('hands on nothing that arrived on a socket stopped before the schema came', async () => {
    const { connectRealtime: connect, loadRealtimeEventSchema } = await freshSocketModule();
    const events: unknown[] = [];
    const client = connect({
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      onEvent: (e) => events.push(e),
    });
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive(message);
    client.stop();
    await loadRealtimeEventSchema();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual([]);
  });
});
