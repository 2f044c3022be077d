import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  REALTIME_CLIENT_FRAMES,
  REALTIME_CLIENT_WINDOW_MS,
  REALTIME_CLOSE,
  REALTIME_MAX_PAYLOAD,
  REALTIME_PATH,
  realtimeClientFrameSchema,
} from '@muster/contract/realtime';
import { HttpError, unauthorized } from '../errors.js';
import { badOrigin, isOwnOrigin } from '../security.js';
import type { SessionTarget } from './hub.js';

/**
 * Sockets one person may hold at once (a browser tab each, on all their devices): plenty for a
 * person, and a ceiling on what one stolen cookie or a runaway script can pin on a process.
 */
export const REALTIME_SOCKETS_PER_USER = 20;
/**
 * A socket whose unsent events pile past this is not reading (a stalled tab, a dead link the
 * heartbeat has not caught yet): it is dropped rather than held in memory, and its client catches
 * up by refetching when it reconnects.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const PONG = JSON.stringify({ type: 'pong' });

type Connection = {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  /** Answered the last heartbeat ping (or just opened). */
  alive: boolean;
  /** Client frames in the current window (the per-connection rate limit). */
  frames: number;
  windowStartedAt: number;
};

/** The sockets this process holds, by person and by session. */
function createRegistry() {
  const all = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  const addTo = (index: Map<string, Set<Connection>>, key: string, c: Connection) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(c);
  };
  const removeFrom = (index: Map<string, Set<Connection>>, key: string, c: Connection) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) index.delete(key);
  };
  return {
    all,
    add(c: Connection) {
      all.add(c);
      addTo(byUser, c.userId, c);
      addTo(bySession, c.sessionId, c);
    },
    remove(c: Connection) {
      all.delete(c);
      removeFrom(byUser, c.userId, c);
      removeFrom(bySession, c.sessionId, c);
    },
    ofUser: (userId: string) => byUser.get(userId),
    ofSession: (sessionId: string) => bySession.get(sessionId),
  };
}

/**
 * The WebSocket plugin, on the root instance before any route: it then answers an upgrade to any
 * other address by closing it, and a refused upgrade (401, 403) ends its TCP socket once the answer
 * is written. Frames over REALTIME_MAX_PAYLOAD close the socket with 1009 (`ws` does it).
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  // Before the plugin's own preClose (which closes sockets without a code): a stopping process
  // says "going away" (1001), so clients reconnect, with backoff, to a process that is still up.
  app.addHook('preClose', async () => {
    for (const client of app.websocketServer?.clients ?? [])
      client.close(REALTIME_CLOSE.goingAway, 'Server stopping');
  });
  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_PAYLOAD },
    // A socket's errors are its peer's doing (a frame too big, bad UTF-8, a reset): `ws` has
    // already started closing it with the right code, which the default handler's terminate()
    // would cut short. An error on a socket still open (our handler throwing) ends it.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'realtime socket error');
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
  });
}

/**
 * `GET /api/v1/ws` (issue 15): one socket per tab, authenticated at the upgrade by the session
 * cookie (the session hook has set `request.viewer`), from our own origin only — a WebSocket is not
 * bound by CORS, so without this check any site could open one with a visitor's cookie. The server
 * pushes the hub's events to the person's sockets; the client may only ping.
 */
export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const registry = createRegistry();
  const publicOrigin = new URL(deps.config.publicUrl).origin;

  deps.realtime.onDeliver((userIds, event) => {
    let text: string | undefined;
    for (const userId of userIds) {
      const sockets = registry.ofUser(userId);
      if (!sockets) continue;
      // Written once per publish, whoever and however many receive it.
      text ??= JSON.stringify(event);
      for (const c of sockets) send(c, text);
    }
  });

  deps.realtime.onBroadcast((event, exceptUserIds) => {
    if (registry.all.size === 0) return;
    const except = new Set(exceptUserIds);
    const text = JSON.stringify(event);
    for (const c of registry.all) if (!except.has(c.userId)) send(c, text);
  });

  deps.realtime.onEndSessions((target: SessionTarget) => {
    const ended =
      'sessionId' in target
        ? [...(registry.ofSession(target.sessionId) ?? [])]
        : [...(registry.ofUser(target.userId) ?? [])].filter((c) => c.sessionId !== target.exceptSessionId);
    for (const c of ended) {
      // Out of the registry at once: nothing more is sent on a session that has ended.
      registry.remove(c);
      c.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
    }
  });

  // A peer that vanished without closing (a laptop lid, a dropped network) would otherwise hold
  // its socket for ever: each beat pings every socket, and one that did not answer the last ping goes.
  const heartbeat = setInterval(() => {
    for (const c of registry.all) {
      if (!c.alive) {
        registry.remove(c);
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, deps.config.realtimeHeartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    // Not a JSON route: kept out of the OpenAPI document (and so out of the fuzz and authorization
    // matrices that walk it); realtime.test.ts covers who may open it.
    schema: { hide: true },
    // Before the upgrade, so a refusal is a plain HTTP answer (401, 403, 429) and no socket is made.
    onRequest: async (request: FastifyRequest) => {
      // Browsers always send Origin on a WebSocket handshake; without one it is not a page of ours.
      const origin = request.headers.origin;
      if (origin === undefined || !isOwnOrigin(request, origin, publicOrigin)) throw badOrigin();
      const viewer = request.viewer;
      if (!viewer) throw unauthorized();
      if ((registry.ofUser(viewer.id)?.size ?? 0) >= REALTIME_SOCKETS_PER_USER) {
        throw new HttpError(429, 'TOO_MANY_SOCKETS', 'Too many live connections: close a tab or two');
      }
    },
    // A plain GET (no upgrade) by a signed-in person from our origin.
    handler: async (_request: FastifyRequest, _reply: FastifyReply) => {
      throw new HttpError(426, 'UPGRADE_REQUIRED', 'This address takes a WebSocket');
    },
    wsHandler: (socket, request) => {
      const viewer = request.viewer!;
      const c: Connection = {
        socket,
        userId: viewer.id,
        sessionId: viewer.sessionId,
        alive: true,
        frames: 0,
        windowStartedAt: Date.now(),
      };
      registry.add(c);
      socket.on('close', () => registry.remove(c));
      socket.on('pong', () => (c.alive = true));
      socket.on('message', (data, isBinary) => onClientFrame(c, data, isBinary));
    },
  });
}

function send(c: Connection, text: string) {
  const { socket } = c;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(text);
}

/** The client may ping, a few times a window; anything else ends its socket (1008). */
function onClientFrame(c: Connection, data: RawData, isBinary: boolean) {
  const { socket } = c;
  if (socket.readyState !== socket.OPEN) return;
  const now = Date.now();
  if (now - c.windowStartedAt >= REALTIME_CLIENT_WINDOW_MS) {
    c.windowStartedAt = now;
    c.frames = 0;
  }
  c.frames += 1;
  if (c.frames > REALTIME_CLIENT_FRAMES) {
    socket.close(REALTIME_CLOSE.policy, 'Too many frames');
    return;
  }
  if (isBinary || !isPing(data)) {
    socket.close(REALTIME_CLOSE.policy, 'Only pings are accepted');
    return;
  }
  socket.send(PONG);
}

function isPing(data: RawData): boolean {
  if (!Buffer.isBuffer(data)) return false;
  try {
    return realtimeClientFrameSchema.safeParse(JSON.parse(data.toString('utf8'))).success;
  } catch {
    return false;
  }
}
