import { type Kysely, sql } from 'kysely';
import type { GivenPlace } from '@muster/contract/geo';
import { placeAndTextColumns, publicPlace } from '../../platform/places.js';

/** Rows read and rewritten at a time: a million posts never sit in memory at once. */
const BATCH = 2_000;

/**
 * Approximate places (issue 16, decision 022). `map_location` becomes the PUBLIC place — about
 * 1 km, no street (platform/places.ts's publicPlace) — so every reader of it (a post's rendered JSON,
 * the feeds, search, matching, the board's place filter) is safe without thinking. The place as its
 * author gave it moves to `exact_location`, read only for those who may see it (the author, an
 * accepted helper, a mission's members). A mission's `location` text is made approximate the same
 * way; its exact text and place are kept together in `missions.exact_location`
 * (`{ location, mapLocation }`).
 *
 * The rule is the TypeScript function the write paths use (since 0027, decision 041's city-level one), applied here in batches by primary key
 * (one pass over the index however many posts there are). Each post rewritten is rendered again
 * by its trigger. A check then refuses any public place not marked approximate, so a writer that
 * forgets the rule fails loudly instead of publishing a doorstep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column exact_location jsonb`.execute(db);
  await sql`alter table missions add column exact_location jsonb`.execute(db);

  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const { rows } = await sql<{ id: string; place: GivenPlace }>`
      select id, map_location as place from posts where map_location is not null and id > ${after}::uuid
      order by id limit ${sql.lit(BATCH)}`.execute(db);
    if (!rows.length) break;
    await sql`update posts p set exact_location = v.exact, map_location = v.shown
      from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => JSON.stringify(r.place))}::jsonb[],
                  ${rows.map((r) => JSON.stringify(publicPlace(r.place)))}::jsonb[]) as v (id, exact, shown)
      where p.id = v.id`.execute(db);
    after = rows.at(-1)!.id;
  }

  for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
    const { rows } = await sql<{ id: string; location: string; place: GivenPlace | null }>`
      select id, location, map_location as place from missions where (map_location is not null or location <> '') and id > ${after}::uuid
      order by id limit ${sql.lit(BATCH)}`.execute(db);
    if (!rows.length) break;
    await sql`update missions m set exact_location = v.exact, location = v.shown_location, map_location = v.shown
      from unnest(${rows.map((r) => r.id)}::uuid[],
                  ${rows.map((r) => JSON.stringify({ location: r.location, mapLocation: r.place }))}::jsonb[],
                  ${rows.map((r) => placeAndTextColumns(r.location, r.place).location)}::text[],
                  ${rows.map((r) => (r.place ? JSON.stringify(publicPlace(r.place)) : null))}::jsonb[]) as v (id, exact, shown_location, shown)
      where m.id = v.id`.execute(db);
    after = rows.at(-1)!.id;
  }

  await sql`alter table posts add constraint posts_place_approximate
    check (map_location is null or map_location @> '{"approximate": true}')`.execute(db);
  await sql`alter table missions add constraint missions_place_approximate
    check (map_location is null or map_location @> '{"approximate": true}')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table missions drop constraint missions_place_approximate`.execute(db);
  await sql`alter table posts drop constraint posts_place_approximate`.execute(db);
  await sql`update missions set location = exact_location->>'location', map_location = nullif(exact_location->'mapLocation', 'null'::jsonb)
    where exact_location is not null`.execute(db);
  await sql`update posts set map_location = exact_location where exact_location is not null`.execute(db);
  await sql`alter table missions drop column exact_location`.execute(db);
  await sql`alter table posts drop column exact_location`.execute(db);
}
