import { type Kysely, sql } from 'kysely';

/**
 * Issue 34 (decision 061): notices reach people away from an open tab.
 *
 * - `notifications.kind`: the settings' kind of a notice (contract/notification-settings.ts), which
 *   picks its channel; null for a notice that stays in the app (the welcome). Existing rows take
 *   theirs from their type, so the digest and the unsubscribe links treat old and new alike.
 * - `notification_settings`: a person's choices. No row means the defaults, and `channels` holds
 *   only the kinds they changed, so a better default later reaches everyone who never chose.
 * - `mission_notice_levels`: per mission, 'important' or 'none' ('all' is the default, no row).
 * - `push_subscriptions`: a browser's Web Push subscription, dropped when its service answers 404/410.
 * - `instance_keys`: keys this instance makes at its first start (VAPID, the unsubscribe links').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column kind text`.execute(db);
  await sql`update notifications set kind = case
      when type = 'like' then 'likes'
      when type in ('comment', 'replies') then 'comments'
      when type in ('newOffer', 'missionHelp') then 'offers'
      when type = 'connectionRequest' then 'connections'
      when type = 'task' then 'tasks'
      when type = 'matchFound' then 'matches'
      when type = 'stillNeeded' then 'stillNeeded'
      when type = 'missionUpdate' and related_post_id is not null then 'missionUpdates'
      when type = 'missionUpdate' then 'missionJoins'
      when sub_type = 'credited' then 'offers'
      else null end`.execute(db);

  await sql`create table notification_settings (
      user_id uuid primary key references users (id) on delete cascade,
      channels jsonb not null default '{}',
      digest text not null default 'daily',
      quiet_enabled boolean not null default false,
      quiet_start text not null default '22:00',
      quiet_end text not null default '07:00',
      time_zone text not null default 'UTC',
      last_digest_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`create table mission_notice_levels (
      user_id uuid not null references users (id) on delete cascade,
      mission_id uuid not null references missions (id) on delete cascade,
      level text not null check (level in ('important', 'none')),
      primary key (user_id, mission_id)
    )`.execute(db);

  await sql`create table push_subscriptions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_agent text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);

  await sql`create table instance_keys (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table instance_keys`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
  await sql`drop table mission_notice_levels`.execute(db);
  await sql`drop table notification_settings`.execute(db);
  await sql`alter table notifications drop column kind`.execute(db);
}
