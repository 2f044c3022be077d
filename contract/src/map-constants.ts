/**
 * Zod-free half of map.ts (decision 030): what the map, the open data and the alerts share and a
 * light page reads before it loads a schema (issue 37).
 */

/** What the map draws: the three kinds of help post, and missions. */
export const mapKinds = ['need', 'want', 'provision', 'mission'] as const;
export type MapKind = (typeof mapKinds)[number];

/** How far back the map and the exports look, in days; none is all time. */
export const MAP_SINCE_DAYS = [1, 7, 30, 90, 365] as const;

/** At most this many items in one map answer (the newest first); `total` says how many fit. */
export const MAP_ITEMS_MAX = 500;
/**
 * Past this many items in a viewport the map counts no further (`total` is then at least this:
 * "500 of 1,000+"). Counting is reading: a cap of 10,000 made every dense viewport read 10,001
 * entries to say what the person cannot see anyway (decision 077).
 */
export const MAP_TOTAL_CAP = 1_000;

/** The largest "near me" radius, in kilometres (the map's, search's and an alert's). */
export const NEAR_RADIUS_MAX_KM = 500;
export const NEAR_RADIUS_DEFAULT_KM = 25;

/** "west,south,east,north" in degrees, as the map and the exports take a viewport. */
export type Bbox = [west: number, south: number, east: number, north: number];

/** A map filter's category is at most this long (mapFiltersSchema's `category`). */
export const MAP_CATEGORY_MAX = 60;
