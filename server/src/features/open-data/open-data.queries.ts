import { type RawBuilder, sql } from 'kysely';
import type { MapFilters } from '@muster/contract/map';
import type { Db } from '../../db/database.js';
import { boxOf, mapPointOf } from '../../platform/map-point.queries.js';
import type { Cursor } from '../../platform/paging.js';
import {
  accountShown,
  contentShownTo,
  limitedFrom,
  missionOfPostVisibleTo,
  missionVisibleTo,
} from '../../social/social.queries.js';

/*
 * Open data (issue 37 item 3, decision 078). The feature owns no table: it reads posts (needs,
 * wants, provisions) and missions as a stranger may, under the kernel's rules asked with no viewer
 * (decision 034: "everybody"), newest first by (created_at, id) — posts_recent and missions_recent
 * — so a batch or a page starts where the last one ended whatever was written since.
 */

/** One item as the database gives it: the public place only; no author column is ever selected. */
export type OpenDataRow = {
  id: string;
  kind: 'need' | 'want' | 'provision' | 'mission';
  title: string;
  description: string;
  category: string | null;
  status: 'open' | 'fulfilled' | 'expired' | null;
  emergency: boolean;
  /** The public place's [longitude, latitude] (0.01° grid), when it has a point. */
  coordinates: [number, number] | null;
  place: string | null;
  /** As `toISOString` writes it: the cursor's text, exact to the millisecond (0009). */
  createdAt: string;
  expiresAt: string | null;
};

const iso = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The help posts open data carries: a mission update is its mission's news, not an item. */
const POST_KINDS = ['need', 'want', 'provision'] as const;

/**
 * The post `p` is the public's to read: the rules of postVisibleTo for nobody in particular — no
 * moderator hid it, its author is not suspended nor limited (a limited account's posts reach its
 * connections only), and it is no members-only mission's.
 */
const postPublic = sql<boolean>`${contentShownTo(undefined, 'p')}
  and ${accountShown(sql.ref('p.author_id'))}
  and not ${limitedFrom(undefined, sql.ref('p.author_id'))}
  and ${missionOfPostVisibleTo(undefined, sql.ref('p.mission_id'))}`;

/** The mission `m` is the public's to read: public, and its owner is not suspended (missionVisibleTo's block rule for everybody). */
const missionPublic = sql<boolean>`${missionVisibleTo(undefined, 'm')} and ${accountShown(sql.ref('m.owner_id'))}`;

function inBox(alias: string, bbox: MapFilters['bbox']) {
  return bbox
    ? sql`and ${sql.ref(`${alias}.map_location`)} is not null and ${mapPointOf(alias)} <@ ${boxOf(bbox)}`
    : sql``;
}

function since(alias: string, days: number | undefined) {
  return days === undefined
    ? sql``
    : sql`and ${sql.ref(`${alias}.created_at`)} > now() - make_interval(days => ${days}::int)`;
}

function after(alias: string, cursor: Cursor | undefined) {
  return cursor
    ? sql`and (${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.id`)}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
}

/**
 * The next `limit` items after `cursor` (newest first) that fit the map's filters. Each side walks
 * its own (created_at desc, id desc) index from the cursor, at most `limit` rows, and the two are
 * merged: a batch costs the same at the millionth row as at the first.
 */
export async function itemsAfter(
  db: Db,
  filters: MapFilters,
  cursor: Cursor | undefined,
  limit: number,
): Promise<OpenDataRow[]> {
  const postKinds = POST_KINDS.filter((k) => filters.kinds.includes(k));
  // A mission has no status and is never marked as an emergency: the emergency filter leaves it out.
  const withMissions = filters.kinds.includes('mission') && !filters.emergency;
  const parts: RawBuilder<unknown>[] = [];
  if (postKinds.length) {
    parts.push(sql`(select p.id, p.kind, p.created_at,
        coalesce(nullif(p.title, ''), left(split_part(p.content, E'\\n', 1), 150)) as title,
        p.content as description, nullif(p.category, '') as category,
        case when p.kind in ('need', 'want') then p.status end as status,
        p.emergency_emoji is not null as emergency,
        p.map_location->'coordinates' as coordinates, nullif(p.map_location->>'address', '') as place,
        case when p.kind in ('need', 'want') then ${iso(sql.ref('p.expires_at'))} end as expires_at
      from posts p
      where p.kind = any(${sql.val([...postKinds])}::text[])
        and (p.kind not in ('need', 'want') or p.status = any(${sql.val([...filters.status])}::text[]))
        ${filters.emergency ? sql`and p.emergency_emoji is not null` : sql``}
        ${filters.category ? sql`and lower(p.category) = lower(${filters.category})` : sql``}
        ${inBox('p', filters.bbox)} ${since('p', filters.sinceDays)} ${after('p', cursor)}
        and ${postPublic}
      order by p.created_at desc, p.id desc
      limit ${sql.lit(limit)})`);
  }
  if (withMissions) {
    parts.push(sql`(select m.id, 'mission' as kind, m.created_at, m.title, m.description,
        nullif(m.category, '') as category, null as status, false as emergency,
        m.map_location->'coordinates' as coordinates,
        coalesce(nullif(m.location, ''), nullif(m.map_location->>'address', '')) as place,
        null as expires_at
      from missions m
      where true
        ${filters.category ? sql`and lower(m.category) = lower(${filters.category})` : sql``}
        ${inBox('m', filters.bbox)} ${since('m', filters.sinceDays)} ${after('m', cursor)}
        and ${missionPublic}
      order by m.created_at desc, m.id desc
      limit ${sql.lit(limit)})`);
  }
  if (!parts.length) return [];
  const { rows } = await sql<OpenDataRow>`select id, kind, title, description, category, status, emergency,
      coordinates, place, ${iso(sql.ref('created_at'))} as created_at, expires_at
    from (${sql.join(parts, sql` union all `)}) items
    order by items.created_at desc, items.id desc
    limit ${sql.lit(limit)}`.execute(db);
  return rows;
}
