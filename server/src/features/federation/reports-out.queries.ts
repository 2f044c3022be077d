import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * Reports of remote listings and replies sent to their servers (decision 094, 0047
 * `federation_reports_out`). The federation feature's.
 */

/** Whose a remote object kept here is (a listing, or a reply under one of our posts), or undefined. */
export async function reportableObject(
  db: Db,
  objectUri: string,
): Promise<{ remoteActor: string; host: string } | undefined> {
  const { rows } = await sql<{ remoteActor: string; host: string }>`
    select remote_actor as "remoteActor", host from federation_remote_posts where object_uri = ${objectUri}
    union all
    select remote_actor, host from federation_remote_replies where object_uri = ${objectUri}
    limit 1`.execute(db);
  return rows[0];
}

/** Where a remote actor is reached, as we last fetched it (undefined: never fetched). */
export function storedRemoteActor(db: Db, uri: string) {
  return db
    .selectFrom('federationRemoteActors')
    .select(['uri', 'inbox', 'sharedInbox'])
    .where('uri', '=', uri)
    .executeTakeFirst();
}

/** Stores a report unless this person reported this object before (false then). */
export async function insertReportOut(
  db: Db,
  row: {
    id: string;
    reporterId: string;
    objectUri: string;
    remoteActor: string;
    host: string;
    reason: string;
    note: string;
    flagId: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('federationReportsOut')
    .values(row)
    .onConflict((oc) => oc.columns(['reporterId', 'objectUri']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteReportOut(db: Db, id: string): Promise<void> {
  await db.deleteFrom('federationReportsOut').where('id', '=', id).execute();
}
