/**
 * Zod-free half of realtime.ts (decision 030): the socket's path, timings and close codes, which
 * the signed-in shell's socket client needs at start-up. Importing realtime.ts builds the event
 * schema (and chats.ts's) on load, a cost the shell's start-up task paid for these constants, so
 * the client loads realtime.ts only when it connects (web/src/lib/realtime/socket.ts); it
 * re-exports everything here, so the server and the tests keep importing from it.
 */
export const REALTIME_PATH = '/ws';
/** The largest frame a client may send; anything bigger closes the socket (1009). */
export const REALTIME_MAX_PAYLOAD = 1024;
/** Client frames allowed per connection in one window; past it the socket is closed (1008). */
export const REALTIME_CLIENT_FRAMES = 20;
export const REALTIME_CLIENT_WINDOW_MS = 10_000;
/** The server pings every socket this often; one that has not answered the previous ping is dropped. */
export const REALTIME_HEARTBEAT_MS = 30_000;
/** Reconnect backoff on the client: from the first delay, doubled each try, up to the last. */
export const REALTIME_RECONNECT_MIN_MS = 1_000;
export const REALTIME_RECONNECT_MAX_MS = 30_000;

/** Close codes the server uses, so the client knows whether to come back. */
export const REALTIME_CLOSE = {
  /** The session ended (sign-out, password change, account deleted): do not reconnect until signed in again. */
  sessionEnded: 4001,
  /** Too many frames, or a frame that is not a ping. */
  policy: 1008,
  tooBig: 1009,
  /** The server is stopping: reconnect with backoff. */
  goingAway: 1001,
} as const;

/** What a `counts.changed` event asks the shell to refetch (the badges). */
export const realtimeCounts = ['chats', 'requests', 'notifications', 'offers', 'network', 'tasks'] as const;
export type RealtimeCount = (typeof realtimeCounts)[number];
