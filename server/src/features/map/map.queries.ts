import { type MapKind, type Bbox } from '@muster/contract/map';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { boxOf, mapPointOf } from '../../platform/map-point.queries.js';
import {
  contentShownTo,
  hiddenAuthorsFor,
  missionOfPostVisibleTo,
  missionVisibleTo,
  sharedAnswerStanding,
  suspendedNow,
} from '../../social/social.queries.js';

/** One thing on the map as the statement reads it: public columns only, never `exact_location`. */
export type MapRow = {
  id: string;
  /** The post's author or the mission's owner: whom a viewer's blocks leave out. */
  authorId: string;
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

const coordinate = (t: string, i: 0 | 1) =>
  sql`(${sql.ref(`${t}.map_location`)}->'coordinates'->>${sql.raw(String(i))})::float8`;

/**
 * The newest `cap` things in the box that fit the filters, newest first, for the viewer or (no
 * viewer) for everybody, to share (decision 077). The box is found through 0038's GiST indexes
 * (mapPointOf/boxOf, the one spelling they match); the viewer's rules are the kernel's:
 * postVisibleTo's parts and missionVisibleTo. Moderator-hidden posts are off the map for
 * everybody, their authors included: the map is the public picture. A kind left out is no branch.
 */
const candidates = prepared<Args, MapRow>(
  (_db, a) => {
    const box = boxOf([a.west, a.south, a.east, a.north]);
    const limit = sql.lit(a.cap);
    const posts = a.postKinds
      ? sql`(select p.id, p.author_id, p.kind, p.title, p.category,
            case when p.kind in ('need', 'want') then p.status end as status,
            p.emergency_emoji is not null as emergency,
            ${coordinate('p', 0)} as lon, ${coordinate('p', 1)} as lat,
            coalesce(p.map_location->>'address', '') as place, p.created_at
          from posts p
          where p.map_location is not null and ${mapPointOf('p')} <@ ${box}
            and p.kind = any(${a.postKinds}::text[])
            and (p.kind = 'provision' or p.status = any(${a.statuses}::text[]))
            ${a.category === undefined ? sql`` : sql`and lower(p.category) = lower(${a.category})`}
            ${a.emergency ? sql`and p.emergency_emoji is not null` : sql``}
            ${a.since === undefined ? sql`` : sql`and p.created_at >= ${a.since}`}
            and p.author_id <> all(${hiddenAuthorsFor(a.viewer)})
            and ${missionOfPostVisibleTo(a.viewer, sql.ref('p.mission_id'))}
            and ${contentShownTo(undefined, 'p')}
          order by p.created_at desc limit ${limit})`
      : undefined;
    const missions =
      a.missions && !a.emergency
        ? sql`(select m.id, m.owner_id as author_id, 'mission' as kind, m.title, nullif(m.category, '') as category,
            null::text as status, false as emergency,
            ${coordinate('m', 0)} as lon, ${coordinate('m', 1)} as lat, m.location as place, m.created_at
          from missions m
          where m.map_location is not null and ${mapPointOf('m')} <@ ${box}
            ${a.category === undefined ? sql`` : sql`and lower(m.category) = lower(${a.category})`}
            ${a.since === undefined ? sql`` : sql`and m.created_at >= ${a.since}`}
            and ${missionVisibleTo(a.viewer, 'm')}
            ${a.viewer === undefined ? sql`and not ${suspendedNow(sql.ref('m.owner_id'))}` : sql``}
          order by m.created_at desc limit ${limit})`
        : undefined;
    const parts = [posts, missions].filter((p) => p !== undefined);
    if (parts.length === 0) return sql<MapRow>`select null where false`;
    if (parts.length === 1) return sql<MapRow>`${parts[0]}`;
    return sql<MapRow>`select * from (${parts[0]} union all ${parts[1]}) both_kinds order by created_at desc limit ${limit}`;
  },
  { literal: ['cap', 'missions', 'emergency'] },
);

const postKindsOf = (kinds: readonly MapKind[]) => kinds.filter((k) => k !== 'mission');

export function mapCandidates(
  db: Db,
  viewerId: string | undefined,
  s: MapSelection,
  cap: number,
): Promise<MapRow[]> {
  const [west, south, east, north] = s.bbox;
  const postKinds = postKindsOf(s.kinds);
  return candidates(db, {
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

/** The viewer's blocks either way, and whether the shared answer lacks something theirs (077). */
export async function standingOf(db: Db, viewerId: string) {
  const { rows } = await sharedAnswerStanding(viewerId).execute(db);
  return rows[0]!;
}
