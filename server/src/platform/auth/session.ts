import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { unauthorized } from '../errors.js';
import { newId } from '../ids.js';
import { microCachePerApp } from '../micro-cache.js';
import { deleteSessionByHash, deleteUserSessions, findSessionUser, insertSession, touchSession } from './session.queries.js';
import { hashSecret, newSecret } from './tokens.js';

export const SESSION_COOKIE = 'muster_session';
/** A session ends after two weeks without use, and after 90 days whatever happens. */
const IDLE_MS = 14 * 24 * 3600_000;
const ABSOLUTE_MS = 90 * 24 * 3600_000;
/** Sliding the expiry costs a write, so it is done at most once an hour per session. */
const TOUCH_EVERY_MS = 3600_000;
/**
 * A GET may use the session as it was read in the last few seconds (decision 009): reading pages
 * then costs one query, not two. Any other method reads it fresh and drops the cached copy, so a
 * change a person makes is seen by their next request; signing out, a password change, a mailed
 * link that changes the account and deleting it forget it here at once, and in the deployment's
 * other processes within this time.
 */
const SESSION_CACHE_MS = 5_000;

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;
const sessionCache = microCachePerApp<SessionRow>({ ttlMs: SESSION_CACHE_MS, max: 10_000 });

export type Viewer = Selectable<UsersTable> & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
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
  app.addHook('onRequest', async (request) => {
    // Only the API needs to know who is asking; the app's files and media are the same for all.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashSecret(token);
    const cache = sessionCache(app.deps);
    const reading = request.method === 'GET';
    let row = reading ? cache.get(tokenHash) : undefined;
    if (!row) {
      row = await findSessionUser(app.deps.db, tokenHash);
      // A write may change the user: the next read must not see the row from before it.
      if (row && reading) cache.set(tokenHash, row);
      else cache.delete(tokenHash);
      if (!row) return;
    }
    const { sessionId, sessionLastSeenAt, sessionCreatedAt, ...user } = row;
    request.viewer = { ...user, sessionId };
    const now = Date.now();
    if (now - sessionLastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(Math.min(now + IDLE_MS, sessionCreatedAt.getTime() + ABSOLUTE_MS));
      await touchSession(app.deps.db, sessionId, expiresAt);
      row.sessionLastSeenAt = new Date(now);
    }
  });
}

/** A fresh token at every sign-in (no fixation); the cookie is httpOnly and SameSite=Lax. */
export async function startSession(deps: Deps, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const token = newSecret(32);
  const now = Date.now();
  const old = request.cookies[SESSION_COOKIE];
  if (old) await forgetSession(deps, hashSecret(old));
  await insertSession(deps.db, {
    id: newId(),
    tokenHash: hashSecret(token),
    userId,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip,
    expiresAt: new Date(now + IDLE_MS),
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(deps), maxAge: IDLE_MS / 1000 });
}

export async function endSession(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await forgetSession(deps, hashSecret(token));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(deps));
}

async function forgetSession(deps: Deps, tokenHash: string) {
  sessionCache(deps).delete(tokenHash);
  await deleteSessionByHash(deps.db, tokenHash);
}

/** Call after changing a user outside their own requests (a mailed link): their next read is fresh. */
export function forgetCachedSessions(deps: Deps, userId: string) {
  sessionCache(deps).deleteWhere((row) => row.id === userId);
}

/**
 * Signs a user out everywhere (a password change keeps the device that made it). Inside a
 * transaction (`db`), call forgetCachedSessions again once it commits: until then a read could
 * cache a session that is about to end.
 */
export async function endUserSessions(deps: Deps, userId: string, options: { except?: string; db?: Db } = {}) {
  await deleteUserSessions(options.db ?? deps.db, userId, options.except);
  forgetCachedSessions(deps, userId);
}

/** The signed-in user, or a 401: the first line of every service that needs one. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}
