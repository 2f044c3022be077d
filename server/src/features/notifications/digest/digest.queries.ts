import { type RawBuilder, sql } from 'kysely';
import { defaultNoticeChannels } from '@muster/contract/notification-settings';
import type { Db } from '../../../db/database.js';
import {
  hiddenEitherWay,
  missionOfPostVisibleTo,
  missionOwnerOf,
  missionTitleOf,
  mutedByViewer,
  postVisibleTo,
  silencedIdsFor,
} from '../../../social/social.queries.js';
import { listedFor, type listNotifications } from '../notifications.queries.js';
import { DIGEST_FROM_HOUR, DIGEST_LIMITS, DIGEST_UNTIL_HOUR } from './digest-timing.js';

/**
 * The digest's reads and its one write (issue 34, decision 065). Every statement takes a batch of
 * people at once (a JSON array of them, unnested), so a job of a few hundred people is a handful
 * of statements, not a handful per person.
 */

/** A person's digest settings as SQL expressions: a settings row's columns, or the defaults when there is none. */
type Settings = {
  digest: RawBuilder<unknown>;
  timeZone: RawBuilder<unknown>;
  lastDigestAt: RawBuilder<unknown>;
  quietEnabled: RawBuilder<unknown>;
  quietStart: RawBuilder<unknown>;
  quietEnd: RawBuilder<unknown>;
};

/** Of `alias` (a notification_settings row, or null from a left join): the defaults where it is null. */
const settingsOf = (alias: string): Settings => ({
  digest: sql`coalesce(${sql.ref(`${alias}.digest`)}, 'daily')`,
  timeZone: sql`coalesce(${sql.ref(`${alias}.time_zone`)}, 'UTC')`,
  lastDigestAt: sql.ref(`${alias}.last_digest_at`),
  quietEnabled: sql`coalesce(${sql.ref(`${alias}.quiet_enabled`)}, false)`,
  quietStart: sql`coalesce(${sql.ref(`${alias}.quiet_start`)}, '22:00')`,
  quietEnd: sql`coalesce(${sql.ref(`${alias}.quiet_end`)}, '07:00')`,
});

/**
 * A zone PostgreSQL knows (`zones`, checked beforehand), else UTC: a zone the browser's Intl
 * accepts but this server's tz database lacks must not fail the statement for everyone in it.
 */
const zoneOf = (zone: RawBuilder<unknown>, zones: readonly string[]) =>
  sql`(case when ${zone} = any(${sql.val([...zones])}::text[]) then ${zone} else 'UTC' end)`;

/** The wall clock at `at` where the person lives. */
const localAt = (s: Settings, zones: readonly string[], at: RawBuilder<unknown>) =>
  sql`(${at} at time zone ${zoneOf(s.timeZone, zones)})`;

/**
 * The start of the person's current digest period at `at`: the latest 08:00 on their clock (a
 * daily digest), or the latest Monday 08:00 (a weekly one; PostgreSQL's weeks start on Monday).
 */
function periodStart(s: Settings, zones: readonly string[], at: RawBuilder<unknown>) {
  const hours = sql.lit(`${DIGEST_FROM_HOUR} hours`);
  const local = localAt(s, zones, at);
  return sql<Date>`((date_trunc(case when ${s.digest} = 'weekly' then 'week' else 'day' end, ${local} - interval ${hours})
    + interval ${hours}) at time zone ${zoneOf(s.timeZone, zones)})`;
}

/**
 * The person's digest is due at `at`: they take one, none was made since their period began, it
 * is daytime where they live (08:00 to 20:00), and their quiet hours do not hold.
 */
function dueAt(s: Settings, zones: readonly string[], at: RawBuilder<unknown>) {
  const clock = sql`(${localAt(s, zones, at)})::time`;
  const start = sql`(${s.quietStart})::time`;
  const end = sql`(${s.quietEnd})::time`;
  const quiet = sql`(${s.quietEnabled} and case when ${start} < ${end} then ${clock} >= ${start} and ${clock} < ${end}
    when ${start} > ${end} then ${clock} >= ${start} or ${clock} < ${end} else false end)`;
  return sql<boolean>`(${s.digest} <> 'off'
    and (${s.lastDigestAt} is null or ${s.lastDigestAt} < ${periodStart(s, zones, at)})
    and ${clock} >= time ${sql.lit(`${String(DIGEST_FROM_HOUR).padStart(2, '0')}:00`)}
    and ${clock} < time ${sql.lit(`${String(DIGEST_UNTIL_HOUR).padStart(2, '0')}:00`)}
    and not ${quiet})`;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The time zones people chose, for checking against PostgreSQL's (`zoneKnown`) before a statement reads them. */
export async function chosenTimeZones(db: Db, userIds?: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ timeZone: string }>`select distinct time_zone from notification_settings
    ${userIds ? sql`where user_id = any(${sql.val([...userIds])}::uuid[])` : sql``}`.execute(db);
  return rows.map((r) => r.timeZone);
}

/** PostgreSQL knows the zone (its own tz database, not the browser's). Outside any transaction: a failure is the answer. */
export async function zoneKnown(db: Db, zone: string): Promise<boolean> {
  try {
    await sql`select now() at time zone ${zone}`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * The next people by id after `after` whose digest is due at `at` (a keyset walk over users: the
 * scheduler's batches). Only verified addresses: nothing is built for anyone it could not reach.
 */
export async function findDuePeople(
  db: Db,
  input: { at: Date; after: string | null; zones: readonly string[]; limit: number },
): Promise<string[]> {
  const at = timestamp(input.at);
  const { rows } = await sql<{ id: string }>`select u.id from users u
    left join notification_settings s on s.user_id = u.id
    where ${input.after ? sql`u.id > ${input.after}::uuid` : sql`true`}
      and u.email_verified_at is not null
      and ${dueAt(settingsOf('s'), input.zones, at)}
    order by u.id
    limit ${sql.lit(input.limit)}`.execute(db);
  return rows.map((r) => r.id);
}

export type ClaimedDigest = {
  userId: string;
  email: string;
  firstName: string;
  digest: 'daily' | 'weekly';
  channels: Record<string, string>;
  /** What the digest covers: from the last one (or one period back, for a first), until the scheduler's `at`. */
  since: Date;
  /** The period it is for, in UTC: the mail's key, so nobody is mailed twice for one. */
  periodStart: Date;
};

/**
 * Claims the digests of `userIds` that are due at `at`, in the caller's transaction: each one's
 * last_digest_at becomes `at` (a settings row is made for someone who never chose), and only the
 * rows this statement moved come back. The claim re-asks `dueAt` of the row it locks, so of two
 * jobs holding the same person (a scheduler turn run twice) one builds their digest, the other
 * finds it taken; a setting changed meanwhile (digest off, a new zone) is the one that counts.
 */
export async function claimDigests(
  trx: Db,
  input: { userIds: readonly string[]; zones: readonly string[]; at: Date },
): Promise<ClaimedDigest[]> {
  const at = timestamp(input.at);
  const row = settingsOf('s');
  const locked: Settings = {
    digest: sql.ref('ns.digest'),
    timeZone: sql.ref('ns.time_zone'),
    lastDigestAt: sql.ref('ns.last_digest_at'),
    quietEnabled: sql.ref('ns.quiet_enabled'),
    quietStart: sql.ref('ns.quiet_start'),
    quietEnd: sql.ref('ns.quiet_end'),
  };
  const { rows } = await sql<ClaimedDigest>`with due as (
      select u.id as user_id, u.email, u.first_name, ${row.digest} as digest, coalesce(s.channels, '{}') as channels,
        coalesce(s.last_digest_at, ${periodStart(row, input.zones, at)}
          - case when ${row.digest} = 'weekly' then interval '7 days' else interval '1 day' end) as since,
        ${periodStart(row, input.zones, at)} as period_start
      from users u left join notification_settings s on s.user_id = u.id
      where u.id = any(${sql.val([...input.userIds])}::uuid[]) and u.email_verified_at is not null
        and ${dueAt(row, input.zones, at)}),
    claimed as (
      insert into notification_settings as ns (user_id, last_digest_at)
      select user_id, ${at} from due
      on conflict (user_id) do update set last_digest_at = excluded.last_digest_at
        where ${dueAt(locked, input.zones, at)}
      returning ns.user_id)
    select due.* from due join claimed using (user_id)
    order by due.user_id`.execute(trx);
  return rows;
}

/** The people of a batch as the section statements take them: who, since when, and their channels. */
const peopleOf = (
  people: ReadonlyArray<{ userId: string; since: Date; channels?: Record<string, string> }>,
) =>
  sql`jsonb_to_recordset(${JSON.stringify(
    people.map((p) => ({ user_id: p.userId, since: p.since.toISOString(), channels: p.channels ?? {} })),
  )}::jsonb) as pp (user_id uuid, since timestamptz, channels jsonb)`;

type Window = {
  people: ReadonlyArray<{ userId: string; since: Date; channels?: Record<string, string> }>;
  until: Date;
};

type ListedRow = Awaited<ReturnType<typeof listNotifications>>[number];
export type DigestNoticeRow = ListedRow & {
  recipientId: string;
  postTitle: string | null;
  missionTitle: string | null;
};

/**
 * Each person's unread notices of the window whose kind's channel is 'digest' (their choice, else
 * the default), newest first, as their list would show them now (`listedFor`: nothing from
 * someone silenced for them, nothing about a post or mission no longer theirs to read), and none
 * from a mission they turned to 'none'. With the title of the post or mission each is about.
 */
export async function findDigestNotices(db: Db, w: Window): Promise<DigestNoticeRow[]> {
  if (!w.people.length) return [];
  const person = sql.ref('pp.user_id');
  const { rows } = await sql<DigestNoticeRow>`select pp.user_id as recipient_id, x.*
    from ${peopleOf(w.people)}
    cross join lateral (
      select n.*, s.first_name as sender_first_name, s.last_name as sender_last_name, s.username as sender_username,
        s.profile_picture as sender_picture, r.username as related_username,
        coalesce(nullif(btrim(rp.title), ''), rp.content) as post_title, rm.title as mission_title
      from notifications n
      left join users s on s.id = n.sender_id
      left join users r on r.id = n.related_user_id
      left join posts rp on rp.id = n.related_post_id
      left join missions rm on rm.id = n.related_mission_id
      where n.user_id = pp.user_id and n.created_at >= pp.since and n.created_at < ${timestamp(w.until)}
        and n.read_at is null and n.kind is not null
        and coalesce(pp.channels ->> n.kind, ${JSON.stringify(defaultNoticeChannels)}::jsonb ->> n.kind) = 'digest'
        and ${listedFor(person)}
        and not exists (select 1 from mission_notice_levels l
          where l.user_id = pp.user_id and l.mission_id = n.related_mission_id and l.level = 'none')
      order by n.created_at desc, n.id desc
      limit ${sql.lit(DIGEST_LIMITS.notices * 10)}) x`.execute(db);
  return rows;
}

export type NetworkPostRow = {
  recipientId: string;
  id: string;
  kind: 'need' | 'want' | 'provision';
  title: string;
  content: string;
  authorFirstName: string;
  authorLastName: string;
  /** How many such posts the person's connections made in the window, all told. */
  total: number;
};

/**
 * What each person's connections asked for and offered in the window: their open needs, wants
 * and provisions, newest first, each one the person may read (postVisibleTo) from someone they
 * have not muted. With how many there were in all.
 */
export async function findNetworkPosts(db: Db, w: Window): Promise<NetworkPostRow[]> {
  if (!w.people.length) return [];
  const person = sql.ref('pp.user_id');
  const { rows } = await sql<NetworkPostRow>`select pp.user_id as recipient_id, x.*
    from ${peopleOf(w.people)}
    cross join lateral (
      select p.id, p.kind, p.title, p.content, a.first_name as author_first_name, a.last_name as author_last_name,
        (count(*) over ())::int as total
      from connections c
      join posts p on p.author_id = c.other_id
      join users a on a.id = p.author_id
      where c.user_id = pp.user_id and p.created_at >= pp.since and p.created_at < ${timestamp(w.until)}
        and p.kind in ('need', 'want', 'provision') and (p.status is null or p.status = 'open')
        and ${postVisibleTo(person, 'p')} and not ${mutedByViewer(person, sql.ref('p.author_id'))}
      order by p.created_at desc, p.id desc
      limit ${sql.lit(DIGEST_LIMITS.network)}) x`.execute(db);
  return rows;
}

export type TagRow = {
  recipientId: string;
  tag: string;
  /** New posts under the tag in the window, counted up to DIGEST_LIMITS.tagCount + 1. */
  total: number;
  posts: Array<{ id: string; title: string; content: string }>;
};

/**
 * For each tag a person follows, the posts tagged with it in the window by others, newest first:
 * how many (up to a cap) and the newest few. Only posts the person may read: nobody silenced for
 * them (read once per person), no members-only mission's update they are outside of. The walk
 * reads 0023's index on (tag, created_at) alone.
 */
export async function findTagPosts(db: Db, w: Window): Promise<TagRow[]> {
  if (!w.people.length) return [];
  const person = sql.ref('pp.user_id');
  const { rows } = await sql<TagRow>`select pp.user_id as recipient_id, f.tag, t.total,
      coalesce((select json_agg(json_build_object('id', p.id, 'title', p.title, 'content', p.content)
                  order by array_position(t.newest, p.id))
                from posts p where p.id = any(t.newest)), '[]') as posts
    from ${peopleOf(w.people)}
    cross join lateral (select ${silencedIdsFor(person)} as ids) silenced
    join hashtag_follows f on f.user_id = pp.user_id
    cross join lateral (
      select count(*)::int as total,
        (array_agg(w.post_id order by w.created_at desc, w.post_id desc))[1:${sql.lit(DIGEST_LIMITS.postsPerTag)}] as newest
      from (select ph.post_id, ph.created_at from post_hashtags ph
            where ph.tag = f.tag and ph.created_at >= pp.since and ph.created_at < ${timestamp(w.until)}
              and ph.author_id <> pp.user_id and ph.author_id <> all(silenced.ids)
              and not exists (select 1 from posts hp where hp.id = ph.post_id and hp.hidden_reason is not null)
              and ${missionOfPostVisibleTo(person, sql.ref('ph.mission_id'))}
            order by ph.created_at desc, ph.post_id desc
            limit ${sql.lit(DIGEST_LIMITS.tagCount + 1)}) w) t
    where t.total > 0
    order by pp.user_id, t.total desc, f.tag`.execute(db);
  return rows;
}

export type DigestChatRow = {
  recipientId: string;
  /** A chat with messages they have not read, or a chat request waiting for their answer. */
  what: 'chat' | 'request';
  chatId: string | null;
  kind: 'direct' | 'mission' | null;
  missionId: string | null;
  missionTitle: string | null;
  unread: number;
  writers: number;
  /** The newest unread message (or the request's message) and who wrote it. */
  lastBody: string;
  lastFirstName: string;
  lastLastName: string;
  newest: Date;
};

/**
 * For each person whose channel for chats is 'digest' (decision 066: a chat makes no notice row),
 * the chats with messages of the window they still have not read, and the chat requests of the
 * window still waiting, newest first, up to DIGEST_LIMITS.chats. Counted as their chat list counts
 * them (`listChatsOf`, `findChatBurstRecipients`): not their own messages, none from anyone blocked
 * either way, no mission chat whose owner is; no request from someone blocked either way.
 */
export async function findDigestChats(db: Db, w: Window): Promise<DigestChatRow[]> {
  if (!w.people.length) return [];
  const person = sql.ref('pp.user_id');
  const until = timestamp(w.until);
  const { rows } = await sql<DigestChatRow>`select pp.user_id as recipient_id, x.*
    from ${peopleOf(w.people)}
    cross join lateral (
      (select 'chat' as what, c.id as chat_id, c.kind, c.mission_id,
         ${missionTitleOf(sql.ref('c.mission_id'))} as mission_title, u.unread, u.writers,
         l.body as last_body, lu.first_name as last_first_name, lu.last_name as last_last_name, u.newest
       from chat_members cm
       join chats c on c.id = cm.chat_id
       cross join lateral (
         select count(*)::int as unread, count(distinct m.sender_id)::int as writers, max(m.created_at) as newest
         from chat_messages m
         where m.chat_id = c.id and m.created_at >= pp.since and m.created_at < ${until}
           and m.created_at > cm.last_read_at and m.sender_id <> pp.user_id
           and not ${hiddenEitherWay(person, sql.ref('m.sender_id'))}) u
       cross join lateral (
         select m.body, m.sender_id from chat_messages m
         where m.chat_id = c.id and m.created_at = u.newest and m.sender_id <> pp.user_id
           and not ${hiddenEitherWay(person, sql.ref('m.sender_id'))}
         order by m.id desc limit 1) l
       join users lu on lu.id = l.sender_id
       where cm.user_id = pp.user_id and u.unread > 0
         and not ${hiddenEitherWay(person, missionOwnerOf(sql.ref('c.mission_id')))})
      union all
      (select 'request', null, null, null, null, 1, 1, r.message, su.first_name, su.last_name, r.created_at
       from chat_requests r join users su on su.id = r.sender_id
       where r.recipient_id = pp.user_id and r.created_at >= pp.since and r.created_at < ${until}
         and not ${hiddenEitherWay(person, sql.ref('r.sender_id'))})
      order by newest desc
      limit ${sql.lit(DIGEST_LIMITS.chats)}) x
    where coalesce(pp.channels ->> 'chats', ${JSON.stringify(defaultNoticeChannels)}::jsonb ->> 'chats') = 'digest'
    order by pp.user_id, x.newest desc`.execute(db);
  return rows;
}
