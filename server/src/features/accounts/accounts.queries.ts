import { type Insertable, type RawBuilder, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonText } from '../../platform/json-text.js';
import type { EmailTokenPurpose, EmailTokensTable, UsersTable } from '../../db/schema.js';
import {
  appearsInSearchFor,
  connectionCountOf,
  connectionsVisibleTo,
  hiddenEitherWay,
  mutedByViewer,
  mutualCountWith,
  profileVisibleTo,
} from '../../social/social.queries.js';

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A profile as the viewer may see it, with its counts and the viewer's standing: nothing when
 * there is no such username or a block lies between the two (the same answer, as everywhere).
 */
export function findProfile(db: Db, viewerId: string, username: string) {
  const id = sql.ref('u.id');
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .select([
      connectionCountOf(id).as('connectionCount'),
      mutualCountWith(viewerId, id).as('mutualCount'),
      mutedByViewer(viewerId, id).as('muted'),
      profileVisibleTo(viewerId, 'u').as('profileVisible'),
      connectionsVisibleTo(viewerId, 'u').as('connectionsVisible'),
    ])
    .where('u.username', '=', username)
    .where(sql<boolean>`not ${hiddenEitherWay(viewerId, id)}`)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Usernames and emails are stored lower-case, so an exact match is a case-blind match. */
export function findUserByEmailOrUsername(db: Db, login: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', login), eb('username', '=', login)]))
    .executeTakeFirst();
}

export function insertUser(db: Db, row: Insertable<UsersTable>) {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: string, changes: Updateable<UsersTable>) {
  return db
    .updateTable('users')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteUser(db: Db, id: string) {
  return db.deleteFrom('users').where('id', '=', id).execute();
}

/** Holds the person's row until the transaction ends: rows that point at it wait, then fail once it is gone. */
export function lockUser(db: Db, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertEmailToken(db: Db, row: Insertable<EmailTokensTable>) {
  return db.insertInto('emailTokens').values(row).execute();
}

/** Claims a live token atomically: it is marked used in the same statement that finds it. */
export function consumeEmailToken(db: Db, tokenHash: string, purpose: EmailTokenPurpose) {
  return db
    .updateTable('emailTokens')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends a user's live links: those of one kind (a newer link replaces the older ones), or with no
 * `purpose` every kind (after the password or the address changes).
 */
export function retireEmailTokens(db: Db, userId: string, purpose?: EmailTokenPurpose) {
  let q = db.updateTable('emailTokens').set({ usedAt: new Date() }).where('userId', '=', userId).where('usedAt', 'is', null);
  if (purpose) q = q.where('purpose', '=', purpose);
  return q.execute();
}

export function listUserSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['createdAt', 'lastSeenAt', 'userAgent', 'ip'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function listUserNotificationsForExport(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'type', 'message', 'readAt', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function findIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('oidcIdentities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function insertIdentity(db: Db, row: { issuer: string; subject: string; userId: string }) {
  return db.insertInto('oidcIdentities').values(row).execute();
}

export function deleteUserIdentities(db: Db, userId: string) {
  return db.deleteFrom('oidcIdentities').where('userId', '=', userId).execute();
}

export function listUserIdentities(db: Db, userId: string) {
  return db.selectFrom('oidcIdentities').select(['issuer', 'createdAt']).where('userId', '=', userId).execute();
}

export function insertOidcFlow(db: Db, row: { stateHash: string; codeVerifier: string; nonce: string }) {
  return db.insertInto('oidcFlows').values(row).execute();
}

/** Takes a flow out (single use); flows older than ten minutes are dead. */
export function takeOidcFlow(db: Db, stateHash: string) {
  return db
    .deleteFrom('oidcFlows')
    .where('stateHash', '=', stateHash)
    .where('createdAt', '>', new Date(Date.now() - 10 * 60_000))
    .returningAll()
    .executeTakeFirst();
}

export function deleteStaleOidcFlows(db: Db) {
  return db.deleteFrom('oidcFlows').where('createdAt', '<', new Date(Date.now() - 10 * 60_000)).execute();
}

export function usernamesStartingWith(db: Db, prefix: string) {
  return db.selectFrom('users').select('username').where('username', 'like', `${prefix}%`).execute();
}

/**
 * People whose username or name starts with `prefix`, for people search and @mention suggestions:
 * never me, anyone blocked either way, or anyone who chose not to appear in search (the kernel's rule).
 */
export async function searchPeople(db: Db, viewerId: string, prefix: string, limit: number) {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // One short index walk per name field (migration 0008), each stopping after `limit` rows however
  // many people share the prefix; then the best of the three, by username. Each person comes back
  // as their card, the JSON text a trigger keeps (decision 010).
  const byField = (field: RawBuilder<unknown>) => sql`(
    select u.username, u.card from users u
    where ${field} like ${pattern} and ${appearsInSearchFor(viewerId, 'u')}
    order by ${field} limit ${sql.lit(limit)})`;
  const { rows } = await sql<{ card: JsonText }>`
    select card from (
      ${byField(sql`(u.username collate "C")`)}
      union
      ${byField(sql`(lower(u.first_name) collate "C")`)}
      union
      ${byField(sql`(lower(u.last_name) collate "C")`)}
    ) found
    order by username limit ${sql.lit(limit)}`.execute(db);
  return rows.map((r) => r.card);
}
