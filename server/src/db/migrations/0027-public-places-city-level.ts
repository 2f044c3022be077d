import { type Kysely, sql } from 'kysely';
import type { GivenPlace } from '@muster/contract/geo';
import { locationColumns, placeAndTextColumns, placeColumns } from '../../platform/places.js';

/** Rows read and rewritten at a time: a million posts never sit in memory at once. */
const BATCH = 2_000;
const FIRST = '00000000-0000-0000-0000-000000000000';

/**
 * Public places are city-level by construction (issue 31, item 3; decision 041). The public text
 * of every place already stored is built again, from what its owner gave (kept since 0020 in
 * `exact_location`), by the rule the write paths use (platform/places.ts): posts' and missions'
 * `map_location`, missions' `location`. A post rewritten is rendered again by its trigger.
 *
 * Profiles and collaboration requests get the same pair of columns: `location` becomes the public,
 * city-level text everyone but the owner reads (the people suggestions' "same place" included), and
 * `exact_location` keeps what the owner typed, for them alone.
 *
 * Each table is walked in batches by primary key, the rule applied in TypeScript, the batch written
 * back through `unnest` in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column exact_location text`.execute(db);
  await sql`alter table collaboration_requests add column exact_location text`.execute(db);

  for (const table of ['users', 'collaboration_requests'] as const) {
    for (let after = FIRST; ;) {
      const { rows } = await sql<{ id: string; location: string }>`
        select id, location from ${sql.table(table)} where location <> '' and id > ${after}::uuid
        order by id limit ${sql.lit(BATCH)}`.execute(db);
      if (!rows.length) break;
      await sql`update ${sql.table(table)} t set location = v.shown, exact_location = v.exact
        from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => locationColumns(r.location).location)}::text[],
                    ${rows.map((r) => r.location)}::text[]) as v (id, shown, exact)
        where t.id = v.id`.execute(db);
      after = rows.at(-1)!.id;
    }
  }

  for (let after = FIRST; ;) {
    const { rows } = await sql<{ id: string; place: GivenPlace }>`
      select id, exact_location as place from posts where exact_location is not null and id > ${after}::uuid
      order by id limit ${sql.lit(BATCH)}`.execute(db);
    if (!rows.length) break;
    await sql`update posts p set map_location = v.shown
      from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => placeColumns(r.place).mapLocation)}::jsonb[]) as v (id, shown)
      where p.id = v.id and p.map_location is distinct from v.shown`.execute(db);
    after = rows.at(-1)!.id;
  }

  for (let after = FIRST; ;) {
    const { rows } = await sql<{ id: string; exact: { location: string; mapLocation: GivenPlace | null } }>`
      select id, exact_location as exact from missions where exact_location is not null and id > ${after}::uuid
      order by id limit ${sql.lit(BATCH)}`.execute(db);
    if (!rows.length) break;
    const shown = rows.map((r) => placeAndTextColumns(r.exact.location ?? '', r.exact.mapLocation));
    await sql`update missions m set location = v.shown_location, map_location = v.shown
      from unnest(${rows.map((r) => r.id)}::uuid[], ${shown.map((s) => s.location)}::text[],
                  ${shown.map((s) => s.mapLocation)}::jsonb[]) as v (id, shown_location, shown)
      where m.id = v.id`.execute(db);
    after = rows.at(-1)!.id;
  }
}

/** Profiles and requests get their typed text back; posts and missions keep the city-level text (0020's rule is gone). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'collaboration_requests'] as const) {
    await sql`update ${sql.table(table)} set location = exact_location where exact_location is not null`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} drop column exact_location`.execute(db);
  }
}
