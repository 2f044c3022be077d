import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, item 7 (decision 051): people are found by a mistyped name, as needs are by a mistyped
 * category word (0017's search_lexicon).
 *
 * `search_names` holds every word of everyone's first and last names (lower case, letters only,
 * 3 letters or more), its one-letter deletions, and how many people's names hold it. A query word
 * borrows its close spellings from it, which the people search then walks like a typed name
 * (0008's prefix indexes):
 * - by trigram similarity ≥ 0.45, as for categories ("momdoma" → momodoma, 0.55);
 * - one slip away, which trigrams miss in short words: "jhon" and "john" share one trigram of
 *   five (similarity 0.11). A word is one of the other's deletions (a letter dropped or added),
 *   or the two share a deletion (a letter changed, two swapped or one moved: "jhon" and "john"
 *   both lose their h as "jon"): a probe of the primary key and one of the GIN index on arrays.
 * The count ranks the spellings (a slip of "jhon" means John, whom thousands are called, before
 * Jhona), and says when a word is nobody's any more (an account deleted, a name changed): it is
 * then removed, so a rare surname does not outlive the account that brought it. A count, not a
 * look for another holder, so two accounts going at once cannot leave or lose a word wrongly.
 *
 * Kept by row triggers on users, as the lexicon is on posts. The table is never shown; it only
 * widens a query whose answer the search's audience rules filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Immutable, so the query and the triggers share one definition and the planner folds it once.
  await sql`create or replace function search_name_deletions(w text) returns text[]
    language sql immutable parallel safe
    as $$ select array(select overlay(w placing '' from i for 1) from generate_series(1, length(w)) as i) $$`.execute(
    db,
  );
  await sql`create or replace function search_name_words(first_name text, last_name text) returns setof text
    language sql immutable parallel safe
    as $$ select distinct w from regexp_split_to_table(lower(first_name || ' ' || last_name), '[^[:alpha:]]+') as w
      where length(w) >= 3 $$`.execute(db);
  await sql`create table if not exists search_names (
    word text primary key,
    deletions text[] not null,
    people integer not null
  )`.execute(db);
  await sql`create index if not exists search_names_trgm on search_names using gin (word gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists search_names_deletions on search_names using gin (deletions)`.execute(
    db,
  );

  // A word's count moves by `delta` for each of `words`; one nobody holds any more goes.
  await sql`create or replace function search_names_count(words text[], delta integer) returns void language sql as $$
    insert into search_names (word, deletions, people)
    select w, search_name_deletions(w), delta from unnest(words) as w
    on conflict (word) do update set people = search_names.people + excluded.people;
    delete from search_names where word = any(words) and people <= 0;
  $$`.execute(db);
  await sql`create or replace function search_names_from_users() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform search_names_count(array(select search_name_words(new.first_name, new.last_name)), 1);
      elsif tg_op = 'DELETE' then
        perform search_names_count(array(select search_name_words(old.first_name, old.last_name)), -1);
      else
        perform search_names_count(array(select search_name_words(old.first_name, old.last_name)
          except select search_name_words(new.first_name, new.last_name)), -1);
        perform search_names_count(array(select search_name_words(new.first_name, new.last_name)
          except select search_name_words(old.first_name, old.last_name)), 1);
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists search_names_insert on users`.execute(db);
  await sql`create trigger search_names_insert after insert on users for each row
    execute function search_names_from_users()`.execute(db);
  // Only a change of name: users rows change on every privacy or headline edit.
  await sql`drop trigger if exists search_names_update on users`.execute(db);
  await sql`create trigger search_names_update after update of first_name, last_name on users for each row
    when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
    execute function search_names_from_users()`.execute(db);
  await sql`drop trigger if exists search_names_delete on users`.execute(db);
  await sql`create trigger search_names_delete after delete on users for each row
    execute function search_names_from_users()`.execute(db);

  await sql`insert into search_names (word, deletions, people)
    select w, search_name_deletions(w), count(*) from users u, search_name_words(u.first_name, u.last_name) as w
    group by w
    on conflict (word) do update set people = excluded.people`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists search_names_delete on users`.execute(db);
  await sql`drop trigger if exists search_names_update on users`.execute(db);
  await sql`drop trigger if exists search_names_insert on users`.execute(db);
  await sql`drop function if exists search_names_from_users()`.execute(db);
  await sql`drop function if exists search_names_count(text[], integer)`.execute(db);
  await sql`drop table if exists search_names`.execute(db);
  await sql`drop function if exists search_name_words(text, text)`.execute(db);
  await sql`drop function if exists search_name_deletions(text)`.execute(db);
}
