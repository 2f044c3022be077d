import { type Bbox, type MapKind } from '@muster/contract/map';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { boxOf, mapPointOf } from '../../platform/map-point.queries.js';
import {
  hiddenAuthorsFor,
  missionVisibleTo,
  sharedAnswerStanding,
  suspendedNow,
} from '../../social/social.queries.js';

/** A thing in the viewport (in the answer's order, newest first) and whom it is by: a viewer's blocks leave them out. */
export type MapKey = { id: string; authorId: string };

/** One pin's public columns: never `exact_location`. */
export type MapRow = {
  id: string;
  kind: MapKind;
  title: string;
  category: string | null;
  status: string | null;
  emergency: boolean;
  lon: number;
  lat: number;
  place: string;
  createdAt: Date;
};

export type MapSelection = {
  bbox: Bbox;
  kinds: readonly MapKind[];
  category?: string | undefined;
  statuses: readonly string[];
  emergency: boolean;
  sinceDays?: number | undefined;
};

type Args = {
  viewer: string | undefined;
  west: number;
  south: number;
  east: number;
  north: number;
  postKinds: string[] | undefined;
  missions: boolean;
  category: string | undefined;
  statuses: string[];
  emergency: boolean;
  since: Date | undefined;
  cap: number;
};

/**
 * The newest `cap` things in the box that fit the filters, newest first, for the viewer or (no
 * viewer) for everybody, to share (decision 077): their keys only. The posts' half is an
 * index-only scan of 0039's covering posts_map_walk (it states the index's predicate word for
 * word, and reads only what the index holds): no row of posts is read, however many fit. The
 * viewer's rules are the kernel's: postVisibleTo's author rules as one array (hiddenAuthorsFor);
 * moderator-hidden posts and a mission's updates are off the map (the index's predicate: the map
 * is the public picture, its author's too); missions by missionVisibleTo.
 */
const keys = prepared<Args, MapKey>(
  (_db, a) => {
    const box = boxOf([a.west, a.south, a.east, a.north]);
    const limit = sql.lit(a.cap);
    const posts = a.postKinds
      ? sql`(select p.id, p.author_id, p.created_at from posts p
          where ${mapPointOf('p')} <@ ${box}
            and p.map_point is not null and p.hidden_reason is null and p.mission_id is null
            and p.kind in ('need', 'want', 'provision')
            and p.kind = any(${a.postKinds}::text[])
            and (p.kind = 'provision' or p.status = any(${a.statuses}::text[]))
            ${a.category === undefined ? sql`` : sql`and lower(p.category) = lower(${a.category})`}
            ${a.emergency ? sql`and p.emergency_emoji is not null` : sql``}
            ${a.since === undefined ? sql`` : sql`and p.created_at >= ${a.since}`}
            and p.author_id <> all(${hiddenAuthorsFor(a.viewer)})
          order by p.created_at desc limit ${limit})`
      : undefined;
    const missions =
      a.missions && !a.emergency
        ? sql`(select m.id, m.owner_id as author_id, m.created_at from missions m
          where m.map_point is not null and ${mapPointOf('m')} <@ ${box}
            ${a.category === undefined ? sql`` : sql`and lower(m.category) = lower(${a.category})`}
            ${a.since === undefined ? sql`` : sql`and m.created_at >= ${a.since}`}
            and ${missionVisibleTo(a.viewer, 'm')}
            ${a.viewer === undefined ? sql`and not ${suspendedNow(sql.ref('m.owner_id'))}` : sql``}
          order by m.created_at desc limit ${limit})`
        : undefined;
    const parts = [posts, missions].filter((p) => p !== undefined);
    if (parts.length === 0) return sql<MapKey>`select null::uuid as id, null::uuid as author_id where false`;
    // The time orders the rows only: 10,001 dates made in JavaScript for nothing weigh in memory.
    if (parts.length === 1)
      return sql<MapKey>`select id, author_id from ${parts[0]} one_kind order by created_at desc`;
    return sql<MapKey>`select id, author_id from (${parts[0]} union all ${parts[1]}) both_kinds order by created_at desc limit ${limit}`;
  },
  { literal: ['cap', 'missions', 'emergency'] },
);

export function mapKeys(
  db: Db,
  viewerId: string | undefined,
  s: MapSelection,
  cap: number,
): Promise<MapKey[]> {
  const [west, south, east, north] = s.bbox;
  const postKinds = s.kinds.filter((k) => k !== 'mission');
  return keys(db, {
    viewer: viewerId,
    west,
    south,
    east,
    north,
    postKinds: postKinds.length ? postKinds : undefined,
    missions: s.kinds.includes('mission'),
    category: s.category,
    statuses: [...s.statuses],
    emergency: s.emergency,
    since: s.sinceDays === undefined ? undefined : new Date(Date.now() - s.sinceDays * 86_400_000),
    cap,
  });
}

/**
 * The pins of these keys (found by mapKeys, whose rules they passed), in no order: the public
 * place's point (map_point, on the 0.01° grid) and city-level text only.
 */
const pins = prepared<{ ids: string[] }, MapRow>(
  (_db, a) => sql<MapRow>`select p.id, p.kind, p.title, p.category,
      case when p.kind in ('need', 'want') then p.status end as status,
      p.emergency_emoji is not null as emergency, p.map_point[0] as lon, p.map_point[1] as lat,
      coalesce(p.map_location->>'address', '') as place, p.created_at
    from posts p where p.id = any(${a.ids}::uuid[])
    union all
    select m.id, 'mission', m.title, nullif(m.category, ''), null, false, m.map_point[0], m.map_point[1],
      m.location, m.created_at
    from missions m where m.id = any(${a.ids}::uuid[])`,
);

export function mapPins(db: Db, ids: string[]): Promise<MapRow[]> {
  return ids.length ? pins(db, { ids }) : Promise.resolve([]);
}

/** The viewer's blocks either way, and whether the shared answer lacks something theirs (077). */
export async function standingOf(db: Db, viewerId: string) {
  const { rows } = await sharedAnswerStanding(viewerId).execute(db);
  return rows[0]!;
}
