import { type Kysely, sql } from 'kysely';

/**
 * Two of the posts' insert triggers ran for every post though they act only on some (issue 17):
 *
 * - `posts_need_expiry` (0019) gives a need or want without an expiry its default one. A `WHEN`
 *   clause is evaluated by the executor without calling the function at all, so any other post,
 *   and a need whose author picked a period, no longer enters PL/pgSQL.
 * - `search_lexicon_posts_insert` (0017) was a statement trigger: every insert into posts kept a
 *   transition table of its rows and ran the function's `insert … select` over it, ~60 µs of a
 *   post that has no category words to give (only needs, wants and provisions do). Now a row
 *   trigger that fires for exactly those, with the edit trigger's function (the same words, read
 *   from `new`). Bulk loads run with triggers off (seed:scale writes the lexicon itself), so
 *   nothing there paid one statement for many rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger posts_need_expiry on posts`.execute(db);
  // The same name, so it still fires before posts_render (BEFORE triggers fire by name).
  await sql`create trigger posts_need_expiry before insert on posts for each row
    when (new.kind in ('need', 'want') and new.expires_at is null) execute function default_need_expiry()`.execute(
    db,
  );
  await sql`drop trigger search_lexicon_posts_insert on posts`.execute(db);
  await sql`create trigger search_lexicon_posts_insert after insert on posts for each row
    when (new.kind in ('need', 'want', 'provision') and new.category is not null)
    execute function search_lexicon_from_post_edit()`.execute(db);
  await sql`drop function search_lexicon_from_posts()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger search_lexicon_posts_insert on posts`.execute(db);
  await sql`create or replace function search_lexicon_from_posts() returns trigger language plpgsql as $$
    begin
      insert into search_lexicon (word)
      select distinct w from inserted p, regexp_split_to_table(lower(p.category), '[^[:alnum:]]+') as w
      where p.kind in ('need', 'want', 'provision') and length(w) >= 3
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_lexicon_posts_insert after insert on posts referencing new table as inserted
    for each statement execute function search_lexicon_from_posts()`.execute(db);
  await sql`drop trigger posts_need_expiry on posts`.execute(db);
  await sql`create trigger posts_need_expiry before insert on posts for each row execute function default_need_expiry()`.execute(
    db,
  );
}
