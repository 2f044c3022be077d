import { type Expression, type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { batchColumn, batched, givenColumns, snakeCase, type ThenInTransaction } from '../../db/batched.js';
import { prepared } from '../../db/prepared.js';
import type { PostsTable } from '../../db/schema.js';
import { sessionIsLive } from '../../platform/auth/session.queries.js';
import type { JsonText } from '../../platform/json-text.js';
import type { Cursor } from '../../platform/paging.js';
import {
  cardOf,
  contentShownTo,
  hiddenEitherWay,
  isAcceptedHelper,
  isMissionMember,
  limitedFrom,
  missionOfPostVisibleTo,
  missionVisibleTo,
  mutedByViewer,
  type Person,
  postVisibleTo,
  profileVisibleTo,
  silencedForViewer,
  silencedIdsFor,
} from '../../social/social.queries.js';

/*
 * Other features' rows that posts' statements read (connections, missions, offers): plain readings,
 * each for posts alone; whom they hide or show is the kernel's to say (decision 058).
 */

/** Ids of the person's connections, as a subquery (one index range of `connections`). */
function connectionIdsOf(person: Person | string): RawBuilder<string> {
  return sql<string>`(select cfeed.other_id from connections cfeed where cfeed.user_id = ${person})`;
}

/** Ids of the missions the person follows or belongs to, as a subquery. */
function missionsHeardBy(person: Person | string): RawBuilder<string> {
  return sql<string>`(select mfeed.mission_id from mission_follows mfeed where mfeed.user_id = ${person}
    union select mmfeed.mission_id from mission_members mmfeed where mmfeed.user_id = ${person})`;
}

/** Ids of the people with a live (pending or accepted) offer on the post, as a subquery: `id in (…)`. */
function liveOfferersOf(postId: Person | string): RawBuilder<string> {
  return sql<string>`(select olive.helper_id from offers olive where olive.post_id = ${postId} and olive.status in ('pending', 'accepted'))`;
}

/**
 * The people with a live offer on a post (as liveOfferersOf), newest offer first, at most `limit`:
 * what a need's author sees on its card ("who offered").
 */
function newestLiveOfferersOf(postId: Person | string, limit: number): RawBuilder<string> {
  return sql<string>`(select onew.helper_id from offers onew where onew.post_id = ${postId} and onew.status in ('pending', 'accepted')
    order by onew.created_at desc, onew.id desc limit ${sql.lit(limit)})`;
}

/**
 * Where the viewer stands with a mission they may see — its title and status and their role — or
 * undefined when it is not theirs to see (missing, hidden by a block, members-only). For posts:
 * a member's post about an ongoing mission is one of its updates.
 */
export async function missionStanding(
  db: Db,
  viewerId: string,
  missionId: string,
): Promise<
  | { title: string; status: 'ongoing' | 'completed'; role: 'owner' | 'partner' | 'collaborator' | null }
  | undefined
> {
  const { rows } = await sql<{
    title: string;
    status: 'ongoing' | 'completed';
    role: 'owner' | 'partner' | 'collaborator' | null;
  }>`
    select m.title, m.status,
      (select mm.role from mission_members mm where mm.mission_id = m.id and mm.user_id = ${viewerId}) as role
    from missions m where m.id = ${missionId} and ${missionVisibleTo(viewerId, 'm')}`.execute(db);
  return rows[0];
}

/**
 * The cards of the helpers its author credited (issue 13), in the order credited. Nearly every post
 * credits no one, and then nothing is looked up.
 */
const helperCards = sql<string>`case when cardinality(p.credited_ids) = 0 then '' else coalesce((
  select string_agg(${cardOf('hu')}, ',' order by array_position(p.credited_ids, hu.id)) from users hu where hu.id = any(p.credited_ids)), '') end`;

/** Who offered help, newest first, at most this many, on a need's card — shown to its author only. */
const OFFERED_BY_SHOWN = 10;

/**
 * The cards of those with a live offer on the post when the viewer is its author, else `[]`: it
 * belongs to one viewer, so it is never part of the shared text (nor of a shared cache).
 */
function offeredByFor(viewerId: string) {
  return sql<JsonText>`case when p.author_id = ${viewerId} and p.offer_count > 0 then (
    select '[' || coalesce(string_agg(${cardOf('ou')}, ',' order by o.n), '') || ']'
    from unnest(array${newestLiveOfferersOf(sql.ref('p.id'), OFFERED_BY_SHOWN)}) with ordinality as o (id, n) join users ou on ou.id = o.id)
    else '[]' end`;
}

/**
 * A post as everybody sees it, as JSON text (decision 010): what its author wrote, rendered when it
 * was written (`posts.rendered`), with the author's card and the counts spliced in (remote Likes,
 * Announces and replies among them, decision 091). Building this
 * JSON on every read cost PostgreSQL more than finding the posts. The viewer's own marks
 * (likedByMe, savedByMe) are added by the service (`presentPost`).
 */
const postText = (
  rendered: RawBuilder<string>,
) => sql<JsonText>`left(${rendered}, -1) || ',"author":' || a.card || ',"likeCount":' || p.like_count || ',"commentCount":' || p.comment_count
  || ',"boostCount":' || p.boost_count || ',"offerCount":' || p.offer_count || ',"helpers":[' || ${helperCards} || '],"hiddenReason":' || coalesce(to_json(p.hidden_reason)::text, 'null') || '}'`;
const sharedPost = postText(sql<string>`p.rendered`);

/**
 * The viewer may see the exact place of the post `p` (issue 16, decision 022): its author, a helper
 * whose offer on it was accepted, or — a mission update — a member of its mission. Everyone else
 * reads `map_location`, approximate, as `rendered` holds it.
 */
const mayPinpoint = (viewerId: string) =>
  sql<boolean>`(p.author_id = ${viewerId} or ${isAcceptedHelper(viewerId, sql.ref('p.id'))}
    or (p.mission_id is not null and ${isMissionMember(viewerId, sql.ref('p.mission_id'))}))`;

/** `rendered` with the exact place in place of the public one: costs nothing for a post without a place, and probes only for one with. */
const renderedFor = (viewerId: string) =>
  sql<string>`case when p.exact_location is null then p.rendered
    when ${mayPinpoint(viewerId)} then jsonb_set(p.rendered::jsonb, '{mapLocation}', p.exact_location)::text
    else p.rendered end`;

/** `rendered` with the exact place, for its author. */
const exactRendered = sql<string>`case when p.exact_location is null then p.rendered
  else jsonb_set(p.rendered::jsonb, '{mapLocation}', p.exact_location)::text end`;

/** The post has an exact place that shared texts leave out. */
const placed = sql<boolean>`p.exact_location is not null`;

/** A post as one viewer sees it: sharedPost, with the exact place when it is theirs to see. */
const postSeenBy = (viewerId: string) => postText(renderedFor(viewerId));

/**
 * The post's timestamp as `toISOString` writes it, for its keyset cursor: PostgreSQL writes it in a
 * microsecond, where parsing twenty-one timestamps into Dates cost the API more.
 */
const isoCreatedAt = sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What the service needs beside the text: the keyset position and the author, for rights and for hiding. */
export type PostRow = {
  id: string;
  authorId: string;
  createdAt: string;
  post: JsonText;
  /** Shared rows only: the post has an exact place its text leaves out (viewerMarks says who may see it). */
  placed?: boolean;
};
export type SeenPostRow = PostRow & { likedByMe: boolean; savedByMe: boolean; offeredBy: JsonText };

/** What picks a page of posts; absent filters are left out of the query. */
type PageArgs = {
  /** Who is looking: a block either way hides posts, their likes and saves mark them. */
  viewerId?: string | undefined;
  /** The home feed only: the posts of people this viewer muted are left out too. */
  mutedBy?: string | undefined;
  limit: number;
  postId?: string | undefined;
  kind?: string | undefined;
  /** Any of these kinds (a profile's Needs & Provisions tab). */
  kinds?: readonly string[] | undefined;
  authorId?: string | undefined;
  hashtag?: string | undefined;
  savedBy?: string | undefined;
  /** The home feed's public tail: posts outside this viewer's network (see networkKeys), none silenced. */
  publicFor?: string | undefined;
  /** A mission's updates timeline (0014's posts_mission_updates index). */
  missionId?: string | undefined;
  cursorAt?: Date | undefined;
  cursorId?: string | undefined;
};

/**
 * A page of posts, newest first by keyset, without authors blocked either way (and, in the home
 * feed, muted); one row more than the page says whether another exists. The hidden are left out
 * before the limit, so a page is full whenever enough posts remain. Posts are found first and dressed afterwards, so authors
 * and marks are looked up for the page's rows only (and PostgreSQL does not set up a cache for a
 * join over the whole table).
 */
function findPage(db: Db, a: PageArgs) {
  let q = db
    .selectFrom('posts as p')
    .select([
      'p.id',
      'p.authorId',
      'p.createdAt',
      'p.rendered',
      'p.likeCount',
      'p.commentCount',
      'p.boostCount',
      'p.offerCount',
      'p.creditedIds',
      'p.exactLocation',
      'p.missionId',
      'p.hiddenReason',
    ]);
  if (a.viewerId !== undefined)
    q = q.where(sql<boolean>`not ${hiddenEitherWay(a.viewerId, sql.ref('p.author_id'))}`);
  // What a moderator hid is its author's alone; a limited author's posts reach only their connections.
  q = q.where(contentShownTo(a.viewerId, 'p'));
  q = q.where(sql<boolean>`not ${limitedFrom(a.viewerId, sql.ref('p.author_id'))}`);
  if (a.mutedBy !== undefined)
    q = q.where(sql<boolean>`not ${mutedByViewer(a.mutedBy, sql.ref('p.author_id'))}`);
  q = q.where(missionOfPostVisibleTo(a.viewerId, sql.ref('p.mission_id')));
  if (a.postId !== undefined) q = q.where('p.id', '=', a.postId);
  if (a.kind !== undefined) q = q.where('p.kind', '=', a.kind);
  if (a.kinds !== undefined) q = q.where(sql<boolean>`p.kind = any(${a.kinds}::text[])`);
  if (a.publicFor !== undefined) q = q.where(outsideNetworkOf(a.publicFor));
  if (a.authorId !== undefined) q = q.where('p.authorId', '=', a.authorId);
  if (a.hashtag !== undefined) q = q.where(sql<boolean>`p.hashtags @> array[${a.hashtag}]::text[]`);
  if (a.missionId !== undefined) q = q.where('p.missionId', '=', a.missionId);
  if (a.savedBy !== undefined) {
    const savedBy = a.savedBy;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('savedPosts as sv')
          .select('sv.postId')
          .whereRef('sv.postId', '=', 'p.id')
          .where('sv.userId', '=', savedBy),
      ),
    );
  }
  if (a.cursorAt !== undefined) {
    // A row comparison walks the (created_at, id) index straight from the cursor, however deep.
    q = q.where(sql<boolean>`(p.created_at, p.id) < (${a.cursorAt}, ${a.cursorId}::uuid)`);
  }
  return q
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(sql.lit(a.limit + 1));
}

/** What the viewer did to the post `p` (liked, saved) and, on their own posts, who offered. */
function marksOf(viewerId: string) {
  return [
    sql<boolean>`coalesce((select true from post_likes l where l.post_id = p.id and l.user_id = ${viewerId}), false)`.as(
      'likedByMe',
    ),
    sql<boolean>`coalesce((select true from saved_posts s where s.user_id = ${viewerId} and s.post_id = p.id), false)`.as(
      'savedByMe',
    ),
    offeredByFor(viewerId).as('offeredBy'),
  ] as const;
}

/**
 * A page of posts as one viewer sees them, with what they did to each (liked, saved), in one
 * statement. The marks are scalar subqueries on purpose: PostgreSQL may run an `EXISTS` as a hash
 * of all the viewer's likes, built on every page — 35 ms for someone with 50,000 likes — where
 * a scalar subquery is always one primary-key probe per post.
 */
const seenPage = prepared(
  (db, a: PageArgs & { viewerId: string }) =>
    db
      .selectFrom(findPage(db, a).as('p'))
      .innerJoin('users as a', 'a.id', 'p.authorId')
      .select([
        'p.id',
        'p.authorId',
        isoCreatedAt.as('createdAt'),
        postSeenBy(a.viewerId).as('post'),
        ...marksOf(a.viewerId),
      ])
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc'),
  { literal: ['limit'] },
);

export async function findPost(db: Db, viewerId: string, id: string): Promise<SeenPostRow | undefined> {
  return (await seenPage(db, { viewerId, postId: id, limit: 1 }))[0];
}

/**
 * Posts by id as one viewer sees them now (as seenPage dresses them, marks in the same statement),
 * newest first; those gone, or not theirs to read (postVisibleTo), are left out. For a list another
 * feature finds (the emergency board's keys, decision 058): one probe of the primary key each.
 */
const seenPosts = prepared((db, a: { viewerId: string; ids: string[] }) =>
  db
    .selectFrom('posts as p')
    .innerJoin('users as a', 'a.id', 'p.authorId')
    .select([
      'p.id',
      'p.authorId',
      isoCreatedAt.as('createdAt'),
      postSeenBy(a.viewerId).as('post'),
      ...marksOf(a.viewerId),
    ])
    .where(sql<boolean>`p.id = any(${a.ids}::uuid[])`)
    .where(postVisibleTo(a.viewerId, 'p'))
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc'),
);

export function listPostsSeenBy(db: Db, viewerId: string, ids: string[]): Promise<SeenPostRow[]> {
  return seenPosts(db, { viewerId, ids });
}

type ListOptions = {
  cursor?: Cursor | undefined;
  limit: number;
  kinds?: readonly string[] | undefined;
  publicFor?: string | undefined;
  authorId?: string | undefined;
  hashtag?: string | undefined;
  savedBy?: string | undefined;
  kind?: string | undefined;
  mutedBy?: string | undefined;
  missionId?: string | undefined;
};

/** Newest first by keyset, as one viewer sees them. */
export function listPosts(
  db: Db,
  viewerId: string,
  { cursor, ...filters }: ListOptions,
): Promise<SeenPostRow[]> {
  return seenPage(db, { viewerId, ...filters, cursorAt: cursor?.createdAt, cursorId: cursor?.id });
}

/** The newest page of the feed as everybody sees it; the service shares it and adds `viewerMarks`. */
const newestPage = prepared(
  (db, a: { limit: number; kind?: string | undefined }) =>
    db
      .selectFrom(findPage(db, a).as('p'))
      .innerJoin('users as a', 'a.id', 'p.authorId')
      .select([
        'p.id',
        'p.authorId',
        isoCreatedAt.as('createdAt'),
        sharedPost.as('post'),
        placed.as('placed'),
      ])
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc'),
  { literal: ['limit'] },
);

export function listNewestPosts(
  db: Db,
  options: { limit: number; kind?: string | undefined },
): Promise<PostRow[]> {
  return newestPage(db, options);
}

/* ── The home feed (issue 13, decision 016) ─────────────────────────────────────────────────── */

/** Whose posts are my network's by person: my connections and me. */
const peopleOf = (viewerId: string) =>
  sql<string>`(${connectionIdsOf(viewerId)} union all (select ${viewerId}::uuid))`;

/**
 * The post `p` is not in the viewer's network (networkKeys) and its author is not silenced for
 * them: the home feed's public tail. The three lists are each read once for the whole walk.
 */
function outsideNetworkOf(viewerId: string) {
  return sql<boolean>`(p.author_id <> all(array${peopleOf(viewerId)})
    and not (p.hashtags && array(select hfo.tag from hashtag_follows hfo where hfo.user_id = ${viewerId}))
    and (p.mission_id is null or p.mission_id <> all(array${missionsHeardBy(viewerId)}))
    and not ${silencedForViewer(viewerId, sql.ref('p.author_id'))})`;
}

type NetworkArgs = {
  viewerId: string;
  limit: number;
  cursorAt?: Date | undefined;
  cursorId?: string | undefined;
};

/**
 * The keys of a page of my network's posts, newest first from the cursor: posts by my connections
 * and me, with a hashtag I follow, or updates of a mission I follow or belong to, none by someone
 * silenced for me. Each source is walked on its own index from the cursor — one walk per person
 * (posts_author), per tag (0016's post_hashtags_walk), per mission (posts_mission_updates) — and
 * each walk stops at a page, so a page costs the same at any depth and for any size of network,
 * where one `or` over the whole table would walk it until a page of mine turned up. A post
 * reached twice (a connection's, with a tag I follow) counts once (`union`).
 */
function networkKeys(a: NetworkArgs) {
  const n = sql.lit(a.limit + 1);
  const after = (at: string, id: string) =>
    a.cursorAt === undefined
      ? sql``
      : sql`and (${sql.ref(at)}, ${sql.ref(id)}) < (${a.cursorAt}, ${a.cursorId}::uuid)`;
  // Who is silenced for me, read once for the whole statement rather than probed per row.
  const silenced = silencedIdsFor(a.viewerId);
  return sql<{ id: string; createdAt: Date }>`(
    select w.id, w.created_at from ${peopleOf(a.viewerId)} as au (id)
    cross join lateral (
      select p.id, p.created_at from posts p
      where p.author_id = au.id ${after('p.created_at', 'p.id')} and ${missionOfPostVisibleTo(a.viewerId, sql.ref('p.mission_id'))}
      order by p.created_at desc, p.id desc limit ${n}) w
    where au.id <> all(${silenced})
    union
    select w.id, w.created_at from hashtag_follows hf
    cross join lateral (
      select h.post_id as id, h.created_at from post_hashtags h
      where h.tag = hf.tag ${after('h.created_at', 'h.post_id')} and h.author_id <> all(${silenced})
        and ${missionOfPostVisibleTo(a.viewerId, sql.ref('h.mission_id'))}
      order by h.created_at desc, h.post_id desc limit ${n}) w
    where hf.user_id = ${a.viewerId}
    union
    select w.id, w.created_at from ${missionsHeardBy(a.viewerId)} as m (id)
    cross join lateral (
      select p.id, p.created_at from posts p
      where p.mission_id = m.id ${after('p.created_at', 'p.id')} and p.author_id <> all(${silenced})
        and ${missionOfPostVisibleTo(a.viewerId, sql.ref('p.mission_id'))}
      order by p.created_at desc, p.id desc limit ${n}) w
    order by created_at desc, id desc
    limit ${n})`;
}

/** A post's keyset position, as the home feed's network head keeps it (newest first). */
export type PostKey = { id: string; createdAt: string };

/**
 * The keys of my network's newest posts from the cursor, at most `limit`: the head the service
 * keeps per viewer for a few seconds (decision 016), so the first pages of a scroll — and a page
 * reloaded — cost one walk of the network, not one each; and, past the head, a page's keys.
 */
const networkHead = prepared(
  (db, a: { viewerId: string; limit: number; cursorAt?: Date | undefined; cursorId?: string | undefined }) =>
    db
      .selectFrom(networkKeys({ ...a, limit: a.limit - 1 }).as('p'))
      .select(['p.id', isoCreatedAt.as('createdAt')])
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc'),
  { literal: ['limit'] },
);

/** The keys of my network's newest posts after the cursor (from the top without one), at most `limit`. */
export function listNetworkHead(db: Db, viewerId: string, limit: number, after?: Cursor): Promise<PostKey[]> {
  return networkHead(db, { viewerId, limit, cursorAt: after?.createdAt, cursorId: after?.id });
}

/** Posts by id as everybody sees them (the shared JSON text, no viewer marks); those gone are left out. */
const sharedPosts = prepared((db, a: { ids: string[] }) =>
  db
    .selectFrom('posts as p')
    .innerJoin('users as a', 'a.id', 'p.authorId')
    .select(['p.id', 'p.authorId', isoCreatedAt.as('createdAt'), sharedPost.as('post'), placed.as('placed')])
    .where(sql<boolean>`p.id = any(${a.ids}::uuid[])`)
    // Shared texts are everybody's: a hidden post is none of them (its author reads it on its page
    // and their profile, decision 071). The suspended and limited go by viewerMarks' `hidden`.
    .where(contentShownTo(undefined, 'p')),
);

export function listSharedPosts(db: Db, ids: string[]): Promise<PostRow[]> {
  return sharedPosts(db, { ids });
}

/** The helpers asked for who have a live offer on the post (the others may not be credited). */
export async function liveOfferersAmong(db: Db, postId: string, ids: string[]) {
  const { rows } = await sql<{ id: string }>`
    select h.id from unnest(${ids}::uuid[]) as h (id) where h.id in ${liveOfferersOf(postId)}`.execute(db);
  return rows.map((r) => r.id);
}

/** What an author may change, and what must go when the post goes. */
export function findPostForChange(db: Db, id: string) {
  return db
    .selectFrom('posts')
    .select([
      'id',
      'authorId',
      'kind',
      'status',
      'title',
      'content',
      'image',
      'video',
      'fileUrl',
      'creditedIds',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What viewerMarks reads for one viewer about a page of posts. */
export type ViewerMarks = {
  liked: string[];
  saved: string[];
  /** Authors silenced for the viewer (blocked either way, or muted): their posts leave the page. */
  hidden: string[];
  /** The exact places the viewer may see (issue 16), by post id. */
  exact: Record<string, unknown>;
  /** Who offered on the viewer's own posts (offeredByFor's JSON text), by post id. */
  offeredBy: Map<string, JsonText>;
};

/**
 * What one viewer has to do with some posts, in one round trip: which they liked and saved, which
 * authors their home feed leaves out (blocked either way, or muted) and — only when the page holds
 * them (`placed`, `own`) — the exact places theirs to see (issue 16) and who offered on their own
 * posts, so the shared texts of a page serve its author too. Every probe is bounded by the ids
 * given, however many likes the viewer has: likes and saves are read between the page's least and
 * greatest id, one index descent over a short stretch (post ids are UUIDv7, so a page's lie close
 * together), rather than one descent per id or every like the viewer ever gave (decision 036).
 */
export async function viewerMarks(
  db: Db,
  viewerId: string,
  page: { postIds: string[]; authorIds: string[]; placed: boolean; own: boolean },
): Promise<ViewerMarks> {
  const ids = [...page.postIds].sort();
  const [row] = await viewerMarksStatement(db, { viewerId, ...page, first: ids[0], last: ids.at(-1) });
  const offeredBy = new Map<string, JsonText>();
  // An id (36 characters), a space, the JSON text.
  for (const entry of row!.offered ?? []) offeredBy.set(entry.slice(0, 36), entry.slice(37) as JsonText);
  return { liked: row!.liked, saved: row!.saved, hidden: row!.hidden, exact: row!.exact ?? {}, offeredBy };
}

/**
 * viewerMarks' statement, run for every page of the home feed. Its parts for places and for
 * offers are there only when the page needs them (`placed`, `own`: a statement of its own each),
 * and read the page's whole list of ids, never a shorter one: PostgreSQL plans a named statement
 * anew on every run while a plan for the values given looks cheaper than one for any values, as
 * an empty or short list makes it look — every page then paid ~0.8 ms of planning for ~0.1 ms
 * of work (decision 031).
 */
const viewerMarksStatement = prepared(
  (
    db,
    {
      viewerId,
      postIds,
      authorIds,
      placed,
      own,
      first,
      last,
    }: {
      viewerId: string;
      postIds: string[];
      authorIds: string[];
      placed: boolean;
      own: boolean;
      first: string | undefined;
      last: string | undefined;
    },
  ) =>
    sql<{
      liked: string[];
      saved: string[];
      hidden: string[];
      exact: Record<string, unknown> | null;
      offered: string[] | null;
    }>`
    select array(select post_id from post_likes where user_id = ${viewerId} and post_id between ${first}::uuid and ${last}::uuid and post_id = any(${postIds}::uuid[])) as liked,
           array(select post_id from saved_posts where user_id = ${viewerId} and post_id between ${first}::uuid and ${last}::uuid and post_id = any(${postIds}::uuid[])) as saved,
           array(select h.id from unnest(${authorIds}::uuid[]) as h (id) where h.id = any(${silencedIdsFor(viewerId)})) as hidden,
           ${
             placed
               ? sql`(select coalesce(jsonb_object_agg(p.id::text, p.exact_location), '{}'::jsonb) from posts p
             where p.id = any(${postIds}::uuid[]) and p.exact_location is not null and ${mayPinpoint(viewerId)})`
               : sql`null`
           } as exact,
           ${
             own
               ? sql`array(select p.id::text || ' ' || ${offeredByFor(viewerId)} from posts p
             where p.id = any(${postIds}::uuid[]) and p.author_id = ${viewerId} and p.offer_count > 0)`
               : sql`null`
           } as offered`,
  { literal: ['placed', 'own'] },
);

/**
 * The post and its hashtags in one statement (atomic without a transaction); answers it as read
 * back, with who hears of it live (`audience`: a separate statement was a third of a post's round
 * trips). Written only while the author's session is live (`sessionIsLive`; the route takes the
 * viewer from the session cache, decision 030): an ended session writes nothing and gets no row.
 * Posts made while others are being written go in one statement together (db/batched.ts, decision
 * 035); each is still written, or not, on its own session's word.
 */
export async function insertPost(
  db: Db,
  sessionId: string,
  row: Insertable<PostsTable>,
  then?: ThenInTransaction<MadePost | undefined>,
): Promise<MadePost | undefined> {
  return newPost(db, { ...row, sessionId }, then);
}

type NewPost = Insertable<PostsTable> & { sessionId: string };
/** The new post as its author reads it, with who hears of it live. */
type MadePost = PostRow & { audience: string[] };

/** The posts columns a post is given as JSON text (placeColumns, the service's `json`): parsed, so that the batch's JSON holds them as JSON, not as strings. */
const JSON_TEXT_COLUMNS = new Set<string>([
  'review',
  'mapLocation',
  'exactLocation',
  'mission',
  'linkPreview',
]);

/**
 * The statement for a batch of posts given the same columns (`columns`, the statement's shape: the
 * ones given, as `values(row)` would have them; every other column takes its default). `rows` are
 * `{ sessionId, row }` as JSON texts (an array, which PostgreSQL counts as the few rows a batch is),
 * each row read as a posts row by `jsonb_populate_record`.
 */
const newPosts = prepared(
  (db, a: { columns: string; rows: string[] }) => {
    const columns = a.columns.split(',').map(snakeCase);
    return sql<{ id: string; authorId: string; createdAt: string; post: JsonText; audience: string | null }>`
      with i as materialized (
        select e.ord, (e.value->>'sessionId')::uuid as session_id, jsonb_populate_record(null::posts, e.value->'row') as r
        from unnest(${batchColumn(a.rows, 'jsonb[]')}) with ordinality as e (value, ord)
      ), p as (
        insert into posts (${sql.join(columns.map((c) => sql.id(c)))})
        select ${sql.join(columns.map((c) => sql`(i.r).${sql.id(c)}`))} from i
        where ${sessionIsLive(sql.ref('i.session_id'))} order by i.ord
        returning *
      ), h as (
        insert into post_hashtags (post_id, tag, kind, created_at, author_id, mission_id)
        select p.id, unnest(p.hashtags), p.kind, p.created_at, p.author_id, p.mission_id from p
      )
      -- Its author is the one who asked: the exact place. The audience comes as one text of ids:
      -- the driver's array parser, a character at a time, was a tenth of a post's CPU in the API.
      select p.id, p.author_id, ${isoCreatedAt} as created_at, ${postText(exactRendered)} as post,
        array_to_string(${liveAudienceOf(sql.ref('p.author_id'), sql.ref('p.mission_id'))}, ',') as audience
      from p join users a on a.id = p.author_id`;
  },
  { literal: ['columns'] },
);

const newPost = batched(
  async (db, posts: NewPost[]): Promise<Array<MadePost | undefined>> => {
    const columns = givenColumns(posts[0]!).filter((c) => c !== 'sessionId');
    const rows = posts.map(({ sessionId, ...post }) => ({
      sessionId,
      row: Object.fromEntries(
        columns.map((c) => {
          const value = post[c as keyof typeof post];
          return [
            snakeCase(c),
            JSON_TEXT_COLUMNS.has(c) && typeof value === 'string' ? JSON.parse(value) : value,
          ];
        }),
      ),
    }));
    const made = new Map(
      (await newPosts(db, { columns: columns.join(','), rows: rows.map((row) => JSON.stringify(row)) })).map(
        (p) => [p.id, p],
      ),
    );
    return posts.map((post) => {
      const p = made.get(post.id!);
      return (
        p && {
          id: p.id,
          authorId: p.authorId,
          createdAt: p.createdAt,
          post: p.post,
          audience: p.audience ? p.audience.split(',') : [],
        }
      );
    });
  },
  {
    // The columns given are the statement's shape. A mission's updates are numbered by a trigger
    // that locks the mission's row: batches take those locks in mission order.
    group: (post) => givenColumns(post).sort().join(','),
    key: (post) => `${post.missionId ?? ''}:${post.id}`,
  },
);

/**
 * The post and its hashtags in one statement (atomic without a transaction): tags no longer in the
 * text go, new ones come, and the ones kept keep their row. `holdFor`: hidden with this reason for
 * review (decision 072), unless it is hidden already (another reason is kept).
 */
export async function updatePost(db: Db, id: string, changes: Updateable<PostsTable>, holdFor?: string) {
  await db
    .with('p', (w) =>
      w
        .updateTable('posts')
        .set({
          ...changes,
          ...(holdFor ? { hiddenReason: sql<string>`coalesce(hidden_reason, ${holdFor})` } : {}),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .returning(['id', 'authorId', 'missionId', 'kind', 'hashtags', 'createdAt']),
    )
    .with('dropped', (w) =>
      w
        .deleteFrom('postHashtags')
        .where('postId', '=', id)
        .where(sql<boolean>`tag <> all(array(select unnest(hashtags) from p))`),
    )
    .insertInto('postHashtags')
    .columns(['postId', 'tag', 'kind', 'createdAt', 'authorId', 'missionId'])
    .expression((eb) =>
      eb
        .selectFrom('p')
        .select((s) => [
          'p.id',
          sql<string>`unnest(p.hashtags)`.as('tag'),
          'p.kind',
          s.ref('p.createdAt').as('createdAt'),
          'p.authorId',
          'p.missionId',
        ]),
    )
    .onConflict((oc) => oc.columns(['postId', 'tag']).doNothing())
    .execute();
}

/** Stores a post's preview if its text is still the one the preview was fetched for; true if it was. */
export async function setLinkPreview(db: Db, id: string, preview: string, forContent: string) {
  const { numUpdatedRows } = await db
    .updateTable('posts')
    .set({ linkPreview: preview })
    .where('id', '=', id)
    .where('content', '=', forContent)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/**
 * A moderator's decision on the post (issue 35 item 3): hidden with the reason, or shown again
 * (null). Answers its author, or undefined when it is gone.
 */
export function setPostHidden(db: Db, id: string, reason: string | null) {
  return db
    .updateTable('posts')
    .set({ hiddenReason: reason })
    .where('id', '=', id)
    .returning(['authorId'])
    .executeTakeFirst();
}

/** Shows a post that was held with `heldReason`, and only such a one (decision 072). */
export function publishHeldPost(db: Db, id: string, heldReason: string) {
  return db
    .updateTable('posts')
    .set({ hiddenReason: null })
    .where('id', '=', id)
    .where('hiddenReason', '=', heldReason)
    .returning(['authorId', 'kind'])
    .executeTakeFirst();
}

export function deletePost(db: Db, id: string) {
  return db.deleteFrom('posts').where('id', '=', id).execute();
}

/**
 * Likes once per person; says whether a like really went in. The post's count is the database's
 * to keep (migration 0013's triggers), so a like is one statement.
 */
export async function addLike(db: Db, postId: string, userId: string) {
  const added = await db
    .insertInto('postLikes')
    .values({ postId, userId })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function removeLike(db: Db, postId: string, userId: string) {
  return db.deleteFrom('postLikes').where('postId', '=', postId).where('userId', '=', userId).execute();
}

export function addSave(db: Db, postId: string, userId: string) {
  return db
    .insertInto('savedPosts')
    .values({ postId, userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function removeSave(db: Db, postId: string, userId: string) {
  return db.deleteFrom('savedPosts').where('postId', '=', postId).where('userId', '=', userId).execute();
}

/**
 * A person whose posts the viewer asks for: none when there is no such person or a block stands
 * either way (their profile is not found either); `visible` false when their profile is for
 * connections only and the viewer is not one (the Posts tab is part of the profile).
 */
export function findAuthorFor(db: Db, viewerId: string, username: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', profileVisibleTo(viewerId, 'u').as('visible')])
    .where('u.username', '=', username)
    .where(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('u.id'))}`)
    .executeTakeFirst();
}

/**
 * At most this many connections hear live of a new post (issue 15). The push only lights a
 * "New posts" pill that their next feed read would show anyway, while each recipient costs a
 * delivery in every API process (and, across processes, a longer Redis message): someone with
 * tens of thousands of connections would turn every post into a storm. Past the cap, which
 * connections are told is whichever the index walk meets first; the rest see it when they read.
 */
const LIVE_POST_AUDIENCE_MAX = 5_000;

/**
 * The author's connections who would see the new post in their network: none who muted or blocked
 * them (or whom they blocked), and, for an update of a members-only mission, its members alone
 * (missionOfPostVisibleTo, the feed's own rule: issue 31 item 2). An array, read in the statement
 * that writes the post (newPost).
 */
const liveAudienceOf = (author: Expression<unknown>, missionId: RawBuilder<unknown>) => sql<string[]>`array(
    select c.id from ${connectionIdsOf(author)} as c (id)
    where not ${hiddenEitherWay(sql.ref('c.id'), author)} and not ${mutedByViewer(sql.ref('c.id'), author)}
      and ${missionOfPostVisibleTo(sql.ref('c.id'), missionId)}
    limit ${sql.lit(LIVE_POST_AUDIENCE_MAX)})`;
