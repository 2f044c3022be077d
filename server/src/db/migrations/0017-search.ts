import { type Kysely, sql } from 'kysely';

/**
 * Global search (issue 14). Words are matched by full text: a `tsvector` kept by PostgreSQL itself
 * (a stored generated column, so no writer changes) with a GIN index, for the posts search shows
 * (needs, wants, provisions) and for missions. The 'english' configuration stems ("drivers" finds
 * "driver", "volunter" stems like "volunteer") and drops stop words; the texts are English (spec
 * §1) and 'simple' would need a stemmer of our own. Titles and categories weigh A, bodies B, so
 * `ts_rank` puts a title hit first. Other kinds keep a null vector: they are never searched and
 * cost nothing. Names, usernames and mission titles are matched by trigrams too (prefixes, typos):
 * people use 0002's users_name_trgm; missions get their own. `if not exists` lets a large
 * database be prepared by hand before the API starts (adding the column rewrites `posts`).
 */
/** Which search section a post belongs to; search.queries' searchablePostsMatching writes the same. */
const searchSection = sql.raw(`(case when kind = 'provision' then 'provisions' else 'needs' end)`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`alter table posts add column if not exists search_vector tsvector generated always as (
    case when kind in ('need', 'want', 'provision') then
      setweight(to_tsvector('english', title), 'A')
      || setweight(to_tsvector('english', coalesce(category, '')), 'A')
      || setweight(to_tsvector('english', content), 'B')
    end) stored`.execute(db);
  await sql`create index if not exists posts_search on posts using gin (search_vector)
    where kind in ('need', 'want', 'provision')`.execute(db);
  // A common word matches most posts, so the newest matches are found by walking a section's
  // posts newest first (the planner takes the GIN index for rare words): one walk for needs and
  // wants, one for provisions, instead of all posts (seven in eight rows were the other kinds).
  await sql`create index if not exists posts_search_recent on posts (${searchSection}, created_at desc, id desc)
    where kind in ('need', 'want', 'provision')`.execute(db);
  await sql`alter table missions add column if not exists search_vector tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) stored`.execute(
    db,
  );
  await sql`create index if not exists missions_search on missions using gin (search_vector)`.execute(db);
  await sql`create index if not exists missions_title_trgm on missions using gin (title gin_trgm_ops)`.execute(
    db,
  );

  // The words people mean when they mistype one: every category word and hashtag in use, kept by
  // PostgreSQL itself (statement triggers, so a bulk insert costs one statement, not one per row).
  // A query word that is not in it borrows its close spellings from it ("transprt" → transport,
  // "#floodrelif" → floodrelief); full text alone cannot forgive a typo. Small (thousands of rows
  // at 1M posts), so a trigram probe per query word is ~0.1 ms.
  await sql`create table if not exists search_lexicon (word text primary key)`.execute(db);
  await sql`create index if not exists search_lexicon_trgm on search_lexicon using gin (word gin_trgm_ops)`.execute(
    db,
  );
  await sql`create or replace function search_lexicon_from_posts() returns trigger language plpgsql as $$
    begin
      insert into search_lexicon (word)
      select distinct w from inserted p, regexp_split_to_table(lower(p.category), '[^[:alnum:]]+') as w
      where p.kind in ('need', 'want', 'provision') and length(w) >= 3
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create or replace function search_lexicon_from_tags() returns trigger language plpgsql as $$
    begin
      insert into search_lexicon (word)
      select distinct lower(t.tag) from inserted t where lower(t.tag) ~ '^[[:alnum:]]{3,}$'
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists search_lexicon_posts_insert on posts`.execute(db);
  await sql`create trigger search_lexicon_posts_insert after insert on posts referencing new table as inserted
    for each statement execute function search_lexicon_from_posts()`.execute(db);
  // An edit that changes the category: a row trigger, and only then (a statement trigger would run
  // on every like, whose count lives on posts).
  await sql`create or replace function search_lexicon_from_post_edit() returns trigger language plpgsql as $$
    begin
      insert into search_lexicon (word)
      select distinct w from regexp_split_to_table(lower(new.category), '[^[:alnum:]]+') as w
      where new.kind in ('need', 'want', 'provision') and length(w) >= 3
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists search_lexicon_posts_update on posts`.execute(db);
  await sql`create trigger search_lexicon_posts_update after update of category on posts
    for each row when (old.category is distinct from new.category) execute function search_lexicon_from_post_edit()`.execute(
    db,
  );
  await sql`drop trigger if exists search_lexicon_tags_insert on post_hashtags`.execute(db);
  await sql`create trigger search_lexicon_tags_insert after insert on post_hashtags referencing new table as inserted
    for each statement execute function search_lexicon_from_tags()`.execute(db);
  // What is already there (words no longer used stay: a spelling is no less right for being old).
  await sql`insert into search_lexicon (word)
    select distinct w from posts p, regexp_split_to_table(lower(p.category), '[^[:alnum:]]+') as w
    where p.kind in ('need', 'want', 'provision') and length(w) >= 3
    union select distinct lower(tag) from post_hashtags where lower(tag) ~ '^[[:alnum:]]{3,}$'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists search_lexicon_tags_insert on post_hashtags`.execute(db);
  await sql`drop trigger if exists search_lexicon_posts_update on posts`.execute(db);
  await sql`drop trigger if exists search_lexicon_posts_insert on posts`.execute(db);
  await sql`drop function if exists search_lexicon_from_tags()`.execute(db);
  await sql`drop function if exists search_lexicon_from_post_edit()`.execute(db);
  await sql`drop function if exists search_lexicon_from_posts()`.execute(db);
  await sql`drop table if exists search_lexicon`.execute(db);
  await sql`drop index if exists missions_title_trgm`.execute(db);
  await sql`drop index if exists missions_search`.execute(db);
  await sql`alter table missions drop column if exists search_vector`.execute(db);
  await sql`drop index if exists posts_search_recent`.execute(db);
  await sql`drop index if exists posts_search`.execute(db);
  await sql`alter table posts drop column if exists search_vector`.execute(db);
}
