import {
  type Bbox,
  MAP_CATEGORY_MAX,
  MAP_SINCE_DAYS,
  type MapKind,
  mapKinds,
} from '@muster/contract/map-constants';

/*
 * The map's state in the URL's query (decision 079): the filters and the view (centre, zoom), so a
 * link shares what its sender saw, and Back walks the filters. Read leniently: a hand-edited link
 * with a wrong value falls back to the default for that value, never to an error page.
 */

export const needStatusValues = ['open', 'fulfilled', 'expired'] as const;
export type NeedStatus = (typeof needStatusValues)[number];
export type SinceDays = (typeof MAP_SINCE_DAYS)[number];

export type MapFilterState = {
  kinds: MapKind[];
  category: string;
  status: NeedStatus[];
  emergency: boolean;
  /** Undefined: all time. */
  sinceDays: SinceDays | undefined;
};

export type MapView = { center: [lat: number, lon: number]; zoom: number };

export type MapUrlState = MapFilterState & {
  view: MapView | undefined;
  /** An item to open centred, its card open: `?post=<id>` or `?mission=<id>` (an alert's link). */
  focus: { kind: 'post' | 'mission'; id: string } | undefined;
};

export const defaultFilters: MapFilterState = {
  kinds: [...mapKinds],
  category: '',
  status: ['open'],
  emergency: false,
  sinceDays: undefined,
};

/** A country-sized view of the region the app serves first, when nothing better is known. */
export const defaultView: MapView = { center: [12.3, 122.9], zoom: 5 };

function list<T extends string>(raw: string | null, allowed: readonly T[], fallback: T[]): T[] {
  if (raw === null) return fallback;
  const picked = allowed.filter((v) => raw.split(',').includes(v));
  return picked.length ? picked : fallback;
}

export function readMapUrl(params: URLSearchParams): MapUrlState {
  const since = Number(params.get('since'));
  const lat = Number(params.get('lat'));
  const lon = Number(params.get('lon'));
  const zoom = Number(params.get('z'));
  const view =
    params.has('lat') &&
    params.has('lon') &&
    params.has('z') &&
    Math.abs(lat) <= 85 &&
    Math.abs(lon) <= 180 &&
    Number.isInteger(zoom) &&
    zoom >= 1 &&
    zoom <= 19
      ? { center: [lat, lon] as [number, number], zoom }
      : undefined;
  const post = params.get('post');
  const mission = params.get('mission');
  const id = (v: string | null) => (v && /^[\w-]{1,64}$/.test(v) ? v : undefined);
  const focus = id(post)
    ? { kind: 'post' as const, id: id(post)! }
    : id(mission)
      ? { kind: 'mission' as const, id: id(mission)! }
      : undefined;
  return {
    kinds: list(params.get('kinds'), mapKinds, defaultFilters.kinds),
    category: (params.get('category') ?? '').trim().slice(0, MAP_CATEGORY_MAX),
    status: list(params.get('status'), needStatusValues, defaultFilters.status),
    emergency: params.get('emergency') === '1',
    sinceDays: (MAP_SINCE_DAYS as readonly number[]).includes(since) ? (since as SinceDays) : undefined,
    view,
    focus,
  };
}

/** Coordinates to a few decimals: enough for a view (about 1 m at 5), short in a link. */
const fixed = (n: number, digits = 5) => String(Number(n.toFixed(digits)));

/** The query of a map link: only what differs from the defaults, in a stable order. */
export function writeMapUrl(state: MapUrlState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.kinds.length !== mapKinds.length) p.set('kinds', state.kinds.join(','));
  if (state.category) p.set('category', state.category);
  if (state.status.join(',') !== defaultFilters.status.join(',')) p.set('status', state.status.join(','));
  if (state.emergency) p.set('emergency', '1');
  if (state.sinceDays) p.set('since', String(state.sinceDays));
  if (state.view) {
    p.set('lat', fixed(state.view.center[0]));
    p.set('lon', fixed(state.view.center[1]));
    p.set('z', String(state.view.zoom));
  }
  if (state.focus) p.set(state.focus.kind, state.focus.id);
  return p;
}

/**
 * The viewport rounded outwards to a grid that follows the zoom (about a tenth of the view), so a
 * small pan asks again only once it has moved that far, and the cache key repeats (decision 079).
 */
export function roundBbox([west, south, east, north]: Bbox): Bbox {
  const span = Math.max(east - west, north - south);
  // A power of ten between a tenth and a fortieth of the view's span.
  const step = Math.min(10, Math.max(0.001, 10 ** Math.floor(Math.log10(span / 4))));
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number(v.toFixed(3))));
  const w = clamp(down(west), -180, 180);
  const e = clamp(up(east), -180, 180);
  const s = clamp(down(south), -90, 90);
  const n = clamp(up(north), -90, 90);
  return [w, s, e > w ? e : Math.min(180, w + step), n > s ? n : Math.min(90, s + step)];
}

/** The API's query for these filters: the map's `/map` and the open data's exports take the same. */
export function filterQuery(filters: MapFilterState, bbox: Bbox | undefined): URLSearchParams {
  const p = new URLSearchParams();
  if (bbox) p.set('bbox', bbox.join(','));
  p.set('kinds', filters.kinds.join(','));
  if (filters.category) p.set('category', filters.category);
  p.set('status', filters.status.join(','));
  if (filters.emergency) p.set('emergency', 'true');
  if (filters.sinceDays) p.set('sinceDays', String(filters.sinceDays));
  return p;
}

/** The radius, in km, of the circle that holds the viewport: an alert's "this area". */
export function radiusKmOf([west, south, east, north]: Bbox): number {
  const lat = ((south + north) / 2) * (Math.PI / 180);
  const dx = ((east - west) / 2) * 111.32 * Math.cos(lat);
  const dy = ((north - south) / 2) * 110.57;
  return Math.max(1, Math.min(500, Math.round(Math.hypot(dx, dy))));
}
