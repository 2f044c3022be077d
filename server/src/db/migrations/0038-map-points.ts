import { type Kysely, sql } from 'kysely';

/**
 * Issue 37 (the map, "near me", alerts and open data): a spatial index over every public place.
 * A post's and a mission's public place (`map_location`, approximate by 0020's check) holds
 * `coordinates: [longitude, latitude]`; these GiST indexes are on that point as an expression, so
 * no column is added and no table rewritten. A read finds a viewport with `<point> <@ box(...)`
 * and "nearest first" with `<->`, and must spell the point exactly as here: the one spelling is
 * `mapPointOf` in platform/map-point.queries.ts. Partial on `map_location is not null` (a literal
 * predicate a generic plan can prove), so posts without a place cost the index nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index posts_map_point on posts using gist (
      point((map_location->'coordinates'->>0)::float8, (map_location->'coordinates'->>1)::float8)
    ) where map_location is not null`.execute(db);
  await sql`create index missions_map_point on missions using gist (
      point((map_location->'coordinates'->>0)::float8, (map_location->'coordinates'->>1)::float8)
    ) where map_location is not null`.execute(db);
}
