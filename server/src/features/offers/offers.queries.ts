import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type ThenInTransaction, batchColumn, batched, columnsOf } from '../../db/batched.js';
import { prepared } from '../../db/prepared.js';
import { sessionIsLive } from '../../platform/auth/session.queries.js';
import type { Cursor } from '../../platform/paging.js';
import {
  cardOf,
  hiddenEitherWay,
  missionOfPostVisibleTo,
  missionVisibleTo,
  type ViewerId,
} from '../../social/social.queries.js';

/**
 * The offers feature owns `offers` (0015). It reads the post or mission an offer is about, and the
 * other person's card, in the same statement as the offer; who may see whom is the kernel's.
 * `posts.offer_count` is kept by 0015's trigger: nothing here writes it.
 */

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

export type OfferRow = {
  id: string;
  status: OfferStatus;
  message: string;
  give: string;
  available: string;
  createdAt: Date;
  decidedAt: Date | null;
  /** Null for a helper on another server (decision 090): `remoteHelper` names them. */
  helperId: string | null;
  ownerId: string;
  /** Which side the viewer is on. */
  box: 'received' | 'made';
  /** The other person's card JSON (users.card): the helper in Received, the owner in Made; null for a remote helper. */
  personCard: string | null;
  /** A helper on another server: their actor URI, the Offer they sent, and their card's parts as last fetched. */
  remoteHelper: string | null;
  remoteActivity: string | null;
  remoteName: string | null;
  remoteHandle: string | null;
  remoteAvatar: string | null;
  remoteHost: string | null;
  postId: string | null;
  postKind: string | null;
  postTitle: string | null;
  postContent: string | null;
  postCategory: string | null;
  postStatus: string | null;
  missionId: string | null;
  missionTitle: string | null;
  missionPhoto: string | null;
};

const me = (id: ViewerId) => sql`${id}::uuid`;

/** The viewer's side of offer `o` and the other person, for the select and the join. */
const boxOf = (viewerId: ViewerId) =>
  sql`case when o.owner_id = ${me(viewerId)} then 'received' else 'made' end`;
const otherOf = (viewerId: string) =>
  sql`case when o.owner_id = ${me(viewerId)} then o.helper_id else o.owner_id end`;

function offerColumns(viewerId: ViewerId) {
  return sql`o.id, o.status, o.message, o.give, o.available, o.created_at as "createdAt", o.decided_at as "decidedAt",
    o.helper_id as "helperId", o.owner_id as "ownerId", ${boxOf(viewerId)} as box, ${cardOf('u')} as "personCard",
    p.id as "postId", p.kind as "postKind", p.title as "postTitle", p.content as "postContent", p.category as "postCategory",
    p.status as "postStatus", m.id as "missionId", m.title as "missionTitle", m.photo as "missionPhoto",
    o.remote_helper as "remoteHelper", o.remote_activity as "remoteActivity", ra.name as "remoteName",
    ra.handle as "remoteHandle", ra.avatar as "remoteAvatar", ra.host as "remoteHost"`;
}

/**
 * The other person, here (`u`) or, for a helper on another server, the federation feature's copy
 * of their actor (`ra`, decision 090); a block or suspension hides only someone here.
 */
const otherJoins = (other: RawBuilder<unknown>) =>
  sql`left join users u on u.id = ${other}
    left join federation_remote_actors ra on ra.uri = o.remote_helper`;
const otherShown = (viewerId: ViewerId) =>
  sql`(u.id is not null or ra.uri is not null)
    and (u.id is null or not ${hiddenEitherWay(viewerId, sql.ref('u.id'))})`;

/** An offer the viewer made or received, with the other person not blocked either way; else undefined. */
export async function findOffer(db: Db, viewerId: string, id: string): Promise<OfferRow | undefined> {
  const { rows } = await sql<OfferRow>`
    select ${offerColumns(viewerId)}
    from offers o
    ${otherJoins(otherOf(viewerId))}
    left join posts p on p.id = o.post_id
    left join missions m on m.id = o.mission_id
    where o.id = ${id} and (o.owner_id = ${me(viewerId)} or o.helper_id = ${me(viewerId)})
      and ${otherShown(viewerId)}`.execute(db);
  return rows[0];
}

/**
 * A page of the viewer's Received (they are the owner) or Made (the helper) box, newest first by
 * keyset on offers_received / offers_made. Offers whose other person is blocked either way with the
 * viewer are left out.
 */
export async function listOffers(
  db: Db,
  viewerId: string,
  options: {
    box: 'received' | 'made';
    status?: OfferStatus | undefined;
    cursor?: Cursor | undefined;
    limit: number;
  },
): Promise<OfferRow[]> {
  const mine = options.box === 'received' ? sql.ref('o.owner_id') : sql.ref('o.helper_id');
  const other = options.box === 'received' ? sql.ref('o.helper_id') : sql.ref('o.owner_id');
  const { rows } = await sql<OfferRow>`
    select ${offerColumns(viewerId)}
    from offers o
    ${otherJoins(other)}
    left join posts p on p.id = o.post_id
    left join missions m on m.id = o.mission_id
    where ${mine} = ${me(viewerId)}
      ${options.status ? sql`and o.status = ${options.status}` : sql``}
      ${options.cursor ? sql`and (o.created_at, o.id) < (${options.cursor.createdAt}, ${options.cursor.id}::uuid)` : sql``}
      and ${otherShown(viewerId)}
    order by o.created_at desc, o.id desc
    limit ${sql.lit(options.limit + 1)}`.execute(db);
  return rows;
}

/**
 * A post's status as of this statement: an open need or want whose expiry has passed is expired,
 * whether or not the minute job has marked it yet (issue 31). The expiry time decides, in the
 * statement that writes, so no offer or acceptance slips in between the time and the job.
 */
function statusAsOfNow(post: RawBuilder<unknown>) {
  return sql<
    string | null
  >`(case when ${post}.status = 'open' and ${post}.kind in ('need', 'want') and ${post}.expires_at <= now()
    then 'expired' else ${post}.status end)`;
}

/**
 * What an offer on a post came to (`offerOnPostIfAllowed`): whether the helper's session was live,
 * the post as the offer needed it (null: missing, or hidden by a block either way), and the offer
 * made now with its columns as findOffer reads them (null: nothing written).
 */
export type OfferOnPostRow = {
  live: boolean;
  targetId: string | null;
  targetAuthorId: string | null;
  targetKind: string | null;
  targetStatus: string | null;
} & ({ [K in keyof OfferRow]: OfferRow[K] } | { [K in keyof OfferRow]: null });

/**
 * An offer on a post in one statement (it was four round trips: the session, the post, the insert,
 * the offer read back). Nothing is written unless the helper's session is still live (the route
 * takes the viewer from the session cache, decision 030), the post is theirs to see (not blocked
 * either way, no members-only mission's update to an outsider), it is a need or a want, not their own, and neither fulfilled nor expired; a second
 * live offer by the same person on the post meets offers_one_live_per_post and writes nothing
 * (`on conflict do nothing`: the offer columns are null). The service tells these apart from the
 * post's columns, as it did when they were separate reads. `posts.offer_count` moves by 0015's trigger.
 */
export async function offerOnPostIfAllowed(
  db: Db,
  a: OfferOnPost,
  then?: ThenInTransaction<OfferOnPostRow>,
): Promise<OfferOnPostRow> {
  return offerOnPost(db, a, then);
}

type OfferOnPost = {
  sessionId: string;
  id: string;
  postId: string;
  helperId: string;
  message: string;
  give: string;
  available: string;
};

/**
 * The statement, for every offer that queued while others ran (db/batched.ts, decision 035): each
 * row of `i` is one offer, and every step is the one-offer statement's, joined on `i.ord`. Offers
 * on one post never share a batch (`key`): the count trigger locks the post's row, and batches
 * take those locks in post order.
 */
const offersOnPosts = prepared(
  (db, a: { [K in keyof OfferOnPost]: Array<OfferOnPost[K]> }) =>
    sql<OfferOnPostRow & { ord: number }>`
    with i as materialized (
      select * from unnest(${batchColumn(a.sessionId, 'uuid[]')}, ${batchColumn(a.id, 'uuid[]')}, ${batchColumn(a.postId, 'uuid[]')}, ${batchColumn(a.helperId, 'uuid[]')}, ${batchColumn(a.message, 'text[]')}, ${batchColumn(a.give, 'text[]')}, ${batchColumn(a.available, 'text[]')})
        with ordinality as i (session_id, id, post_id, helper_id, message, give, available, ord)
    ), live as (
      select i.ord, ${sessionIsLive(sql.ref('i.session_id'))} as live from i
    ), target as (
      select i.ord, p.id, p.author_id, p.kind, ${statusAsOfNow(sql.ref('p'))} as status, p.title, p.content, p.category
      from i join posts p on p.id = i.post_id
      where not ${hiddenEitherWay(sql.ref('i.helper_id'), sql.ref('p.author_id'))}
        and ${missionOfPostVisibleTo(sql.ref('i.helper_id'), sql.ref('p.mission_id'))}
    ), made as (
      insert into offers (id, post_id, mission_id, owner_id, helper_id, message, give, available)
      select i.id, t.id, null, t.author_id, i.helper_id, i.message, i.give, i.available
      from i join live l on l.ord = i.ord join target t on t.ord = i.ord
      where l.live and t.kind in ('need', 'want') and t.author_id <> i.helper_id
        and coalesce(t.status, '') not in ('fulfilled', 'expired')
      order by t.id
      on conflict do nothing
      returning *
    )
    select i.ord, l.live, t.id as "targetId", t.author_id as "targetAuthorId", t.kind as "targetKind", t.status as "targetStatus",
      ${offerColumns(sql.ref('i.helper_id'))}
    from i join live l on l.ord = i.ord
    left join target t on t.ord = i.ord
    left join (made o join users u on u.id = o.owner_id join target p on p.id = o.post_id left join missions m on m.id = o.mission_id
      left join federation_remote_actors ra on ra.uri = o.remote_helper)
      on o.id = i.id and p.ord = i.ord
    order by i.ord`,
);

const offerOnPost = batched(
  async (db, offers: OfferOnPost[]) =>
    (await offersOnPosts(db, columnsOf(offers))).map(({ ord: _ord, ...row }) => row as OfferOnPostRow),
  { key: (o) => o.postId },
);

/** A mission the viewer may see (the kernel's missionVisibleTo), with its owner; else undefined. */
export async function findMissionToOffer(db: Db, viewerId: string, missionId: string) {
  const { rows } = await sql<{ id: string; ownerId: string; title: string }>`
    select m.id, m.owner_id as "ownerId", m.title from missions m
    where m.id = ${missionId} and ${missionVisibleTo(viewerId, 'm')}`.execute(db);
  return rows[0];
}

/**
 * A new pending offer. A second live offer by the same person on the same post or mission breaks
 * a partial unique index (23505): answered `false`, with nothing written.
 */
export async function insertOffer(
  db: Db,
  row: {
    id: string;
    postId: string | null;
    missionId: string | null;
    helperId: string;
    ownerId: string;
    message: string;
    give: string;
    available: string;
  },
): Promise<boolean> {
  try {
    await db.insertInto('offers').values(row).execute();
    return true;
  } catch (err) {
    if ((err as { code?: string })?.code === '23505') return false;
    throw err;
  }
}

/**
 * The receiver's answer, in one statement that only moves a pending offer: two quick clicks answer
 * once (the second finds nothing). Returns whether this call answered it. An acceptance also needs
 * its need or want still unexpired (`statusAsOfNow`), in the same statement: past its expiry time
 * it takes no help, as it takes no offers; a no may still be said.
 */
export async function decideOffer(
  db: Db,
  input: { id: string; ownerId: string; status: 'accepted' | 'declined' },
): Promise<boolean> {
  let q = db
    .updateTable('offers')
    .set({ status: input.status, decidedAt: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('ownerId', '=', input.ownerId)
    .where('status', '=', 'pending');
  if (input.status === 'accepted') {
    q = q.where(
      sql<boolean>`not exists (select 1 from posts p where p.id = offers.post_id and ${statusAsOfNow(sql.ref('p'))} = 'expired')`,
    );
  }
  const row = await q.returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Whether the offer's post is a need or want past its expiry (`statusAsOfNow`), for telling why an acceptance was refused. */
export async function offerNeedExpired(db: Db, offerId: string): Promise<boolean> {
  const { rows } = await sql<{ expired: boolean }>`
    select ${statusAsOfNow(sql.ref('p'))} = 'expired' as expired
    from offers o join posts p on p.id = o.post_id where o.id = ${offerId}`.execute(db);
  return rows[0]?.expired ?? false;
}

/**
 * An offer from a helper on another server (decision 090) on our open need or want, in one
 * statement that writes only while the post is one (statusAsOfNow). A repeated delivery of the same
 * Offer, or a second live one by the same helper on the post, writes nothing: undefined then.
 */
export async function insertRemoteOffer(
  db: Db,
  row: {
    id: string;
    postId: string;
    remoteHelper: string;
    remoteActivity: string;
    message: string;
    give: string;
    available: string;
  },
): Promise<{ ownerId: string } | undefined> {
  const { rows } = await sql<{ ownerId: string }>`
    insert into offers (id, post_id, owner_id, remote_helper, remote_activity, message, give, available)
    select ${row.id}, p.id, p.author_id, ${row.remoteHelper}, ${row.remoteActivity}, ${row.message}, ${row.give}, ${row.available}
    from posts p
    where p.id = ${row.postId} and p.kind in ('need', 'want')
      and coalesce(${statusAsOfNow(sql.ref('p'))}, '') not in ('fulfilled', 'expired')
    on conflict do nothing
    returning owner_id as "ownerId"`.execute(db);
  return rows[0];
}

/** A remote helper's Undo of their Offer: only theirs, and only while it waits. */
export async function withdrawRemoteOffer(
  db: Db,
  input: { remoteActivity: string; remoteHelper: string },
): Promise<boolean> {
  const row = await db
    .updateTable('offers')
    .set({ status: 'withdrawn', decidedAt: sql<Date>`now()` })
    .where('remoteActivity', '=', input.remoteActivity)
    .where('remoteHelper', '=', input.remoteHelper)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The helper takes back their pending offer; the row stays (withdrawn), and the post's count drops by trigger. */
export async function withdrawOffer(db: Db, input: { id: string; helperId: string }): Promise<boolean> {
  const row = await db
    .updateTable('offers')
    .set({ status: 'withdrawn', decidedAt: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('helperId', '=', input.helperId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The two people's direct chat id (directChatIdOf, below), or null before it exists. */
export async function directChatOf(db: Db, a: string, b: string): Promise<string | null> {
  const { rows } = await sql<{ id: string | null }>`select ${directChatIdOf(a, b)} as id`.execute(db);
  return rows[0]?.id ?? null;
}

/** The direct chat of two people (the chats feature's row), or null before either wrote. */
function directChatIdOf(a: string, b: string): RawBuilder<string | null> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  return sql<string | null>`(select dc.id from chats dc where dc.direct_key = ${key})`;
}
