import { type RawBuilder, sql } from 'kysely';

/**
 * A public place's point, `point(longitude, latitude)`: the stored column 0039 generates from
 * `map_location` (never from the exact place), which the GiST indexes (posts_map_point,
 * missions_map_point, and the map's covering posts_map_walk) hold, so a read's `<@ box` and `<->`
 * use them: the one spelling for the map, the open data, "near me" and alerts. `table` is the
 * alias of a posts or missions row in the statement; the read must also say
 * `<table>.map_point is not null` (the indexes' predicate).
 */
export const mapPointOf = (table: string): RawBuilder<unknown> => sql`${sql.ref(`${table}.map_point`)}`;

/** The box `west,south,east,north` in the same point space, for `mapPointOf(t) <@ boxOf(...)`. */
export const boxOf = ([west, south, east, north]: readonly [
  number,
  number,
  number,
  number,
]): RawBuilder<unknown> =>
  sql`box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`;
