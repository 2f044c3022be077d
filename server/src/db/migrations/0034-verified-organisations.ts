import { type Kysely, sql } from 'kysely';
import { DEFAULT_AVATAR } from '@muster/contract/users';

/**
 * Issue 35 item 6 (decision 069): verified organisations.
 *
 * - `organisation_requests` (the verification feature's): a person's ask to be shown as an
 *   organisation — its name, website, a contact and proof — and a moderator's answer. At most one
 *   waiting or approved request per person (a partial unique index), so asking twice is a 409
 *   however the two requests race; a refused or revoked one stays, for its reason to be read.
 * - `users.verified_org`: the approved organisation's name, or null. Kept by a trigger on
 *   organisation_requests (as 0013's counts are kept), so the verification feature writes only its
 *   own table and the card can carry the name without a join on every read.
 * - `render_user_card` gains `verifiedOrg` (decision 010: the card is rendered once, read as text);
 *   every card is rendered again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column verified_org text`.execute(db);

  await sql`create table organisation_requests (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      organisation_name text not null,
      website text not null,
      contact_name text not null,
      contact_email text,
      contact_phone text,
      proof text not null,
      status text not null default 'waiting'
        constraint organisation_requests_status check (status in ('waiting', 'approved', 'refused', 'revoked')),
      reason text,
      decided_by uuid references users (id) on delete set null,
      decided_at timestamptz,
      created_at timestamptz not null default date_trunc('milliseconds', now())
    )`.execute(db);
  await sql`create unique index organisation_requests_open on organisation_requests (user_id)
    where status in ('waiting', 'approved')`.execute(db);
  // The staff's two lists: waiting oldest first, verified newest first; and a person's latest.
  await sql`create index organisation_requests_waiting on organisation_requests (created_at, id)
    where status = 'waiting'`.execute(db);
  await sql`create index organisation_requests_approved on organisation_requests (created_at desc, id desc)
    where status = 'approved'`.execute(db);
  await sql`create index organisation_requests_user on organisation_requests (user_id, created_at desc)`.execute(
    db,
  );

  await sql`create function organisation_requests_verify() returns trigger language plpgsql as $$
    begin
      if new.status = 'approved' then
        update users set verified_org = new.organisation_name
          where id = new.user_id and verified_org is distinct from new.organisation_name;
      elsif tg_op = 'UPDATE' and old.status = 'approved' then
        update users set verified_org = null where id = new.user_id and verified_org is not null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger organisation_requests_verify after insert or update of status, organisation_name
    on organisation_requests for each row execute function organisation_requests_verify()`.execute(db);

  await sql
    .raw(
      `create or replace function render_user_card() returns trigger language plpgsql as $$
begin
  new.card := jsonb_build_object(
    '_id', new.id,
    'username', new.username,
    'firstName', new.first_name,
    'lastName', new.last_name,
    'headline', new.headline,
    'profilePicture', coalesce(new.profile_picture, '${DEFAULT_AVATAR.replace(/'/g, "''")}'),
    'verifiedOrg', new.verified_org)::text;
  return new;
end $$`,
    )
    .execute(db);
  await sql`drop trigger users_render_card on users`.execute(db);
  await sql`create trigger users_render_card before insert or update of
    id, username, first_name, last_name, headline, profile_picture, verified_org
    on users for each row execute function render_user_card()`.execute(db);
  await sql`update users set username = username`.execute(db);
}
