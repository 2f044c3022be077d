import { sql } from 'kysely';
import {
  MISSION_CHOICES_MAX,
  type DigestFrequency,
  type MissionNoticeLevel,
  type MissionNoticeRole,
} from '@muster/contract/notification-settings';
import type { Db } from '../../db/database.js';
import { missionVisibleTo } from '../../social/social.queries.js';

/** A person's stored choices, or undefined when they never chose (the defaults hold). */
export function findNotificationSettings(db: Db, userId: string) {
  return db.selectFrom('notificationSettings').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** What one PUT changes; a part left out stays as it was (or takes the column's default on a first save). */
export type SettingsChange = {
  /** Kinds set to a channel other than their default. */
  channels: Record<string, string>;
  /** Kinds set back to their default: their key goes, so a later default reaches them (decision 061). */
  resetKinds: string[];
  digest?: DigestFrequency | undefined;
  quiet?: { enabled: boolean; start: string; end: string } | undefined;
  timeZone?: string | undefined;
};

/**
 * Stores a change in one statement: a first save inserts the row (the table's defaults for what
 * was not given), a later one merges into it. `channels` is merged by PostgreSQL itself, so two
 * saves at once, each naming other kinds, both land.
 */
export async function saveNotificationSettings(db: Db, userId: string, change: SettingsChange) {
  const columns = {
    ...(change.digest !== undefined && { digest: change.digest }),
    ...(change.quiet !== undefined && {
      quietEnabled: change.quiet.enabled,
      quietStart: change.quiet.start,
      quietEnd: change.quiet.end,
    }),
    ...(change.timeZone !== undefined && { timeZone: change.timeZone }),
  };
  const set = JSON.stringify(change.channels);
  await db
    .insertInto('notificationSettings')
    .values({ userId, channels: set, ...columns })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({
        ...columns,
        channels: sql`(notification_settings.channels || ${set}::jsonb) - ${change.resetKinds}::text[]`,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}

export type MissionChoiceRow = {
  missionId: string;
  title: string;
  role: MissionNoticeRole;
  level: MissionNoticeLevel;
};

/**
 * The ongoing missions whose updates may reach the person — those they belong to (the owner
 * included) or follow — that they may see now (`missionVisibleTo`, the rule `missionAudience`
 * asks when an update is told), each with the level they chose. Read from their own rows
 * (two index walks by person), not from every mission. `only`: just these missions.
 */
export async function findMissionChoices(db: Db, userId: string, only?: readonly string[]) {
  const within = only ? sql`and mine.mission_id = any(${[...only]}::uuid[])` : sql``;
  const { rows } = await sql<MissionChoiceRow>`
    select m.id as mission_id, m.title, mine.role, coalesce(lvl.level, 'all') as level
    from (
      select mm.mission_id, mm.role from mission_members mm where mm.user_id = ${userId}
      union all
      select f.mission_id, 'follower' from mission_follows f
      where f.user_id = ${userId}
        and not exists (select 1 from mission_members fm where fm.mission_id = f.mission_id and fm.user_id = ${userId})
    ) mine
    join missions m on m.id = mine.mission_id
    left join mission_notice_levels lvl on lvl.user_id = ${userId} and lvl.mission_id = m.id
    where m.status = 'ongoing' ${within}
      and ${missionVisibleTo(userId, 'm')}
    order by array_position(array['owner', 'partner', 'collaborator', 'follower'], mine.role::text),
      lower(m.title), m.id
    limit ${sql.lit(MISSION_CHOICES_MAX)}`.execute(db);
  return rows;
}

/** Sets each mission's level: 'all' is the default, so its row goes; the others are kept as rows. */
export async function saveMissionLevels(
  db: Db,
  userId: string,
  levels: ReadonlyArray<{ missionId: string; level: MissionNoticeLevel }>,
) {
  const back = levels.filter((l) => l.level === 'all').map((l) => l.missionId);
  const kept = levels.flatMap((l) =>
    l.level === 'all' ? [] : [{ userId, missionId: l.missionId, level: l.level }],
  );
  if (back.length)
    await db
      .deleteFrom('missionNoticeLevels')
      .where('userId', '=', userId)
      .where('missionId', 'in', back)
      .execute();
  if (kept.length)
    await db
      .insertInto('missionNoticeLevels')
      .values(kept)
      .onConflict((oc) => oc.columns(['userId', 'missionId']).doUpdateSet({ level: sql`excluded.level` }))
      .execute();
}

/** What delivery needs of a notice's recipient, in one read: their address and their choices. */
export function findNoticeForDelivery(db: Db, notificationId: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.userId')
    .leftJoin('notificationSettings as s', 's.userId', 'n.userId')
    .select([
      'n.id',
      'n.userId',
      'n.kind',
      'n.subType',
      'n.readAt',
      'u.email',
      'u.emailVerifiedAt',
      'u.firstName',
      's.channels',
      's.quietEnabled',
      's.quietStart',
      's.quietEnd',
      's.timeZone',
    ])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
}
