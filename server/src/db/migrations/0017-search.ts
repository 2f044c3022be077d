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
/** Which search section a post belongs to; the kernel's searchablePostsMatching writes the same. */
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
    setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) stored`.execute(db);
  await sql`create index if not exists missions_search on missions using gin (search_vector)`.execute(db);
  await sql`create index if not exists missions_title_trgm on missions using gin (title gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists missions_title_trgm`.execute(db);
  await sql`drop index if exists missions_search`.execute(db);
  await sql`alter table missions drop column if exists search_vector`.execute(db);
  await sql`drop index if exists posts_search_recent`.execute(db);
  await sql`drop index if exists posts_search`.execute(db);
  await sql`alter table posts drop column if exists search_vector`.execute(db);
}
