import { type Expression, type RawBuilder, sql } from 'kysely';
import type { ConnectionState } from '@muster/contract/network';
import type { Db } from '../db/database.js';

/**
 * Who sees whom: the one home of the rules every feature asks (DESIGN.md §2, issue 11). Each rule
 * is a SQL predicate that drops into any Kysely query, builder or `sql` template:
 *
 *   .where(hiddenEitherWay(viewerId, sql.ref('p.author_id')))         // builder
 *   sql`… and not ${hiddenEitherWay(viewerId, sql.ref('u.id'))}`      // template
 *
 * `person` is an expression for the other person's id; `user` is the alias of a `users` row
 * whose privacy columns the rule reads. A feature that needs another rule about people adds it
 * here, never in its own queries.
 */
type Person = Expression<unknown>;
/** The viewer: their id, or (a statement written for many viewers at once, db/batched.ts) a column holding it. */
export type ViewerId = string | Person;

/**
 * Either of the two blocked the other: each is hidden from the other everywhere. The viewer may be
 * a column too, for two people neither of whom is the one asking (a mission's owner and a member,
 * a post's author and each connection told of it).
 */
export function hiddenEitherWay(viewerId: ViewerId, person: Person): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blocks b
    where (b.blocker_id = ${viewerId} and b.blocked_id = ${person})
       or (b.blocker_id = ${person} and b.blocked_id = ${viewerId}))`;
}

/**
 * The viewer muted them: their posts leave the viewer's feed and their notifications stop. One way
 * only; the viewer may be a column (each recipient of a fan-out, the author of a matched post).
 */
export function mutedByViewer(viewerId: ViewerId, person: Person): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from mutes m where m.muter_id = ${viewerId} and m.muted_id = ${person})`;
}

/** Hidden from the viewer's feed and notifications: blocked either way, or muted by the viewer. */
export function silencedForViewer(viewerId: ViewerId, person: Person): RawBuilder<boolean> {
  return sql<boolean>`(${hiddenEitherWay(viewerId, person)} or ${mutedByViewer(viewerId, person)})`;
}

/**
 * Everyone silencedForViewer holds, as one array read once per statement: for walks that test many
 * rows' authors, where an `exists` per row costs two index probes of blocks each (decision 030).
 * Use as `person <> all(silencedIdsFor(viewer))`.
 */
export function silencedIdsFor(viewerId: string): RawBuilder<string[]> {
  return sql<string[]>`array(select sb.blocked_id from blocks sb where sb.blocker_id = ${viewerId}
    union all select sb.blocker_id from blocks sb where sb.blocked_id = ${viewerId}
    union all select sm.muted_id from mutes sm where sm.muter_id = ${viewerId})`;
}

/** The two are connected. */
export function connectedTo(viewerId: ViewerId, person: Person): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from connections c where c.user_id = ${viewerId} and c.other_id = ${person})`;
}

const column = (user: string, name: string) => sql.ref(`${user}.${name}`);

/** The whole profile (bio, location, posts tab) is the viewer's to see: theirs, open to everyone, or a connection's. */
export function profileVisibleTo(viewerId: string, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  return sql<boolean>`(${id} = ${viewerId} or ${column(user, 'profile_visibility')} = 'everyone' or ${connectedTo(viewerId, id)})`;
}

/** The person's list of connections is the viewer's to see. */
export function connectionsVisibleTo(viewerId: string, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  const visibility = column(user, 'connections_visibility');
  return sql<boolean>`(${id} = ${viewerId} or ${visibility} = 'everyone'
    or (${visibility} = 'connections' and ${connectedTo(viewerId, id)}))`;
}

/** The viewer may write to the person directly (others go to chat requests): not blocked, and allowed by their policy. */
export function mayMessageDirectly(viewerId: ViewerId, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  return sql<boolean>`(not ${hiddenEitherWay(viewerId, id)}
    and (${column(user, 'message_policy')} = 'everyone' or ${connectedTo(viewerId, id)}))`;
}

/**
 * The person may be offered to the viewer by people search, @mentions and suggestions. Without a
 * viewer (an answer shared by everybody), anyone who may be found: no one's blocks apply.
 */
export function appearsInSearchFor(viewerId: string | undefined, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  if (viewerId === undefined) return sql<boolean>`${column(user, 'searchable')}`;
  return sql<boolean>`(${id} <> ${viewerId} and ${column(user, 'searchable')} and ${id} <> all(${blockedEitherWayIdsFor(viewerId)}))`;
}

/**
 * Everyone blocked either way with the viewer, read once for a statement that weighs many people
 * (an uncorrelated sub-select: PostgreSQL runs it once per run). hiddenEitherWay's probe for each
 * candidate cost people search two index probes a name it passed over (decision 036).
 */
function blockedEitherWayIdsFor(viewerId: string): RawBuilder<string[]> {
  return sql<string[]>`array(select ob.blocked_id from blocks ob where ob.blocker_id = ${viewerId}
    union all select ob.blocker_id from blocks ob where ob.blocked_id = ${viewerId})`;
}

/** A person as every list shows them: the card JSON text a trigger keeps (decision 010). */
export function cardOf(user: string): RawBuilder<string> {
  return sql<string>`${column(user, 'card')}`;
}

/**
 * Where the viewer stands with one person — `connection` ('connected', 'pending-sent',
 * 'pending-received' or 'none') and `connection_request_id`, the request to act on when one is
 * pending — as a one-row subquery to join laterally (`cross join lateral ${…} s`), so a profile
 * reads it in the same statement as the person (each round trip costs the API more than the probes).
 * Their request to me (not ignored) comes before mine to them. Each direction is its own probe of
 * one pair: written as one `or`, the generic plan walked all of the viewer's received requests.
 */
export function connectionStandingWith(
  viewerId: string,
  person: Person,
): RawBuilder<{ connection: ConnectionState; connectionRequestId: string | null }> {
  return sql<{ connection: ConnectionState; connectionRequestId: string | null }>`(
    select case when k.connected then 'connected'
                when r.sender_id = ${viewerId} then 'pending-sent'
                when r.sender_id is not null then 'pending-received'
                else 'none' end as connection,
           case when k.connected then null else r.id end as connection_request_id
    from (select ${connectedTo(viewerId, person)} as connected) k
    left join lateral (
      select q.id, q.sender_id from (
        select cr.id, cr.sender_id, 1 as rank from connection_requests cr
        where cr.sender_id = ${person} and cr.recipient_id = ${viewerId} and cr.ignored_at is null
        union all
        select cr.id, cr.sender_id, 2 from connection_requests cr
        where cr.sender_id = ${viewerId} and cr.recipient_id = ${person}) q
      order by q.rank
      limit 1) r on true)`;
}

/** How many connections the person has: one index-only count of their rows. */
export function connectionCountOf(person: Person): RawBuilder<number> {
  return sql<number>`(select count(*)::int from connections cc where cc.user_id = ${person})`;
}

/** Connections the viewer and the person share: the viewer's rows, each probed on the person's key. */
export function mutualCountWith(viewerId: string, person: Person): RawBuilder<number> {
  return sql<number>`(select count(*)::int from connections mine
    join connections theirs on theirs.user_id = ${person} and theirs.other_id = mine.other_id
    where mine.user_id = ${viewerId})`;
}

/** How many of the viewer's hashtags are read for "people you may know", and followers per tag. */
const SHARED_TAGS_READ = 20;
const FOLLOWERS_PER_TAG = 100;

/**
 * People who follow the hashtags the viewer follows, as rows (id, shared): how many of those tags
 * each follows. `hashtag_follows` is the posts feature's; this is its one reading outside it. Only
 * the viewer's newest tags and each tag's newest followers count, so a tag everyone follows costs
 * the same short index walk as a rare one.
 */
export function hashtagFollowersSharedWith(viewerId: string): RawBuilder<{ id: string; shared: number }> {
  return sql<{ id: string; shared: number }>`(
    select f.user_id as id, count(*)::int as shared
    from (select tag from hashtag_follows where user_id = ${viewerId} order by created_at desc limit ${sql.lit(SHARED_TAGS_READ)}) mine
    cross join lateral (
      select hf.user_id from hashtag_follows hf
      where hf.tag = mine.tag and hf.user_id <> ${viewerId}
      order by hf.created_at desc limit ${sql.lit(FOLLOWERS_PER_TAG)}) f
    group by f.user_id)`;
}

/**
 * Every stored file a person's rows point at — their picture, their posts' images, videos and
 * documents, their collaboration requests' images — for deleting the account: the rows go by
 * foreign-key cascade, the files do not. Read it in the transaction that deletes the person, with
 * their `users` row locked, so that nothing they write meanwhile escapes it; remove the files only
 * after that transaction commits. A feature that stores files in a table of its own adds it here.
 */
export async function filesOwnedBy(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ url: string }>`
    select url from (
      select profile_picture as url from users where id = ${userId}
      union all
      select unnest(array[image, video, file_url]) from posts where author_id = ${userId}
      union all
      select image from collaboration_requests where user_id = ${userId}
      union all
      select photo from missions where owner_id = ${userId}) f
    where url is not null`.execute(db);
  return rows.map((r) => r.url);
}

/*
 * Missions (issue 12). The missions feature owns missions and their members and followers; these
 * are its readings for other features (tasks, chats, posts, notifications). Ids may be given as
 * SQL expressions or as plain ids (bound as values).
 */

/**
 * The viewer's role in a mission they may see ('owner' | 'partner' | 'collaborator'), or null
 * when they are not a member — or the mission is gone, or its owner is blocked either way with
 * them (blocked people never share a mission, so a stale membership grants nothing).
 */
export async function missionRoleOf(
  db: Db,
  viewerId: string,
  missionId: string,
): Promise<'owner' | 'partner' | 'collaborator' | null> {
  const { rows } = await sql<{ role: 'owner' | 'partner' | 'collaborator' }>`
    select mm.role from mission_members mm join missions m on m.id = mm.mission_id
    where mm.mission_id = ${missionId} and mm.user_id = ${viewerId}
      and not ${hiddenEitherWay(viewerId, sql.ref('m.owner_id'))}`.execute(db);
  return rows[0]?.role ?? null;
}

/** The person is a member (any role, the owner included) of the mission: a predicate for queries. */
export function isMissionMember(person: Person | string, mission: Person | string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from mission_members mmx where mmx.mission_id = ${mission} and mmx.user_id = ${person})`;
}

/** Ids of the missions the person belongs to (any role), as a subquery: `mission_id in (…)`. */
export function missionIdsOf(person: Person | string): RawBuilder<string> {
  return sql<string>`(select mmy.mission_id from mission_members mmy where mmy.user_id = ${person})`;
}

/** Ids of the mission's members (any role, the owner included), as a subquery: `id in (…)`. */
export function missionMemberIdsOf(missionId: Person | string): RawBuilder<string> {
  return sql<string>`(select mmz.user_id from mission_members mmz where mmz.mission_id = ${missionId})`;
}

/**
 * Everyone who hears of a mission's updates, as rows (id), each once: its members and its followers
 * who may see it now (missionVisibleTo, the mission page's own rule, asked at send time). A follow
 * outlives a change to members-only, a removal and a leaving (issue 31 item 2): a follower outside
 * a members-only mission, or blocked either way with its owner, hears nothing of it.
 */
export function missionAudience(missionId: Person | string): RawBuilder<{ id: string }> {
  return sql<{ id: string }>`(
    select heard.id from (
      select user_id as id from mission_members where mission_id = ${missionId}
      union
      select user_id from mission_follows where mission_id = ${missionId}) heard
    join missions maud on maud.id = ${missionId}
    where ${missionVisibleTo(sql.ref('heard.id'), 'maud')})`;
}

/** The mission's title for other features' lists (chats, notifications), or null when gone. */
export function missionTitleOf(missionId: Person | string): RawBuilder<string | null> {
  return sql<string | null>`(select mt.title from missions mt where mt.id = ${missionId})`;
}

/** The mission's group chat id (the chats feature's row, kind 'mission'), or null before it exists. */
export function missionChatIdOf(missionId: Person | string): RawBuilder<string | null> {
  return sql<string | null>`(select ch.id from chats ch where ch.mission_id = ${missionId})`;
}

/** The mission's stored photo (null when it has none: the presenter shows the default), for chats and tasks. */
export function missionPhotoOf(missionId: Person): RawBuilder<string | null> {
  return sql<string | null>`(select mp.photo from missions mp where mp.id = ${missionId})`;
}

/** The mission's owner, for the tasks feature's notices and block checks. */
export function missionOwnerOf(missionId: Person): RawBuilder<string> {
  return sql<string>`(select mo.owner_id from missions mo where mo.id = ${missionId})`;
}

/**
 * The viewer may see the mission (alias `mission` of a `missions` row): its owner is not blocked
 * either way with them, and it is public or they are a member. Everything else is 404 to them.
 * Without a viewer (an answer shared by everybody), the public missions. The viewer may be a
 * column: whom a fan-out about the mission reaches is the same rule as who may read it.
 */
export function missionVisibleTo(viewerId: ViewerId | undefined, mission: string): RawBuilder<boolean> {
  const id = column(mission, 'id');
  if (viewerId === undefined) return sql<boolean>`(${column(mission, 'visibility')} = 'public')`;
  return sql<boolean>`(not ${hiddenEitherWay(viewerId, column(mission, 'owner_id'))}
    and (${column(mission, 'visibility')} = 'public' or ${isMissionMember(sql`${viewerId}::uuid`, id)}))`;
}

/**
 * A post (its `mission_id` column given) is no mission's update, or not an update of a members-only
 * mission the viewer is outside of: such updates are its members' alone, in every list. Without a
 * viewer (a page shared by everybody), no members-only mission's updates. The missions to leave out
 * are read once per statement (an init plan over 0022's partial index), so each post costs a null
 * test or an array probe: a correlated EXISTS per post made the home feed's walks six times slower.
 * A block between the viewer and a mission's owner is not asked here (the author's blocks are).
 * The viewer may be a column (a fan-out to many people, a batch of offers): every path that
 * carries a post — a live event, a notice, a report, an offer — asks this same rule (issue 31).
 * The array is then read once per person, a few rows of 0022's partial index each.
 */
export function missionOfPostVisibleTo(
  viewerId: ViewerId | undefined,
  missionId: RawBuilder<unknown>,
): RawBuilder<boolean> {
  const outside =
    viewerId === undefined
      ? sql``
      : sql`and not ${isMissionMember(sql`${viewerId}::uuid`, sql.ref('vm.id'))}`;
  return sql<boolean>`(${missionId} is null or ${missionId} <> all(array(select vm.id from missions vm where vm.visibility = 'members' ${outside})))`;
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

/** The person's role in the mission ('owner' | 'partner' | 'collaborator'), or null: a scalar for lists (missionRoleOf asks for one). */
export function missionRoleIn(
  person: Person,
  missionId: Person,
): RawBuilder<'owner' | 'partner' | 'collaborator' | null> {
  return sql<
    'owner' | 'partner' | 'collaborator' | null
  >`(select mmr.role from mission_members mmr where mmr.mission_id = ${missionId} and mmr.user_id = ${person})`;
}

/* ── Offers of help (issue 13) ─────────────────────────────────────────────────────────────── */

/** Ids of the people with a live (pending or accepted) offer on the post, as a subquery: `id in (…)`. */
export function liveOfferersOf(postId: Person | string): RawBuilder<string> {
  return sql<string>`(select olive.helper_id from offers olive where olive.post_id = ${postId} and olive.status in ('pending', 'accepted'))`;
}

/**
 * The person's offer of help on the post was accepted (issue 16): they are going there, so they
 * see its exact place. One probe of 0015's offers_one_live_per_post (the `in` lets the planner use
 * that partial index).
 */
export function isAcceptedHelper(person: Person | string, postId: Person | string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from offers oacc where oacc.post_id = ${postId} and oacc.helper_id = ${person}
    and oacc.status in ('pending', 'accepted') and oacc.status = 'accepted')`;
}

/**
 * What two people's direct chat is about (issue 32 item 8, decision 052): the needs and wants on
 * which one of them accepted the other's offer of help — the acceptance opened, or reused, that
 * chat — newest acceptance first, at most `limit`, as rows (post_id, title, content). Only those
 * `viewerId` (one of the two) may read now, by the post reads' own rules: not its author hidden by
 * a block either way, not a members-only mission's update they are outside of (decision 040). A
 * post that is gone took its offers with it.
 */
export function offerPostsBetween(viewerId: string, otherId: string, limit: number) {
  return sql<{ postId: string; title: string; content: string }>`
    select p.id as post_id, p.title, p.content from offers otop join posts p on p.id = otop.post_id
    where otop.status = 'accepted'
      and ((otop.owner_id = ${viewerId} and otop.helper_id = ${otherId})
        or (otop.owner_id = ${otherId} and otop.helper_id = ${viewerId}))
      and not ${hiddenEitherWay(viewerId, sql.ref('p.author_id'))}
      and ${missionOfPostVisibleTo(viewerId, sql.ref('p.mission_id'))}
    order by otop.decided_at desc nulls last, otop.id desc
    limit ${sql.lit(limit)}`;
}

/** The direct chat of two people (the chats feature's row), or null before either wrote. */
export function directChatIdOf(a: string, b: string): RawBuilder<string | null> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  return sql<string | null>`(select dc.id from chats dc where dc.direct_key = ${key})`;
}

/* ── The home feed's audience (issue 13) ───────────────────────────────────────────────────── */

/** Ids of the person's connections, as a subquery (one index range of `connections`). */
export function connectionIdsOf(person: Person | string): RawBuilder<string> {
  return sql<string>`(select cfeed.other_id from connections cfeed where cfeed.user_id = ${person})`;
}

/** Ids of the missions the person follows or belongs to, as a subquery. */
export function missionsHeardBy(person: Person | string): RawBuilder<string> {
  return sql<string>`(select mfeed.mission_id from mission_follows mfeed where mfeed.user_id = ${person}
    union select mmfeed.mission_id from mission_members mmfeed where mmfeed.user_id = ${person})`;
}

/* ── Who offered, newest first (issue 13, posts) ───────────────────────────────────────────── */

/**
 * The people with a live offer on a post (as liveOfferersOf), newest offer first, at most `limit`:
 * what a need's author sees on its card ("who offered").
 */
export function newestLiveOfferersOf(postId: Person | string, limit: number): RawBuilder<string> {
  return sql<string>`(select onew.helper_id from offers onew where onew.post_id = ${postId} and onew.status in ('pending', 'accepted')
    order by onew.created_at desc, onew.id desc limit ${sql.lit(limit)})`;
}

// ---------------------------------------------------------------------------------------------
// Search (issue 14): what global search may show the viewer, as subqueries the search feature
// composes. `words` is a tsquery text the caller built from letters and digits only (bound, never
// spliced); null when the query holds no word. Migration 0017 keeps the vectors and indexes.
// An undefined viewer is everybody: an answer computed once and shared (the search feature checks
// it fits each viewer with sharedSearchAnswerFits), so no one's blocks are probed per candidate.

const searchQuery = (words: string | null) =>
  words === null ? sql`null::tsquery` : sql`to_tsquery('english', ${words})`;
const nameOf = (user: string) =>
  sql`(${column(user, 'first_name')} || ' ' || ${column(user, 'last_name')} || ' ' || ${column(user, 'username')})`;

/**
 * `field` starts with `prefix` (taken literally, no wildcards), for a byte-order ("C") index. Written
 * as a range, not a `like`: a prepared `like $1` becomes an index range only once the pattern is
 * known, so PostgreSQL planned people search afresh on every execution (0.3–1 ms of planning for a
 * 0.1 ms walk), its generic plan walking the whole index. In byte order the strings starting with
 * the prefix are exactly those from the prefix up to, not including, the prefix with its last
 * character one higher; with that bound the generic plan is chosen and costs nothing to plan. (A
 * prefix ending in U+10FFFF has no such bound: it keeps the `like`.)
 */
export function startsWith(field: RawBuilder<unknown>, prefix: string): RawBuilder<boolean> {
  return inPrefixBounds(field, prefixBounds(prefix));
}

/** The strings starting with a prefix, as startsWith tests them: a byte-order range, or (past U+10FFFF) a `like`. */
export type PrefixBounds = { from: string; to: string } | { like: string };

export function prefixBounds(prefix: string): PrefixBounds {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  // The character after the last (past the surrogates, which no UTF-8 text holds).
  const next = last === undefined || last >= 0x10ffff ? undefined : last + 1 === 0xd800 ? 0xe000 : last + 1;
  if (next === undefined) return { like: `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
  return { from: prefix, to: chars.join('') + String.fromCodePoint(next) };
}

/** startsWith with the bounds worked out beforehand: for a `prepared` statement, whose values are bound on each run. */
export function inPrefixBounds(field: RawBuilder<unknown>, bounds: PrefixBounds): RawBuilder<boolean> {
  if ('like' in bounds) return sql<boolean>`(${field} like ${bounds.like})`;
  return sql<boolean>`(${field} >= ${bounds.from} and ${field} < ${bounds.to})`;
}

/**
 * People whose name or username is like `term` and who may be offered to the viewer
 * (`appearsInSearchFor`): the username is the term, or the username, first or last name starts
 * with it (0008's byte-order indexes, a short walk each), or — when `fuzzy` — a word of the name
 * starts like the term or differs by a typo (trigram word similarity, 0002's users_name_trgm), or
 * a first or last name starts with one of `respelt.names`: the close spellings of the query's words
 * among everyone's names (the search feature's search_names, decision 051: "momdoma" → momodoma,
 * "jhon" → john), walked like the term but fewer of each, as they are guesses.
 * A lone handle with digits ("user4242") is not fuzzy: a typo there names someone else, and its
 * trigrams match a tenth of all usernames, which PostgreSQL read by scanning the table (48 ms). A common word
 * ("person") is like a whole town: at most `cap` of each kind of match are ranked.
 * Columns: id, card, created_at, exact (the whole name or username), prefix (the username or a word
 * of the name starts with the term), similarity (to the term as typed or as respelt: `respelt.terms`).
 */
export function peopleMatching(
  viewerId: string | undefined,
  term: string,
  cap: number,
  fuzzy: boolean,
  respelt: { names: readonly string[]; terms: readonly string[] } = { names: [], terms: [] },
): RawBuilder<{ id: string; card: string }> {
  const startingWith = (field: RawBuilder<unknown>, prefix: string, limit: number) =>
    sql`(select up.id from users up where ${startsWith(field, prefix)} order by ${field} limit ${sql.lit(limit)})`;
  const walks = (prefix: string, limit: number) => sql`
    union all ${startingWith(sql`(lower(up.first_name) collate "C")`, prefix, limit)}
    union all ${startingWith(sql`(lower(up.last_name) collate "C")`, prefix, limit)}`;
  const names = fuzzy ? respelt.names : [];
  const similar = fuzzy
    ? [
        sql`union all (select ut.id from users ut where ${term} <% ${nameOf('ut')} limit ${sql.lit(cap)})`,
        ...names.map((n) => walks(n, Math.ceil(cap / 3))),
      ]
    : [];
  const likeness =
    fuzzy && respelt.terms.length > 0
      ? sql`(select max(word_similarity(v, ${nameOf('u')})) from unnest(${sql.val([term, ...respelt.terms])}::text[]) as v)`
      : sql`word_similarity(${term}, ${nameOf('u')})`;
  return sql`(select u.id, u.card, u.created_at,
      (lower(u.first_name || ' ' || u.last_name) = lower(${term}) or lower(u.username) = lower(${term})) as exact,
      (starts_with(lower(u.username), lower(${term}))
        or position(' ' || lower(${term}) in ' ' || lower(u.first_name || ' ' || u.last_name)) > 0) as prefix,
      ${likeness} as similarity
    from users u
    where u.id in (
        (select ue.id from users ue where ue.username = lower(${term}))
        union all ${startingWith(sql`(up.username collate "C")`, term.toLowerCase(), cap)}
        ${walks(term.toLowerCase(), cap)}
        ${sql.join(similar, sql` `)})
      and ${appearsInSearchFor(viewerId, 'u')})`;
}

/** Where the words or tags of a search match a section's posts (0017's indexes), for anyone. */
function postMatch(
  section: 'needs' | 'provisions',
  words: string | null,
  tags: readonly string[],
  walk: boolean,
) {
  const byWords = words === null ? sql`false` : sql`p.search_vector @@ ${searchQuery(words)}`;
  const byTags = tags.length === 0 ? sql`false` : sql`p.hashtags && ${sql.val([...tags])}::text[]`;
  // `is true` keeps the GIN indexes out of a walk (see searchablePostsMatching).
  const match = walk ? sql`(${byWords} or ${byTags}) is true` : sql`(${byWords} or ${byTags})`;
  // A walk names the section as 0017's posts_search_recent does, word for word; the index path
  // names it by kinds, which no index holds: ANDed into the bitmap, posts_search_recent would add
  // every post of the section to it (36 ms for a rare tag).
  const inSection = walk
    ? sql`(case when p.kind = 'provision' then 'provisions' else 'needs' end) = ${sql.lit(section)}`
    : sql`p.kind = any(${sql.lit(section === 'provisions' ? '{provision}' : '{need,want}')}::text[])`;
  return sql`p.kind in ('need', 'want', 'provision') and ${inSection} and ${match}`;
}

/**
 * Up to `limit` posts of the section matching the words or tags, whoever posted them: how common
 * the query is, for choosing how searchablePostsMatching finds its candidates. Column: id.
 */
export function postMatchesSample(
  section: 'needs' | 'provisions',
  words: string | null,
  tags: readonly string[],
  limit: number,
): RawBuilder<{ id: string }> {
  return sql`(select p.id from posts p where ${postMatch(section, words, tags, false)} limit ${sql.lit(limit)})`;
}

/**
 * Needs and wants (section 'needs') or provisions whose words match, or that carry one of `tags`,
 * by people the viewer may find: never by someone blocked either way or who chose not to appear in
 * search (the viewer's own posts do). At most `cap`, newest first: a common word matches half the
 * posts, and ranking is done over the newest `cap` of them (issue 14 note). `common` says how to
 * find them, as PostgreSQL cannot tell from its statistics how many posts a prefix matches: a
 * common query walks the section newest first (0017's posts_search_recent) and stops after `cap`;
 * a rare one reads its few matches from the GIN indexes and sorts them (a walk would read the
 * whole section for nothing). Columns: the post's id, kind, title, content, category, status,
 * author_id, author card, created_at and rank (ts_rank, 0 for a tag-only match).
 */
export function searchablePostsMatching(
  viewerId: string | undefined,
  section: 'needs' | 'provisions',
  words: string | null,
  tags: readonly string[],
  cap: number,
  common: boolean,
): RawBuilder<{ id: string }> {
  // `+ interval '0'` keeps the planner from walking for a rare query: the order comes from no index.
  const newest = common
    ? sql`p.created_at desc, p.id desc`
    : sql`p.created_at + interval '0 s' desc, p.id desc`;
  return sql`(select p.id, p.kind, p.title, p.content, p.category, p.status, p.author_id, u.card, p.created_at,
      coalesce(ts_rank(p.search_vector, ${searchQuery(words)}), 0) as rank
    from posts p join users u on u.id = p.author_id
    where ${postMatch(section, words, tags, common)}
      and ${viewerId === undefined ? sql`u.searchable` : sql`(u.id = ${viewerId} or (u.searchable and not ${hiddenEitherWay(viewerId, sql.ref('u.id'))}))`}
    order by ${newest} limit ${sql.lit(cap)})`;
}

/**
 * Missions the viewer may see (`missionVisibleTo`: never a blocked owner's, never members-only to
 * a stranger) whose title or description matches the words, or whose title is like `term`
 * (trigrams: prefixes, typos — when `fuzzy`); at most `cap` candidates are ranked (a common word
 * matches them all). Columns: id, title, photo, type, partners_count, collaborators_count,
 * created_at, owner_id, exact (the whole title), rank.
 */
export function visibleMissionsMatching(
  viewerId: string | undefined,
  words: string | null,
  term: string,
  cap: number,
  fuzzy: boolean,
): RawBuilder<{ id: string }> {
  const q = searchQuery(words);
  const byWords = words === null ? sql`false` : sql`mc.search_vector @@ ${q}`;
  const byTitle = fuzzy ? sql`${term} <% mc.title` : sql`false`;
  return sql`(select m.id, m.title, m.photo, m.type, m.partners_count, m.collaborators_count, m.created_at, m.owner_id,
      lower(m.title) = lower(${term}) as exact,
      coalesce(ts_rank(m.search_vector, ${q}), 0) + word_similarity(${term}, m.title) as rank
    from missions m
    where m.id in (select mc.id from missions mc where ${byWords} or ${byTitle} limit ${sql.lit(cap)})
      and ${missionVisibleTo(viewerId, 'm')})`;
}

/**
 * How many posts everybody may read carry each tag (post_hashtags): a count shared by all viewers,
 * so a members-only mission's updates are not in it (issue 31 item 2). Columns: tag, count.
 */
export function hashtagPostCounts(tags: readonly string[]): RawBuilder<{ tag: string; count: number }> {
  return sql`(select t.tag, (select count(*)::int from post_hashtags ph
      where ph.tag = t.tag and ${missionOfPostVisibleTo(undefined, sql.ref('ph.mission_id'))}) as count
    from unnest(${sql.val([...tags])}::text[]) with ordinality as t(tag, n) order by t.n)`;
}

/**
 * A search answer computed for nobody in particular (shared by viewers for a few seconds, issue 14
 * note) fits the viewer when none of the `people` it names is blocked either way with them, the
 * viewer may be found themselves (else their own posts would be missing), and they belong to no
 * members-only mission (those are left out of it). Someone who hides from search later drops the
 * shared answers of the process at once (the search feature listens for it). Each direction of
 * the block test is its own index probe, as in `connectionStandingWith`.
 */
export function sharedSearchAnswerFits(viewerId: string, people: readonly string[]): RawBuilder<boolean> {
  const ids = sql`${sql.val([...people])}::uuid[]`;
  return sql<boolean>`(
    (select me.searchable from users me where me.id = ${viewerId})
    and not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = any(${ids}))
    and not exists (select 1 from blocks b where b.blocked_id = ${viewerId} and b.blocker_id = any(${ids}))
    and not exists (select 1 from mission_members mm join missions mo on mo.id = mm.mission_id
      where mm.user_id = ${viewerId} and mo.visibility = 'members'))`;
}

/* ── The emergency board (issue 16) ────────────────────────────────────────────────────────── */

/**
 * Ids of the people for whom the person's posts are silenced (silencedForViewer, seen from the
 * author's side): blocked either way with them, or who muted them — as a subquery, three index
 * walks over this one person's blocks and mutes. Whom a broadcast about their post leaves out.
 */
export function silencedPeopleOf(person: Person | string): RawBuilder<string> {
  return sql<string>`(select bso.blocked_id from blocks bso where bso.blocker_id = ${person}
    union select bsi.blocker_id from blocks bsi where bsi.blocked_id = ${person}
    union select msi.muter_id from mutes msi where msi.muted_id = ${person})`;
}

/** The mission's category (free text, '' when none), or null when gone: a scalar for filters. */
export function missionCategoryOf(missionId: Person | string): RawBuilder<string | null> {
  return sql<string | null>`(select mcat.category from missions mcat where mcat.id = ${missionId})`;
}

/** The mission's place as its page shows it (the location text), or null when gone: a scalar for filters. */
export function missionLocationOf(missionId: Person | string): RawBuilder<string | null> {
  return sql<string | null>`(select mloc.location from missions mloc where mloc.id = ${missionId})`;
}

/** The mission is for its members only (and so are its updates). */
export function missionIsMembersOnly(missionId: Person | string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from missions mvis where mvis.id = ${missionId} and mvis.visibility = 'members')`;
}
