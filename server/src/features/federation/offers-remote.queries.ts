import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FederationOffersOutTable } from '../../db/schema.js';

/*
 * Offers people here sent to listings on other servers (0044 `federation_offers_out`, decision
 * 090). The federation feature's: the offers a listing's author here receives are the offers
 * feature's (`offers`), handed over in app.ts.
 */

export type SentOfferRow = Selectable<FederationOffersOutTable>;

/**
 * A new sent offer. A second live (sent or accepted) one by the person on the listing meets
 * `federation_offers_out_live` and writes nothing (`on conflict do nothing`): false.
 */
export async function insertSentOffer(
  db: Db,
  row: Omit<Insertable<FederationOffersOutTable>, 'state' | 'createdAt' | 'decidedAt'>,
): Promise<boolean> {
  const written = await db
    .insertInto('federationOffersOut')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** My sent offers, newest first. */
export function sentOffersOf(db: Db, userId: string): Promise<SentOfferRow[]> {
  return db
    .selectFrom('federationOffersOut')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One sent offer: mine (someone else's is undefined, as a missing one). */
export function sentOfferOf(db: Db, userId: string, id: string): Promise<SentOfferRow | undefined> {
  return db
    .selectFrom('federationOffersOut')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** A sent offer and its sender's username, for the delivery job (which signs as them). */
export function sentOfferToDeliver(db: Db, id: string) {
  return db
    .selectFrom('federationOffersOut as o')
    .innerJoin('users as u', 'u.id', 'o.userId')
    .select([
      'o.activityId',
      'o.objectUri',
      'o.remoteActor',
      'o.message',
      'o.give',
      'o.available',
      'o.createdAt',
    ])
    .select('u.username')
    .where('o.id', '=', id)
    .executeTakeFirst();
}

/** The person takes their offer back while it is still unanswered; false when it no longer is. */
export async function withdrawSentOffer(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('federationOffersOut')
    .set({ state: 'withdrawn', decidedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('state', '=', 'sent')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The listing's author answered our Offer: only an Offer still unanswered, and only when the one
 * answering is the author we sent it to. The offer as it now is, or undefined.
 */
export async function answerSentOffer(
  db: Db,
  input: { activityId: string; remoteActor: string; state: 'accepted' | 'declined' },
) {
  return db
    .updateTable('federationOffersOut')
    .set({ state: input.state, decidedAt: sql<Date>`now()` })
    .where('activityId', '=', input.activityId)
    .where('remoteActor', '=', input.remoteActor)
    .where('state', '=', 'sent')
    .returning(['id', 'userId', 'title'])
    .executeTakeFirst();
}

/** A remote actor as last fetched (where to deliver to them, what to call them). */
export function storedRemoteActor(db: Db, uri: string) {
  return db
    .selectFrom('federationRemoteActors')
    .select(['uri', 'inbox', 'sharedInbox', 'name', 'handle', 'host'])
    .where('uri', '=', uri)
    .executeTakeFirst();
}
