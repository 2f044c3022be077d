import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 (decision 067): who may moderate, and the record of what they did.
 *
 * - `users.role`: 'member' (everyone), 'moderator' or 'admin'. An admin may do all a moderator
 *   may, and grant and take roles; the first admin comes from the command line or ADMIN_USERNAMES.
 * - `moderation_audit`: one row per moderation action and role change — who, what, about whom or
 *   what, why, when. Append-only: the app has no route that edits or deletes a row, and a trigger
 *   refuses an update or delete from anywhere (a person's account deletion keeps their rows: the
 *   actor and subject columns are set null, the names kept in `actor_name` / `subject_name`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column role text not null default 'member'
    constraint users_role check (role in ('member', 'moderator', 'admin'))`.execute(db);
  // The staff list (an admin's page) walks only the few who have a role.
  await sql`create index users_staff on users (role) where role <> 'member'`.execute(db);

  await sql`create table moderation_audit (
      id uuid primary key,
      actor_id uuid references users (id) on delete set null,
      actor_name text not null,
      action text not null,
      target_type text,
      target_id uuid,
      subject_id uuid references users (id) on delete set null,
      subject_name text,
      reason text not null default '',
      details jsonb not null default '{}',
      created_at timestamptz not null default date_trunc('milliseconds', now())
    )`.execute(db);
  await sql`create index moderation_audit_recent on moderation_audit (created_at desc, id desc)`.execute(db);
  await sql`create index moderation_audit_subject on moderation_audit (subject_id, created_at desc)`.execute(
    db,
  );

  // Append-only: an account deletion's `set null` on the two person columns is the one change let through.
  await sql`create function moderation_audit_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (to_jsonb(new) - 'actor_id' - 'subject_id') = (to_jsonb(old) - 'actor_id' - 'subject_id')
         and (new.actor_id is null or new.actor_id = old.actor_id)
         and (new.subject_id is null or new.subject_id = old.subject_id) then
        return new;
      end if;
      raise exception 'the moderation audit log is append-only' using errcode = 'P0001';
    end $$`.execute(db);
  await sql`create trigger moderation_audit_append_only before update or delete on moderation_audit
    for each row execute function moderation_audit_append_only()`.execute(db);
}
