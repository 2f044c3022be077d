import { type Kysely, sql } from 'kysely';
import { DEFAULT_AVATAR } from '@muster/contract/users';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A post's JSON and its author's card are rendered once, when they are written, and read as text
 * (decision 010): building JSON for twenty posts on every feed request cost PostgreSQL more than
 * finding them. Triggers keep the text true whichever statement writes the row.
 *
 * `posts.rendered` holds what the author wrote and when, in the contract's shape and key names;
 * the author's card, the counts and the viewer's own marks are added when the post is read, so a
 * like or a comment never re-renders it. `users.card` is the author as a post shows them.
 * If the contract's shape of a post or a card changes, a migration replaces these functions and
 * touches the rows (as below) to render them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column rendered text`.execute(db);
  await sql
    .raw(
      `create function render_post() returns trigger language plpgsql as $$
begin
  new.rendered := jsonb_build_object(
    '_id', new.id,
    'kind', new.kind,
    'title', new.title,
    'content', new.content,
    'category', new.category,
    'status', new.status,
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
  // Counts are left out on purpose: a like or a comment must not re-render the post.
  await sql`create trigger posts_render before insert or update of
    id, kind, title, content, category, status, hunt_type, image, video, file_url, file_name,
    review, map_location, mission, emergency_emoji, link_preview, hashtags, created_at, updated_at
    on posts for each row execute function render_post()`.execute(db);
  await sql`update posts set updated_at = updated_at`.execute(db);
  await sql`alter table posts alter column rendered set not null`.execute(db);

  await sql`alter table users add column card text`.execute(db);
  await sql
    .raw(
      `create function render_user_card() returns trigger language plpgsql as $$
begin
  new.card := jsonb_build_object(
    '_id', new.id,
    'username', new.username,
    'firstName', new.first_name,
    'lastName', new.last_name,
    'headline', new.headline,
    'profilePicture', coalesce(new.profile_picture, '${DEFAULT_AVATAR.replace(/'/g, "''")}'))::text;
  return new;
end $$`,
    )
    .execute(db);
  await sql`create trigger users_render_card before insert or update of
    id, username, first_name, last_name, headline, profile_picture
    on users for each row execute function render_user_card()`.execute(db);
  await sql`update users set username = username`.execute(db);
  await sql`alter table users alter column card set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_render_card on users`.execute(db);
  await sql`drop function render_user_card()`.execute(db);
  await sql`alter table users drop column card`.execute(db);
  await sql`drop trigger posts_render on posts`.execute(db);
  await sql`drop function render_post()`.execute(db);
  await sql`alter table posts drop column rendered`.execute(db);
}
