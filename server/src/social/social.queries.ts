import { type Expression, type RawBuilder, sql } from 'kysely';
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
 * here, never in its own queries. Only such rules live here (decision 058): a feature's readings of
 * other features' rows (a count, a title, a search's candidates) are in its own queries file,
 * asking these rules; a helper with no rule in it (db/prefix-bounds.ts) is in db/.
 */
export type Person = Expression<unknown>;
/** The viewer: their id, or (a statement written for many viewers at once, db/batched.ts) a column holding it. */
export type ViewerId = string | Person;

/**
 * Either of the two blocked the other, or either is suspended (decision 071: as if blocked by
 * everyone): each is hidden from the other everywhere. The viewer may be a column too, for two
 * people neither of whom is the one asking (a mission's owner and a member, a post's author and
 * each connection told of it).
 */
export function hiddenEitherWay(viewerId: ViewerId, person: Person): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from blocks b
    where (b.blocker_id = ${viewerId} and b.blocked_id = ${person})
       or (b.blocker_id = ${person} and b.blocked_id = ${viewerId}))
    or ${eitherSuspended(viewerId, person)})`;
}

/*
 * Moderation (issue 35 item 3, decision 071). The moderation feature writes `users.suspended_until`
 * and `users.limited_until`; these rules say what they mean for every read. A suspended account is
 * as if everyone blocked it: hiddenEitherWay (and so every rule built on it, silencedIdsFor and
 * the search rules) holds for it. A limited account's posts reach only its connections
 * (limitedFrom) and it may message only them (mayMessageDirectly). Both are read through 0037's
 * partial indexes, which hold the few such accounts only.
 */

/** The person's account is suspended now ('infinity': for good): shown to nobody, anywhere. */
export function suspendedNow(person: Person | string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from users sus where sus.id = ${person} and sus.suspended_until > now())`;
}

/** The person is shown at all: their account is not suspended (a profile, a card with a link). */
export function accountShown(person: Person | string): RawBuilder<boolean> {
  return sql<boolean>`not ${suspendedNow(person)}`;
}

/**
 * Either of two different people is suspended: one probe of 0037's users_suspended for both. Never
 * someone and themselves, nor someone and nobody (a notice with no sender is the server's): a
 * suspended person's suspension notice, about their own post, is still theirs, and is mailed to
 * them (decision 070), while nothing from anyone else reaches them.
 */
function eitherSuspended(viewerId: ViewerId, person: Person): RawBuilder<boolean> {
  return sql<boolean>`(${person}::uuid is not null and ${viewerId}::uuid <> ${person}::uuid and exists (select 1 from users sus
    where sus.id in (${viewerId}, ${person}) and sus.suspended_until > now()))`;
}

/**
 * The person's account is limited now and the viewer is outside its reach (neither them nor one
 * of their connections): the person's posts are missing to the viewer, and the person may not
 * write to them. Without a viewer (an answer shared by everybody), any limited person: a shared
 * page leaves their posts out, and their connections read them in their own lists.
 */
export function limitedFrom(viewerId: ViewerId | undefined, person: Person): RawBuilder<boolean> {
  if (viewerId === undefined)
    return sql<boolean>`exists (select 1 from users lim where lim.id = ${person} and lim.limited_until > now())`;
  return sql<boolean>`exists (select 1 from users lim where lim.id = ${person} and lim.limited_until > now()
    and lim.id <> ${viewerId} and not ${connectedTo(viewerId, sql.ref('lim.id'))})`;
}

/**
 * Content a moderator hid (its `hidden_reason` set, issue 35 item 3) is its author's alone: the
 * row (alias `row`, whose author is the column `author`) is shown to the viewer when it is not
 * hidden or is theirs. Without a viewer (a shared answer), only what is not hidden.
 */
export function contentShownTo(
  viewerId: ViewerId | undefined,
  row: string,
  author = 'author_id',
): RawBuilder<boolean> {
  const reason = column(row, 'hidden_reason');
  if (viewerId === undefined) return sql<boolean>`(${reason} is null)`;
  return sql<boolean>`(${reason} is null or ${column(row, author)} = ${viewerId})`;
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
 * Everyone silencedForViewer holds, and the suspended and the limited out of the viewer's reach
 * (decision 071), as one array read once per statement: for walks that test many
 * rows' authors, where an `exists` per row costs two index probes of blocks each (decision 030).
 * Use as `person <> all(silencedIdsFor(viewer))`. The viewer may be a column (a digest's batch of
 * people, each walking their followed tags): then it is read once per person.
 */
export function silencedIdsFor(viewerId: ViewerId): RawBuilder<string[]> {
  return sql<string[]>`array(select sb.blocked_id from blocks sb where sb.blocker_id = ${viewerId}
    union all select sb.blocker_id from blocks sb where sb.blocked_id = ${viewerId}
    union all select sm.muted_id from mutes sm where sm.muter_id = ${viewerId}
    union all ${moderatedIdsFor(viewerId)})`;
}

/**
 * The people whose posts postVisibleTo leaves out for the viewer as their author (blocked either
 * way, suspended, limited outside the viewer's reach; mutes are the feed's, not reading's), as one
 * array read once per statement: `author <> all(hiddenAuthorsFor(viewer))`. Without a viewer (an
 * answer shared by everybody, the map's, decision 077): the suspended and every limited person.
 */
export function hiddenAuthorsFor(viewerId: ViewerId | undefined): RawBuilder<string[]> {
  if (viewerId === undefined)
    return sql<string[]>`array(select hsu.id from users hsu where hsu.suspended_until > now()
      union all select hli.id from users hli where hli.limited_until > now())`;
  return sql<string[]>`array(select hb.blocked_id from blocks hb where hb.blocker_id = ${viewerId}
    union all select hb.blocker_id from blocks hb where hb.blocked_id = ${viewerId}
    union all ${moderatedIdsFor(viewerId)})`;
}

/**
 * The suspended, and the limited the viewer is outside the reach of (limitedFrom), as rows of ids:
 * a walk of 0037's two partial indexes, which hold only such accounts, so the arrays built on it
 * grow by a handful of ids however large Muster is.
 */
function moderatedIdsFor(viewerId: ViewerId): RawBuilder<string> {
  return sql<string>`select msu.id from users msu where msu.suspended_until > now()
    union all select mli.id from users mli where mli.limited_until > now() and mli.id <> ${viewerId}
      and not ${connectedTo(viewerId, sql.ref('mli.id'))}`;
}

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

/**
 * The viewer may write to the person directly (others go to chat requests): not blocked, allowed
 * by their policy, and — a limited viewer — a connection of theirs (decision 071).
 */
export function mayMessageDirectly(viewerId: ViewerId, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  return sql<boolean>`(not ${hiddenEitherWay(viewerId, id)}
    and (${column(user, 'message_policy')} = 'everyone' or ${connectedTo(viewerId, id)})
    and not ${limitedFrom(id, sql`${viewerId}::uuid`)})`;
}

/**
 * The person may be offered to the viewer by people search, @mentions and suggestions. Without a
 * viewer (an answer shared by everybody), anyone who may be found: no one's blocks apply. The
 * viewer may be a column (a digest's batch of people, each offered the needs that match them).
 */
export function appearsInSearchFor(viewerId: ViewerId | undefined, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  if (viewerId === undefined)
    return sql<boolean>`(${column(user, 'searchable')} and not ${suspendedNow(id)})`;
  return sql<boolean>`(${id} <> ${viewerId} and ${column(user, 'searchable')} and ${id} <> all(${blockedEitherWayIdsFor(viewerId)}))`;
}

/**
 * Everyone blocked either way with the viewer, read once for a statement that weighs many people
 * (an uncorrelated sub-select: PostgreSQL runs it once per run). hiddenEitherWay's probe for each
 * candidate cost people search two index probes a name it passed over (decision 036).
 */
function blockedEitherWayIdsFor(viewerId: ViewerId): RawBuilder<string[]> {
  return sql<string[]>`array(select ob.blocked_id from blocks ob where ob.blocker_id = ${viewerId}
    union all select ob.blocker_id from blocks ob where ob.blocked_id = ${viewerId}
    union all select osu.id from users osu where osu.suspended_until > now())`;
}

/** A person as every list shows them: the card JSON text a trigger keeps (decision 010). */
export function cardOf(user: string): RawBuilder<string> {
  return sql<string>`${column(user, 'card')}`;
}

/*
 * Missions (issue 12). The missions feature owns missions and their members and followers. Who may
 * see a mission and its updates, and who hears of them, are rules here; so are the few readings
 * of a mission that several other features share (its members, owner, title, chat), kept once
 * rather than copied into each (decision 058). Ids may be given as SQL expressions or as plain ids
 * (bound as values).
 */

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

/** The mission is for its members only (and so are its updates). */
export function missionIsMembersOnly(missionId: Person | string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from missions mvis where mvis.id = ${missionId} and mvis.visibility = 'members')`;
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

/* ── Posts ──────────────────────────────────────────────────────────────────────────────────── */

/**
 * The viewer may read the post (alias `post` of a `posts` row): its author is not blocked either
 * way with them (nor suspended), it is no members-only mission's update they are outside of, no
 * moderator hid it from them (contentShownTo) and its author is not limited to others than them
 * (limitedFrom). Anything else is
 * missing to them (404, the same answer as a post that does not exist). The post lists ask the two
 * rules apart (findPage: a shared page has no viewer); a feature that reads one post asks this.
 */
export function postVisibleTo(viewerId: ViewerId, post: string): RawBuilder<boolean> {
  return sql<boolean>`(not ${hiddenEitherWay(viewerId, column(post, 'author_id'))}
    and ${missionOfPostVisibleTo(viewerId, column(post, 'mission_id'))}
    and ${contentShownTo(viewerId, post)}
    and not ${limitedFrom(viewerId, column(post, 'author_id'))})`;
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
 * A search answer computed for nobody in particular (shared by viewers for a few seconds, issue 14
 * note) fits the viewer when none of the `people` it names is hidden from them (blocked either way,
 * suspended, or limited out of their reach), the viewer may be found themselves (else their own
 * posts would be missing), and they belong to no members-only mission (those are left out of it).
 * What it asks of the viewer is their standing, one probe that the kernel keeps (social/standing.ts)
 * for a few seconds (decision 081), so a shared answer's fit costs no statement; someone who hides
 * from search later drops the shared answers of the process at once (the search feature listens).
 */
export function sharedSearchAnswerFits(standing: SearchStanding, people: readonly string[]): boolean {
  return standing.searchable && !standing.membersOnly && !people.some((id) => standing.hidden.has(id));
}

export type SearchStanding = Pick<ViewerStanding, 'searchable' | 'membersOnly' | 'hidden'>;

/**
 * What a viewer brings to an answer shared by everybody (search's, decision 081; the map's, 077),
 * read in one statement and kept a few seconds by `social/standing.ts`, the one cache of it:
 * `searchable`; `membersOnly` (they belong to a members-only mission, whose public things a shared
 * answer leaves out); `nearLimited` (they are limited, or a connection of someone limited: the
 * map's shared answer leaves every limited person out); `blocked`, everyone blocked either way with
 * them; `hidden`, those and the suspended and the limited out of their reach (moderatedIdsFor; a
 * handful of ids however large Muster is). Whoever keeps it must drop it when any of these changes.
 */
export type ViewerStanding = {
  searchable: boolean;
  membersOnly: boolean;
  nearLimited: boolean;
  blocked: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
};

export async function readViewerStanding(db: Db, viewerId: string): Promise<ViewerStanding> {
  const { rows } = await sql<{
    searchable: boolean;
    membersOnly: boolean;
    nearLimited: boolean;
    blocked: string[];
    moderated: string[];
  }>`select coalesce((select me.searchable from users me where me.id = ${viewerId}), false) as searchable,
    exists (select 1 from mission_members mm join missions mo on mo.id = mm.mission_id
      where mm.user_id = ${viewerId} and mo.visibility = 'members') as members_only,
    exists (select 1 from users sal where sal.limited_until > now()
      and (sal.id = ${viewerId} or ${connectedTo(viewerId, sql.ref('sal.id'))})) as near_limited,
    array(select ob.blocked_id from blocks ob where ob.blocker_id = ${viewerId}
      union all select ob.blocker_id from blocks ob where ob.blocked_id = ${viewerId}) as blocked,
    array(${moderatedIdsFor(viewerId)}) as moderated`.execute(db);
  const row = rows[0]!;
  const blocked = new Set(row.blocked);
  return {
    searchable: row.searchable,
    membersOnly: row.membersOnly,
    nearLimited: row.nearLimited,
    blocked,
    hidden: new Set([...blocked, ...row.moderated]),
  };
}
