import { hasRole, type StaffRole } from '@muster/contract/moderation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { forbidden, unauthorized } from '../errors.js';
import { newId } from '../ids.js';
import { microCachePerApp } from '../micro-cache.js';
import {
  deleteSessionByHash,
  deleteUserSessions,
  findSessionUser,
  insertSession,
  touchSession,
} from './session.queries.js';
import { rememberDevice } from './device.js';
import { hashSecret, newSecret } from './tokens.js';

export const SESSION_COOKIE = 'muster_session';
/** A session ends after two weeks without use, and after 90 days whatever happens. */
const IDLE_MS = 14 * 24 * 3600_000;
const ABSOLUTE_MS = 90 * 24 * 3600_000;
/** Sliding the expiry costs a write, so it is done at most once an hour per session. */
const TOUCH_EVERY_MS = 3600_000;
/**
 * A GET may use the session as it was read in the last few seconds (decision 009): reading pages
 * then costs one query, not two. So may a write whose own statement checks that the session is
 * still live (route config `sessionCheckedByWrite`, with session.queries' `sessionIsLive`; decision
 * 030): sending a message, posting and offering help are then one round trip, and a session ended
 * in another process still makes nothing, as the statement finds its row gone. Any other write reads
 * it fresh and drops the cached copy, so a change a person makes is seen by their next request;
 * signing out, a password change, a mailed link that changes the account, deleting it, and the
 * changes of name, picture or privacy forget it here at once, and in the deployment's other
 * processes as soon as the realtime hub brings them the news (Redis pub/sub; within this time at
 * worst, should a message be lost — which for a cached write means a name up to this old on a
 * message, never a write by an ended session).
 */
const SESSION_CACHE_MS = 5_000;

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;
const sessionCache = microCachePerApp<SessionRow>({ ttlMs: SESSION_CACHE_MS, max: 10_000 });

export type Viewer = Selectable<UsersTable> & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /**
     * This write's statement checks `sessionIsLive(viewer.sessionId)` itself and writes nothing
     * when the session has ended (the service then answers `sessionEnded`): it may take the viewer
     * from the session cache, as GETs do. Only for writes that rely on no more of the viewer than
     * their id and names (never a password, an address or a verification).
     */
    sessionCheckedByWrite?: boolean;
  }
}

/**
 * The viewer a session row stands for, made once per row read (the cached row's requests share it:
 * copying a user's twenty columns on every request showed in the profile). Nothing writes to a viewer.
 */
const viewers = new WeakMap<SessionRow, Viewer>();
function viewerOf(row: SessionRow): Viewer {
  let viewer = viewers.get(row);
  if (!viewer) {
    const { sessionLastSeenAt: _seen, sessionCreatedAt: _created, ...user } = row;
    viewers.set(row, (viewer = user));
  }
  return viewer;
}

function cookieOptions(deps: Deps) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.publicUrl.startsWith('https://'),
    path: '/',
  };
}

/** Reads the session cookie on every request and puts the signed-in user on `request.viewer`. */
export function registerSessions(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
  // A session ended or an account changed in any process (the hub brings it from the others):
  // the copies cached here go at once rather than live out their few seconds.
  const cache = sessionCache(app.deps);
  app.deps.realtime.onEndSessions((target) => {
    if ('sessionId' in target) cache.deleteWhere((row) => row.sessionId === target.sessionId);
    // The person changed (a new password…): the session they kept must be read afresh too.
    else cache.deleteWhere((row) => row.id === target.userId);
  });
  app.deps.realtime.onForgetSessions((userId) => cache.deleteWhere((row) => row.id === userId));
  app.addHook('onRequest', async (request) => {
    // Only the API needs to know who is asking; the app's files and media are the same for all.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashSecret(token);
    const cache = sessionCache(app.deps);
    // A GET, or a write that checks the session in its own statement, may use the cached copy.
    const cached = request.method === 'GET' || request.routeOptions.config.sessionCheckedByWrite === true;
    let row = cached ? cache.get(tokenHash) : undefined;
    if (!row) {
      row = await findSessionUser(app.deps.db, tokenHash);
      // Any other write may change the user: the next read must not see the row from before it.
      if (row && cached) cache.set(tokenHash, row);
      else cache.delete(tokenHash);
      if (!row) return;
    }
    request.viewer = viewerOf(row);
    const now = Date.now();
    if (now - row.sessionLastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(Math.min(now + IDLE_MS, row.sessionCreatedAt.getTime() + ABSOLUTE_MS));
      await touchSession(app.deps.db, row.sessionId, expiresAt);
      row.sessionLastSeenAt = new Date(now);
    }
  });
}

/**
 * A fresh token at every sign-in (no fixation); the cookie is httpOnly and SameSite=Lax. Every
 * way of signing in comes through here, so the browser becomes a known device of the account
 * (device.ts) whichever way it was.
 */
export async function startSession(deps: Deps, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const token = newSecret(32);
  const now = Date.now();
  const old = request.cookies[SESSION_COOKIE];
  if (old) await endSessionByHash(deps, hashSecret(old));
  await insertSession(deps.db, {
    id: newId(),
    tokenHash: hashSecret(token),
    userId,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip,
    expiresAt: new Date(now + IDLE_MS),
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(deps), maxAge: IDLE_MS / 1000 });
  await rememberDevice(deps, request, reply, userId);
}

/** The request carries a session cookie, live or not (request.viewer says whether it is live). */
export function presentsSession(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined;
}

/** Tells the browser to drop a session cookie that no longer stands for a session. */
export function forgetSessionCookie(deps: Deps, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(deps));
}

export async function endSession(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await endSessionByHash(deps, hashSecret(token));
  forgetSessionCookie(deps, reply);
}

/**
 * Ends one session: gone from the database, then from every process's cache, and its sockets
 * closed (4001) wherever they are. The cache here is dropped before the delete as well, so that
 * this process never answers from it in between.
 */
async function endSessionByHash(deps: Deps, tokenHash: string) {
  sessionCache(deps).delete(tokenHash);
  const sessionId = await deleteSessionByHash(deps.db, tokenHash);
  if (sessionId) deps.realtime.endSessions({ sessionId });
}

/**
 * Call after changing a user outside their own requests (a mailed link): their next read is
 * fresh, in this process and (through the hub) in every other.
 */
export function forgetCachedSessions(deps: Deps, userId: string): Promise<void> {
  sessionCache(deps).deleteWhere((row) => row.id === userId);
  return deps.realtime.forgetSessions(userId);
}

/**
 * Signs a user out everywhere (a password change keeps the device that made it): the sessions go,
 * and their sockets close in every process. Inside a transaction (`db`) only the rows go: call
 * userSessionsEnded once it commits — until then a read could cache a session that is about to
 * end, and a socket closed before the commit could reconnect on a session that still works.
 */
export async function endUserSessions(
  deps: Deps,
  userId: string,
  options: { except?: string; db?: Db } = {},
) {
  await deleteUserSessions(options.db ?? deps.db, userId, options.except);
  sessionCache(deps).deleteWhere((row) => row.id === userId);
  if (!options.db) userSessionsEnded(deps, userId, options.except);
}

/**
 * A user's sessions (all, or all but `exceptSessionId`) have ended for good: every process drops
 * its cached copies of the user's sessions and closes those sessions' sockets with 4001.
 */
export function userSessionsEnded(deps: Deps, userId: string, exceptSessionId?: string) {
  sessionCache(deps).deleteWhere((row) => row.id === userId);
  deps.realtime.endSessions(exceptSessionId ? { userId, exceptSessionId } : { userId });
}

/**
 * What a `sessionCheckedByWrite` service throws when its statement found the session ended (in
 * another process: deleted, expired): nothing was written; the copy cached here goes, so the
 * next request reads the truth, and the answer is a 401 as if the cache had never had it.
 */
export function sessionEnded(deps: Deps, viewer: Viewer) {
  sessionCache(deps).deleteWhere((row) => row.sessionId === viewer.sessionId);
  return unauthorized();
}

/** The signed-in user, or a 401: the first line of every service that needs one. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}

/**
 * The signed-in user holding `role` or a stronger one (issue 35, decision 067), or a 401 signed
 * out and a 403 for everyone else: the first line of every moderation and admin service.
 */
export function requireRole(viewer: Viewer | null, role: StaffRole): Viewer {
  const me = requireViewer(viewer);
  if (!hasRole(me.role, role)) throw forbidden('Only moderators and admins can do that');
  return me;
}
