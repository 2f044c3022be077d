import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { unauthorized } from '../errors.js';
import { newId } from '../ids.js';
import { deleteSessionByHash, findSessionUser, insertSession, touchSession } from './session.queries.js';
import { hashSecret, newSecret } from './tokens.js';

export const SESSION_COOKIE = 'muster_session';
/** A session ends after two weeks without use, and after 90 days whatever happens. */
const IDLE_MS = 14 * 24 * 3600_000;
const ABSOLUTE_MS = 90 * 24 * 3600_000;
/** Sliding the expiry costs a write, so it is done at most once an hour per session. */
const TOUCH_EVERY_MS = 3600_000;

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
    const row = await findSessionUser(app.deps.db, hashSecret(token));
    if (!row) return;
    const { sessionId, sessionLastSeenAt, sessionCreatedAt, ...user } = row;
    request.viewer = { ...user, sessionId };
    const now = Date.now();
    if (now - sessionLastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(Math.min(now + IDLE_MS, sessionCreatedAt.getTime() + ABSOLUTE_MS));
      await touchSession(app.deps.db, sessionId, expiresAt);
    }
  });
}

/** A fresh token at every sign-in (no fixation); the cookie is httpOnly and SameSite=Lax. */
export async function startSession(deps: Deps, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const token = newSecret(32);
  const now = Date.now();
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSessionByHash(deps.db, hashSecret(old));
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
  if (token) await deleteSessionByHash(deps.db, hashSecret(token));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(deps));
}

/** The signed-in user, or a 401: the first line of every service that needs one. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}
