import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hostBlocked } from './federation.queries.js';
import { remoteActorBlockedBy } from './remote-blocks.queries.js';

/*
 * Remote replies as a post's comments show them (decision 091). The federation feature owns
 * `federation_remote_replies`; the comments feature reads them only through these, handed to it
 * in app.ts. Whether the viewer may read the post at all is the comments feature's to check first.
 */

/** At most this many remote replies under a post, as the comments list shows at most 500 comments. */
const SHOWN = 500;

/**
 * A post's remote replies in comment order (when, then id), none removed, none from a server
 * blocked now and none by someone the viewer blocked (decision 092: on the viewer's own posts
 * those were deleted at block time, but not under anyone else's), with what we last fetched of
 * each author. "When" is the reply's own date, but never later than its arrival: a server cannot
 * pin a reply under all the others by dating it ahead.
 */
export function remoteRepliesOf(db: Db, postId: string, viewerId: string) {
  return db
    .selectFrom('federationRemoteReplies as r')
    .leftJoin('federationRemoteActors as a', 'a.uri', 'r.remoteActor')
    .select([
      'r.id',
      'r.postId',
      'r.objectUri',
      'r.url',
      'r.text',
      'r.remoteActor',
      'r.host',
      'a.name',
      'a.handle',
      sql<Date>`least(r.published, r.created_at)`.as('createdAt'),
    ])
    .where('r.postId', '=', postId)
    .where('r.removedAt', 'is', null)
    .where(hostBlocked('r.host'), '=', false)
    .where(sql<boolean>`not ${remoteActorBlockedBy(sql`${viewerId}`, sql.ref('r.remote_actor'))}`)
    .orderBy(sql`least(r.published, r.created_at)`)
    .orderBy('r.id')
    .limit(sql.lit(SHOWN))
    .execute();
}

export type RemoteReplyRow = Awaited<ReturnType<typeof remoteRepliesOf>>[number];

/** One remote reply under this post as it is shown (not removed, its server not blocked), or undefined. */
export function remoteReplyUnder(db: Db, postId: string, id: string) {
  return db
    .selectFrom('federationRemoteReplies as r')
    .select(['r.id', 'r.host', 'r.objectUri'])
    .where('r.id', '=', id)
    .where('r.postId', '=', postId)
    .where('r.removedAt', 'is', null)
    .where(hostBlocked('r.host'), '=', false)
    .executeTakeFirst();
}

/**
 * Takes a remote reply away: kept as a tombstone, its text emptied, so that an Update from its
 * server does not bring it back (upsertRemoteReply leaves a removed one be); 0045's trigger takes
 * it off the post's comment count. True when it was there to remove.
 */
export async function removeRemoteReply(db: Db, id: string, byId: string): Promise<boolean> {
  const done = await db
    .updateTable('federationRemoteReplies')
    .set({ removedAt: sql<Date>`now()`, removedBy: byId, text: '' })
    .where('id', '=', id)
    .where('removedAt', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
