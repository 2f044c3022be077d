import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Cursor } from '../../platform/paging.js';

/**
 * Verified organisations (0034, decision 069): the organisation_requests table, this feature's
 * own. users.verified_org follows its approved row by a trigger; nothing here writes users.
 */

const requestColumns = [
  'r.id',
  'r.userId',
  'r.organisationName',
  'r.website',
  'r.contactName',
  'r.contactEmail',
  'r.contactPhone',
  'r.proof',
  'r.status',
  'r.reason',
  'r.decidedAt',
  'r.createdAt',
] as const;

export type NewRequest = {
  id: string;
  userId: string;
  organisationName: string;
  website: string;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  proof: string;
};

/**
 * Stores the ask unless the person has one waiting or approved (0034's partial unique index): the
 * row, or undefined. Two asks racing end the same way, one stored and one refused.
 */
export async function insertRequest(db: Db, r: NewRequest) {
  return db
    .insertInto('organisationRequests')
    .values(r)
    .onConflict((oc) =>
      oc
        .column('userId')
        .where(sql<boolean>`status in ('waiting', 'approved')`)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The person's latest request, whatever its state (a withdrawn one is gone). */
export function latestRequestOf(db: Db, userId: string) {
  return db
    .selectFrom('organisationRequests as r')
    .select(requestColumns)
    .where('r.userId', '=', userId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(sql.lit(1))
    .executeTakeFirst();
}

/** Withdraws the person's waiting request: whether there was one. */
export async function deleteWaitingRequest(db: Db, userId: string) {
  const gone = await db
    .deleteFrom('organisationRequests')
    .where('userId', '=', userId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

/** Staff's view of requests: each with its author's card, role and account age. */
function staffRequests(db: Db) {
  return db
    .selectFrom('organisationRequests as r')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select([...requestColumns, 'u.card', 'u.role', 'u.createdAt as accountCreatedAt']);
}

/**
 * Waiting requests oldest first (the first asked is the first answered), or approved ones newest
 * first (to find one to revoke): keyset paged on (created_at, id), one row more than the page.
 */
export function listRequestsForStaff(
  db: Db,
  status: 'waiting' | 'approved',
  options: { cursor?: Cursor | undefined; limit: number },
) {
  const up = status === 'waiting';
  let q = staffRequests(db).where('r.status', '=', status);
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) =>
      eb.or([
        eb('r.createdAt', up ? '>' : '<', createdAt),
        eb.and([eb('r.createdAt', '=', createdAt), eb('r.id', up ? '>' : '<', id)]),
      ]),
    );
  }
  return q
    .orderBy('r.createdAt', up ? 'asc' : 'desc')
    .orderBy('r.id', up ? 'asc' : 'desc')
    .limit(sql.lit(options.limit + 1))
    .execute();
}

export function findRequestForStaff(db: Db, id: string) {
  return staffRequests(db).where('r.id', '=', id).executeTakeFirst();
}

export type StaffRequestRow = NonNullable<Awaited<ReturnType<typeof findRequestForStaff>>>;

/**
 * Moves a request from `from` to `to` with the moderator's reason, only if it is still in `from`
 * (two moderators answering at once: the second finds it answered). The row after, or undefined.
 */
export function settleRequest(
  db: Db,
  id: string,
  change: {
    from: 'waiting' | 'approved';
    to: 'approved' | 'refused' | 'revoked';
    reason: string;
    decidedBy: string;
  },
) {
  return db
    .updateTable('organisationRequests')
    .set({
      status: change.to,
      reason: change.reason || null,
      decidedBy: change.decidedBy,
      decidedAt: sql<Date>`date_trunc('milliseconds', now())`,
    })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .returningAll()
    .executeTakeFirst();
}
