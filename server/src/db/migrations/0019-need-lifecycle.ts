import { type Kysely, sql } from 'kysely';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Needs that close (issue 16, decision 021). A need or want expires at `expires_at`, chosen by its
 * author when posting (7 to 90 days); `nudged_at` is when its author was asked "Still needed?" for
 * this expiry, so the scheduled job asks once (keeping it open clears it, for the next expiry).
 *
 * A need written without an expiry (a seed, a test's factory, any future write path) gets the
 * default from `need_expiry_default`, and so do the open needs already here: 30 days after it was
 * posted, but never less than a week from now, so a board of old needs is not closed in one sweep
 * before anyone is asked.
 *
 * `scheduled_jobs` holds when each job of `platform/scheduler.ts` may run next: a process claims a
 * run by moving that time forward in one statement, so of several API processes exactly one runs
 * each turn.
 *
 * The post's JSON (decision 010) gains `expiresAt`: `render_post` is replaced (it was 0011's) and
 * the rows are rendered again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column expires_at timestamptz, add column nudged_at timestamptz`.execute(
    db,
  );
  await sql`create function need_expiry_default(created timestamptz) returns timestamptz language sql stable as $$
    select greatest(created + interval '30 days', now() + interval '7 days') $$`.execute(db);
  await sql
    .raw(
      `create function default_need_expiry() returns trigger language plpgsql as $$
begin
  if new.kind in ('need', 'want') and new.expires_at is null then
    new.expires_at := need_expiry_default(new.created_at);
  end if;
  return new;
end $$`,
    )
    .execute(db);
  // Named to sort before posts_render (BEFORE triggers fire by name), so the rendered JSON carries it.
  await sql`create trigger posts_need_expiry before insert on posts for each row execute function default_need_expiry()`.execute(
    db,
  );
  await sql`update posts set expires_at = need_expiry_default(created_at) where kind in ('need', 'want') and status = 'open'`.execute(
    db,
  );
  // The scheduled job's two walks: open needs by expiry (the nudge's window, and the overdue).
  await sql`create index posts_open_needs_expiry on posts (expires_at) where status = 'open' and expires_at is not null`.execute(
    db,
  );

  await renderPostWith(db, true);
  await sql`update posts set updated_at = updated_at where kind in ('need', 'want')`.execute(db);

  await sql`create table scheduled_jobs (name text primary key, next_run_at timestamptz not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table scheduled_jobs`.execute(db);
  await renderPostWith(db, false);
  await sql`drop index posts_open_needs_expiry`.execute(db);
  await sql`drop trigger posts_need_expiry on posts`.execute(db);
  await sql`drop function default_need_expiry()`.execute(db);
  await sql`drop function need_expiry_default(timestamptz)`.execute(db);
  await sql`alter table posts drop column expires_at, drop column nudged_at`.execute(db);
  await sql`update posts set updated_at = updated_at where kind in ('need', 'want')`.execute(db);
}

/** 0011's render_post, with `expiresAt` (and its column among those that re-render) or without. */
async function renderPostWith(db: Kysely<unknown>, expiresAt: boolean) {
  await sql
    .raw(
      `create or replace function render_post() returns trigger language plpgsql as $$
begin
  new.rendered := jsonb_build_object(
    '_id', new.id,
    'kind', new.kind,
    'title', new.title,
    'content', new.content,
    'category', new.category,
    'status', new.status,${
      expiresAt
        ? `
    'expiresAt', case when new.expires_at is null then null else to_char(new.expires_at at time zone 'UTC', ${ISO}) end,`
        : ''
    }
    'huntType', new.hunt_type,
    'image', new.image,
    'video', new.video,
    'file', case when new.file_url is null then null
                 else jsonb_build_object('url', new.file_url, 'name', coalesce(new.file_name, 'document')) end,
    'review', new.review,
    'mapLocation', new.map_location,
    'mission', new.mission,
    'emergencyEmoji', new.emergency_emoji,
    'linkPreview', new.link_preview,
    'hashtags', new.hashtags,
    'createdAt', to_char(new.created_at at time zone 'UTC', ${ISO}),
    'updatedAt', to_char(new.updated_at at time zone 'UTC', ${ISO}))::text;
  return new;
end $$`,
    )
    .execute(db);
  await sql`drop trigger posts_render on posts`.execute(db);
  // Counts are left out on purpose: a like or a comment must not re-render the post.
  await sql
    .raw(
      `create trigger posts_render before insert or update of
    id, kind, title, content, category, status, hunt_type, image, video, file_url, file_name,
    review, map_location, mission, emergency_emoji, link_preview, hashtags, created_at, updated_at${expiresAt ? ', expires_at' : ''}
    on posts for each row execute function render_post()`,
    )
    .execute(db);
}
