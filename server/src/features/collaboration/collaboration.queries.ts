import { type Insertable, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CollaborationRequestsTable } from '../../db/schema.js';
import type { Cursor } from '../../platform/paging.js';
import {
  accountShown,
  contentShownTo,
  hiddenEitherWay,
  profileVisibleTo,
} from '../../social/social.queries.js';

/**
 * Requests with their poster; with a viewer, never those of someone blocked either way (nor of the
 * suspended), nor one a moderator hid from them. The
 * poster's bio is part of their profile: shown only to whom the profile is (`profileVisibleTo`; a
 * visitor, only an open one), else empty, as a limited profile shows it (issue 31).
 */
function withPoster(db: Db, viewerId?: string) {
  const profileVisible =
    viewerId === undefined
      ? sql<boolean>`u.profile_visibility = 'everyone'`
      : profileVisibleTo(viewerId, 'u');
  const q = db
    .selectFrom('collaborationRequests as c')
    .leftJoin('users as u', 'u.id', 'c.userId')
    .selectAll('c')
    .select([
      'u.firstName',
      'u.lastName',
      'u.username',
      sql<string>`case when ${profileVisible} then u.bio else '' end`.as('bio'),
    ]);
  // A moderator's hidden request is its owner's alone, and a suspended owner's are nobody's (decision 071).
  return viewerId === undefined
    ? q.where(contentShownTo(undefined, 'c')).where(accountShown(sql.ref('c.user_id')))
    : q
        .where(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('c.user_id'))}`)
        .where(contentShownTo(viewerId, 'c', 'user_id'));
}

export type CollaborationRow = Awaited<ReturnType<typeof findCollaboration>> & object;

/** Newest first by keyset; `category` undefined lists every category. */
export function listCollaborations(
  db: Db,
  options: { category?: string; cursor?: Cursor; limit: number; viewerId?: string },
) {
  let q = withPoster(db, options.viewerId);
  if (options.category) q = q.where('c.category', '=', options.category);
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) =>
      eb.or([
        eb('c.createdAt', '<', createdAt),
        eb.and([eb('c.createdAt', '=', createdAt), eb('c.id', '<', id)]),
      ]),
    );
  }
  return q
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(sql.lit(options.limit + 1))
    .execute();
}

export function findCollaboration(db: Db, id: string, viewerId?: string) {
  return withPoster(db, viewerId).where('c.id', '=', id).executeTakeFirst();
}

export function insertCollaboration(db: Db, row: Insertable<CollaborationRequestsTable>) {
  return db.insertInto('collaborationRequests').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateCollaboration(db: Db, id: string, changes: Updateable<CollaborationRequestsTable>) {
  return db
    .updateTable('collaborationRequests')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** A moderator's decision on the request (issue 35 item 3): hidden with the reason, or shown (null). */
export function setCollaborationHidden(db: Db, id: string, reason: string | null) {
  return db.updateTable('collaborationRequests').set({ hiddenReason: reason }).where('id', '=', id).execute();
}

export function deleteCollaboration(db: Db, id: string) {
  return db.deleteFrom('collaborationRequests').where('id', '=', id).execute();
}
