import { type Kysely, sql } from 'kysely';

/**
 * The map's viewport read (issue 37, decision 077). Two things:
 *
 * 1. The public point as a stored column, `map_point` (generated from map_location: never written
 *    by hand, never the exact place), with GiST indexes replacing 0038's expression ones for the
 *    other readers (open data, near me, alerts: `mapPointOf`). PostgreSQL reads no expression
 *    index without its rows.
 *
 * 2. A grid for the map's walk. A GiST walk of a box reads every point in it before the newest
 *    can be told (a region's 250,000: most of a second), so the map walks cells instead: each
 *    post's public point falls in one cell at each of four levels (0.1°, 1°, 10° and 90° squares,
 *    `map_cell_<level>`, generated from the same point), and each level has a btree on
 *    `(cell, created_at desc)` covering what the map filters on and the point (an index-only
 *    scan). A viewport takes the finest level at which it covers at most 32 cells and merges the
 *    cells newest first (map.queries.ts): it reads about as many entries as it answers, however
 *    dense the box. Partial on what the map draws of posts: needs, wants and provisions, with a
 *    place, not hidden by a moderator, of no mission (a mission's updates are not on the map; the
 *    mission is). The cell's formula is `cellOf` in map.queries.ts, word for word: row
 *    `floor((lat + 90) · k)` times the row's width plus column `floor((lon + 180) · k)`.
 *
 * Adding stored columns rewrites posts once (at 1M posts: see bench-history.md).
 */
const lon = sql`(map_location->'coordinates'->>0)::float8`;
const lat = sql`(map_location->'coordinates'->>1)::float8`;
/** [column, the scaling of (degrees + offset) into cell steps, cells in a row of the grid]. */
const levels = [
  ['map_cell_01', sql`* 10`, 3600],
  ['map_cell_1', sql``, 360],
  ['map_cell_10', sql`/ 10`, 36],
  ['map_cell_90', sql`/ 90`, 4],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['posts', 'missions'])
    await sql`alter table ${sql.table(table)} add column map_point point generated always as (
        point(${lon}, ${lat})
      ) stored`.execute(db);
  // One rewrite of posts for all four: added in one statement.
  await sql`alter table posts ${sql.join(
    levels.map(
      ([column, scale, width]) =>
        sql`add column ${sql.ref(column)} integer generated always as (
          floor((${lat} + 90) ${scale})::integer * ${sql.lit(width)} + floor((${lon} + 180) ${scale})::integer
        ) stored`,
    ),
  )}`.execute(db);
  await sql`drop index posts_map_point`.execute(db);
  await sql`drop index missions_map_point`.execute(db);
  // 0038's predicate, word for word: a read saying `map_location is not null` is proved to fit.
  await sql`create index posts_map_point on posts using gist (map_point) where map_location is not null`.execute(
    db,
  );
  await sql`create index missions_map_point on missions using gist (map_point) where map_location is not null`.execute(
    db,
  );
  // The walk rechecks a border cell's points by their coordinates; without statistics on them the
  // planner guesses a box holds 0.5 % of a cell, finds a cell's walk dear for the few rows it
  // expects, and starts parallel workers (45 ms) for what reads a few hundred entries.
  await sql`create statistics posts_map_lon on (map_point[0]) from posts`.execute(db);
  await sql`create statistics posts_map_lat on (map_point[1]) from posts`.execute(db);
  for (const [column] of levels)
    await sql`create index ${sql.ref(`posts_map_walk_${column.slice('map_cell_'.length)}`)} on posts
        (${sql.ref(column)}, created_at desc)
        include (id, author_id, kind, status, category, emergency_emoji, map_point)
        where map_location is not null and hidden_reason is null and mission_id is null
          and kind in ('need', 'want', 'provision')`.execute(db);
}
