import { API_ROOT } from '@muster/contract/limits';
import type { RealtimeEvent, realtimeEventSchema } from '@muster/contract/realtime';
import {
  REALTIME_CLOSE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MIN_MS,
} from '@muster/contract/realtime-constants';
import { setRealtimeConnected } from './status';

export type RealtimeSocketOptions = {
  /** Every event the server sends (pongs excepted), checked against the contract. */
  onEvent: (event: RealtimeEvent) => void;
  /** The socket opened again after having been open: whatever changed meanwhile was not heard. */
  onReconnect?: () => void;
  /** Closed with 4001: the session ended. The client stops for good. */
  onSessionEnded?: () => void;
  /**
   * A connection could not be opened (the first failure of a run). A refused upgrade says no more
   * than that in a browser (1006), and an expired session is one reason, so the app checks it.
   */
  onUnreachable?: () => void;
  /** Injected by tests (a fake socket, a fixed random); the browser's otherwise. */
  WebSocket?: typeof WebSocket;
  random?: () => number;
  url?: string;
};

/** Same origin, so the session cookie goes with the upgrade: ws(s)://{host}/api/v1/ws. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_ROOT}${REALTIME_PATH}`;
}

/**
 * How long to wait before reconnect attempt `attempt` (0 first): the ceiling doubles from the
 * contract's minimum up to its maximum, and the wait is between half the ceiling and all of it, so
 * the tabs a restarted server dropped do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_MIN_MS * 2 ** Math.min(attempt, 30));
  return Math.max(REALTIME_RECONNECT_MIN_MS, Math.round(ceiling / 2 + (random() * ceiling) / 2));
}

/**
 * The event schema, loaded with the first event rather than with the shell or the socket
 * (decisions 030, 037): building it (and chats.ts's message schema) was a task of ~30–45 ms here,
 * ×4 on Lighthouse's phone, in the first seconds of every signed-in tab, and most tabs hear
 * nothing but pongs for a while. Kept once loaded.
 */
let eventSchema: typeof realtimeEventSchema | undefined;
let loadingSchema: Promise<typeof realtimeEventSchema> | undefined;

/** What the server answers a ping with, known without the schema. */
const PONG = JSON.stringify({ type: 'pong' });

/** Loads the event schema (once; a failed load is tried again on the next call). */
export function loadRealtimeEventSchema(): Promise<typeof realtimeEventSchema> {
  loadingSchema ??= import('@muster/contract/realtime').then(
    (module) => (eventSchema = module.realtimeEventSchema),
    (error: unknown) => {
      loadingSchema = undefined;
      throw error;
    },
  );
  return loadingSchema;
}

function parse(schema: typeof realtimeEventSchema, data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const result = schema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * The tab's one live socket (issue 15): opens at once, reconnects with backoff until stopped,
 * stops for good when the server says the session ended. Every REALTIME_HEARTBEAT_MS it pings; a
 * socket that heard nothing since the previous ping is taken as dead (a half-open connection
 * never closes by itself) and replaced. Coming back online or to the tab retries at once rather
 * than waiting out the backoff. Its open state is published through status.ts.
 */
export function connectRealtime(options: RealtimeSocketOptions): { stop: () => void } {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const url = options.url ?? realtimeUrl();
  const random = options.random ?? Math.random;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everOpen = false;
  let failuresInARow = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  function open() {
    retry = undefined;
    let ws: WebSocket;
    try {
      ws = new Socket(url);
    } catch {
      // A socket the browser refuses to make (a blocked address) fires no close: retry as if it had.
      retry = setTimeout(open, reconnectDelay(attempt++, random));
      return;
    }
    socket = ws;
    let isOpen = false;
    let heard = true;
    // Events that came before the schema, in their order; null when none waits.
    let held: unknown[] | null = null;
    const deliver = (schema: typeof realtimeEventSchema, data: unknown) => {
      const event = parse(schema, data);
      if (event && event.type !== 'pong') options.onEvent(event);
    };
    ws.onopen = () => {
      isOpen = true;
      attempt = 0;
      failuresInARow = 0;
      setRealtimeConnected(true);
      heartbeat = setInterval(() => {
        if (!heard) return drop(ws, isOpen, 1006);
        heard = false;
        if (ws.readyState === 1) ws.send(JSON.stringify({ type: 'ping' }));
      }, REALTIME_HEARTBEAT_MS);
      if (everOpen) options.onReconnect?.();
      everOpen = true;
    };
    ws.onmessage = (message: MessageEvent) => {
      heard = true;
      if (message.data === PONG) return;
      if (eventSchema && !held) return deliver(eventSchema, message.data);
      if (held) return void held.push(message.data);
      // Every event is checked against the schema, so the first one waits for it, and those
      // after it wait behind it. Should it not load (offline, a new deployment's chunks), they
      // cannot be checked: the socket is dropped as a dead one, and the reconnect has the app
      // fetch again what it may have missed.
      held = [message.data];
      loadRealtimeEventSchema().then(
        (schema) => {
          const waiting = held ?? [];
          held = null;
          if (socket === ws) for (const data of waiting) deliver(schema, data);
        },
        () => {
          held = null;
          drop(ws, isOpen, 1006);
        },
      );
    };
    ws.onclose = (event: CloseEvent) => drop(ws, isOpen, event.code);
  }

  function detach(ws: WebSocket) {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  function drop(ws: WebSocket, wasOpen: boolean, code: number) {
    if (socket !== ws) return;
    socket = null;
    detach(ws);
    if (ws.readyState < 2) ws.close();
    if (wasOpen) setRealtimeConnected(false);
    if (stopped) return;
    if (code === REALTIME_CLOSE.sessionEnded) {
      stop();
      options.onSessionEnded?.();
      return;
    }
    if (!wasOpen && ++failuresInARow === 1) options.onUnreachable?.();
    retry = setTimeout(open, reconnectDelay(attempt++, random));
  }

  /** Conditions changed (back online, back to the tab): try now rather than after the backoff. */
  function retryNow() {
    if (stopped || retry === undefined || document.visibilityState === 'hidden') return;
    clearTimeout(retry);
    open();
  }

  function stop() {
    stopped = true;
    clearTimeout(retry);
    retry = undefined;
    window.removeEventListener('online', retryNow);
    document.removeEventListener('visibilitychange', retryNow);
    const ws = socket;
    socket = null;
    if (ws) {
      detach(ws);
      if (ws.readyState < 2) ws.close(1000);
      setRealtimeConnected(false);
    }
  }

  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', retryNow);
  open();
  return { stop };
}
