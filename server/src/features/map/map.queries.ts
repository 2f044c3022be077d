import { type Bbox, type MapKind } from '@muster/contract/map';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { RemoteListingsOf } from '../../platform/remote-listings.js';
import { boxOf, mapPointOf } from '../../platform/map-point.queries.js';
import { hiddenAuthorsFor, missionVisibleTo, suspendedNow } from '../../social/social.queries.js';

/**
 * A thing in the viewport (in the answer's order, newest first), whom it is by (a viewer's blocks
 * leave them out) and its public point (a block of cells' keys are sorted into viewports by it).
 */
export type MapKey = { id: string; authorId: string; lon: number; lat: number };

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

/**
 * The map's grid (0039, decision 077): a post's public point falls in one cell at each level; the
 * cell is `row · width + column`, row `floor((lat + 90) · k)`, column `floor((lon + 180) · k)`,
 * the same float8 arithmetic as 0039's generated columns, word for word (IEEE rounding is
 * monotonic, so the cells of a box's corners bound the cells of every point in it).
 */
const levels = [
  { column: 'map_cell_01', step: (d: number) => Math.floor(d * 10), width: 3600 },
  { column: 'map_cell_1', step: (d: number) => Math.floor(d), width: 360 },
  { column: 'map_cell_10', step: (d: number) => Math.floor(d / 10), width: 36 },
  { column: 'map_cell_90', step: (d: number) => Math.floor(d / 90), width: 4 },
] as const;
/** A viewport walks at most this many cells: the finest level at which it fits (the 90° level always does: 15 at most). */
export const MAP_CELLS_MAX = 32;

/** The cells a box is walked by: their level, ids (row by row) and the block they make. */
export type MapGrid = { level: number; cells: number[]; columns: number; rows: number; block: Bbox };

/**
 * The level a box is walked at and its cells (each one merged newest first), and the block of
 * whole cells around it (what viewports panned within it share: map.service.ts).
 */
export function cellsOf([west, south, east, north]: Bbox): MapGrid {
  for (let level = 0; ; level++) {
    const { step, width } = levels[level]!;
    const [x0, x1, y0, y1] = [step(west + 180), step(east + 180), step(south + 90), step(north + 90)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAP_CELLS_MAX && level < levels.length - 1) continue;
    const cells: number[] = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) cells.push(y * width + x);
    const size = [0.1, 1, 10, 90][level]!;
    // The block's box, a hair wider than the cells (the missions' GiST box is fuzzy anyway):
    // only the missions' half reads it; the posts' half reads the cells themselves.
    const block: Bbox = [
      Math.max(-180, x0 * size - 180 - 1e-9),
      Math.max(-90, y0 * size - 90 - 1e-9),
      Math.min(180, (x1 + 1) * size - 180 + 1e-9),
      Math.min(90, (y1 + 1) * size - 90 + 1e-9),
    ];
    return { level, cells, columns: x1 - x0 + 1, rows: y1 - y0 + 1, block };
  }
}

type Args = {
  viewer: string | undefined;
  west: number;
  south: number;
  east: number;
  north: number;
  level: number;
  cells: number[];
  columns: number;
  rows: number;
  /** The cells whole (a block's walk): no point is rechecked against the box. */
  whole: boolean;
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
 * viewer) for everybody, to share (decision 077): their keys only. The posts' half walks the
 * box's cells (cellsOf), one branch per cell on 0039's covering btree of that level, each newest
 * first with the box and the filters rechecked in the index's entries (index-only: it states the
 * index's predicate word for word), merged (a Merge Append) and cut at `cap`: it reads about `cap`
 * entries plus the ones of the border cells that fall outside the box, however many fit. The
 * viewer's rules are the kernel's: postVisibleTo's author rules as one array (hiddenAuthorsFor);
 * moderator-hidden posts and a mission's updates are off the map (the index's predicate: the map
 * is the public picture, its author's too); missions by missionVisibleTo.
 */
const keys = prepared<Args, MapKey>(
  (_db, a) => {
    const box = boxOf([a.west, a.south, a.east, a.north]);
    const limit = sql.lit(a.cap);
    const cell = sql.ref(`p.${levels[a.level]!.column}`);
    // A cell of the outer ring may stick out of the box: its points are rechecked, by their
    // coordinates (exactly the cells' arithmetic; `<@ box` is fuzzy by 1e-6, and would tempt the
    // planner into the GiST index, whose box it cannot estimate: a bitmap of every point in it).
    // The inner ones lie inside the box whole (and the planner then knows how many rows they hold).
    const border = (i: number) =>
      !a.whole &&
      (i < a.columns ||
        i >= a.columns * (a.rows - 1) ||
        i % a.columns === 0 ||
        i % a.columns === a.columns - 1);
    // Each cell newest first, at most `cap` of it (the bound: cells × cap entries, whatever the
    // planner guesses), then the newest `cap` of them all.
    const postBranch = (
      i: number,
    ) => sql`(select p.id, p.author_id, p.map_point[0] as lon, p.map_point[1] as lat, p.created_at from posts p
          where ${cell} = (${a.cells}::int[])[${sql.lit(i + 1)}]
            ${border(i) ? sql`and p.map_point[0] between ${a.west}::float8 and ${a.east}::float8 and p.map_point[1] between ${a.south}::float8 and ${a.north}::float8` : sql``}
            and p.map_location is not null and p.hidden_reason is null and p.mission_id is null
            and p.kind in ('need', 'want', 'provision')
            and p.kind = any(${a.postKinds}::text[])
            and (p.kind = 'provision' or p.status = any(${a.statuses}::text[]))
            ${a.category === undefined ? sql`` : sql`and lower(p.category) = lower(${a.category})`}
            ${a.emergency ? sql`and p.emergency_emoji is not null` : sql``}
            ${a.since === undefined ? sql`` : sql`and p.created_at >= ${a.since}`}
            and p.author_id <> all((select ids from hidden)::uuid[])
          order by p.created_at desc limit ${limit})`;
    const posts = a.postKinds ? Array.from({ length: a.columns * a.rows }, (_, i) => postBranch(i)) : [];
    const missions =
      a.missions && !a.emergency
        ? [
            sql`(select m.id, m.owner_id as author_id, m.map_point[0] as lon, m.map_point[1] as lat, m.created_at
          from missions m
          where m.map_location is not null and ${mapPointOf('m')} <@ ${box}
            ${a.category === undefined ? sql`` : sql`and lower(m.category) = lower(${a.category})`}
            ${a.since === undefined ? sql`` : sql`and m.created_at >= ${a.since}`}
            and ${missionVisibleTo(a.viewer, 'm')}
            ${a.viewer === undefined ? sql`and not ${suspendedNow(sql.ref('m.owner_id'))}` : sql``}
          order by m.created_at desc limit ${limit})`,
          ]
        : [];
    const parts = [...posts, ...missions];
    if (parts.length === 0)
      return sql<MapKey>`select null::uuid as id, null::uuid as author_id, 0 as lon, 0 as lat where false`;
    // The people whose posts are off the map for this viewer, found once for every cell.
    // The time orders the rows only: dates made in JavaScript for nothing weigh in memory.
    return sql<MapKey>`with hidden as materialized (select ${hiddenAuthorsFor(a.viewer)} as ids)
      select id, author_id, lon, lat from (${sql.join(parts, sql` union all `)}) in_box
      order by created_at desc limit ${limit}`;
  },
  { literal: ['cap', 'missions', 'emergency', 'level', 'columns', 'rows', 'whole'] },
);

export function mapKeys(
  db: Db,
  viewerId: string | undefined,
  s: MapSelection,
  cap: number,
  /** A block's walk: every thing in these whole cells (their block's box for the missions). */
  grid?: MapGrid,
): Promise<MapKey[]> {
  const whole = grid !== undefined;
  const { level, cells, columns, rows, block } = grid ?? cellsOf(s.bbox);
  const [west, south, east, north] = whole ? block : s.bbox;
  const postKinds = s.kinds.filter((k) => k !== 'mission');
  return keys(db, {
    viewer: viewerId,
    west,
    south,
    east,
    north,
    level,
    cells,
    columns,
    rows,
    whole,
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

/** Another Muster's listing at its public place (decision 089), with where it lives. */
export type RemoteMapRow = Omit<MapRow, 'kind'> & {
  kind: 'need' | 'want' | 'provision';
  host: string;
  url: string;
  authorUri: string;
  /** Its server is limited (decision 088): left out of a shared answer, see remoteMapRows. */
  limited: boolean;
  /** Whether any limited server's listing fits (the same on every row). */
  anyLimited: boolean;
};

/**
 * Another Muster's needs, wants and provisions in the box that fit the filters (decision 089),
 * newest first, at most `cap`, in a statement of their own: they are few, have no cells, and
 * must not change the local walk's plan. For a viewer: those they may see. For nobody in
 * particular: the others first, then a limited server's, marked, and `anyLimited` says whether any
 * fits at all (the shared answer leaves them out and each viewer asks for their own).
 */
export async function remoteMapRows(
  db: Db,
  remote: RemoteListingsOf,
  viewerId: string | undefined,
  s: MapSelection,
  cap: number,
): Promise<RemoteMapRow[]> {
  const kinds = s.kinds.filter((k) => k !== 'mission');
  if (kinds.length === 0) return [];
  const [west, south, east, north] = s.bbox;
  const since = s.sinceDays === undefined ? undefined : new Date(Date.now() - s.sinceDays * 86_400_000);
  const { rows } = await sql<RemoteMapRow>`select x.object_uri as id, x.kind, x.title, x.category, x.status,
      x.emergency, x.longitude as lon, x.latitude as lat, coalesce(x.place_name, '') as place,
      x.published as "createdAt", x.host, x.url, x.remote_actor as "authorUri", x.limited,
      bool_or(x.limited) over () as "anyLimited"
    from ${remote(viewerId)} x
    where x.longitude between ${west}::float8 and ${east}::float8
      and x.latitude between ${south}::float8 and ${north}::float8
      and x.kind = any(${kinds}::text[])
      and (x.kind = 'provision' or x.status = any(${[...s.statuses]}::text[]))
      ${s.category === undefined ? sql`` : sql`and lower(x.category) = lower(${s.category})`}
      ${s.emergency ? sql`and x.emergency` : sql``}
      ${since === undefined ? sql`` : sql`and x.published >= ${since}`}
    order by ${viewerId === undefined ? sql`x.limited,` : sql``} x.published desc, x.object_uri
    limit ${sql.lit(cap)}`.execute(db);
  return rows;
}
