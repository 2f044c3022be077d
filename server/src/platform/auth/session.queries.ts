import { type Expression, type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { SessionsTable } from '../../db/schema.js';

export function insertSession(db: Db, row: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(row).execute();
}

/** Read on nearly every request, so compiled once (decision 010). */
const liveSession = prepared((db, a: { tokenHash: string; now: Date }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select([
      'sessions.id as sessionId',
      'sessions.lastSeenAt as sessionLastSeenAt',
      'sessions.createdAt as sessionCreatedAt',
    ])
    .where('sessions.tokenHash', '=', a.tokenHash)
    .where('sessions.expiresAt', '>', a.now)
    // A suspended account has no live session (decision 070): its sessions are deleted as it is
    // suspended, and one a sign-in racing the suspension made is refused here all the same.
    .where((eb) => eb.or([eb('users.suspendedUntil', 'is', null), eb('users.suspendedUntil', '<=', a.now)])),
);

/** The live session for a token hash, with its user, in one round trip. */
export async function findSessionUser(db: Db, tokenHash: string) {
  return (await liveSession(db, { tokenHash, now: new Date() }))[0];
}

/**
 * The session is still live, for a write that took its viewer from the session cache
 * (`sessionCheckedByWrite`, session.ts): the write statement asks this itself and writes nothing
 * when it is false, so a session ended in any process — signed out, every session ended by a
 * password change, the account deleted (its sessions go with it) — makes nothing from the moment
 * that commits, however warm the cache. One probe of the sessions' primary key, inside the statement
 * the write makes anyway.
 */
export const sessionIsLive = (sessionId: string | Expression<string>) =>
  sql<boolean>`exists (select 1 from sessions live_session where live_session.id = ${sessionId}::uuid and live_session.expires_at > now())`;

export function touchSession(db: Db, sessionId: string, expiresAt: Date) {
  return db
    .updateTable('sessions')
    .set({ lastSeenAt: new Date(), expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

/** Ends one session; its id (none when it had already ended), for closing its sockets. */
export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<string | undefined> {
  return (
    await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).returning('id').executeTakeFirst()
  )?.id;
}

/** Ends every session of a user, except optionally the one in use. */
export function deleteUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  let q = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  return q.execute();
}
