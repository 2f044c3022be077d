import { type Kysely, sql } from 'kysely';

/**
 * The map's viewport read (issue 37, decision 077). 0038's GiST indexes were on the public point
 * as an expression, and PostgreSQL reads no expression index without its rows: a city's 12,000
 * needs in a viewport cost 12,000 heap fetches and JSON reads (0.5 s), a region's 250,000 five
 * seconds. So the point becomes a stored column, `map_point` (generated from map_location: never
 * written by hand, never the exact place), and the map's own index is a covering one: the box
 * finds the entries and everything the shared read filters and orders on is in them (an
 * index-only scan); only the few hundred pins shown are read from the table. Partial on what the
 * map draws of posts: needs, wants and provisions, not hidden by a moderator, of no mission (a
 * mission's updates are not on the map; the mission is). mapPointOf spells the point for every
 * read; the general indexes on it replace 0038's for the other readers (open data, near me).
 * Adding a stored column rewrites posts once (at 1M posts: see bench-history.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['posts', 'missions'])
    await sql`alter table ${sql.table(table)} add column map_point point generated always as (
        point((map_location->'coordinates'->>0)::float8, (map_location->'coordinates'->>1)::float8)
      ) stored`.execute(db);
  await sql`drop index posts_map_point`.execute(db);
  await sql`drop index missions_map_point`.execute(db);
  await sql`create index posts_map_point on posts using gist (map_point) where map_point is not null`.execute(
    db,
  );
  await sql`create index missions_map_point on missions using gist (map_point) where map_point is not null`.execute(
    db,
  );
  await sql`create index posts_map_walk on posts using gist (map_point)
      include (created_at, id, author_id, kind, status, category, emergency_emoji)
      where map_point is not null and hidden_reason is null and mission_id is null
        and kind in ('need', 'want', 'provision')`.execute(db);
}
