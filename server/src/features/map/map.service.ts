import zlib from 'node:zlib';
import {
  MAP_ITEMS_MAX,
  MAP_REMOTE_ITEMS,
  MAP_TOTAL_CAP,
  type MapQuery,
  type MapTiles,
} from '@muster/contract/map';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import type { JsonText } from '../../platform/json-text.js';
import { type MicroCache, microCachePerApp } from '../../platform/micro-cache.js';
import type { RemoteListings, RemoteListingsOf } from '../../platform/remote-listings.js';
import { mapAnswerText, mapItemText, remoteMapItemText } from './map.present.js';
import { standingOf } from '../../social/standing.js';
import { cellsOf, type MapKey, mapKeys, mapPins, type MapSelection, remoteMapRows } from './map.queries.js';

/*
 * The map of where help is needed (issue 37, decision 077). A viewport's answer is the same for
 * almost everybody: the newest things in the box that fit the filters, less what the viewer's
 * blocks leave out. So one answer per viewport and filters, for nobody in particular, is shared by
 * every viewer for a few seconds (as search's, decision 018), and each viewer pays one small
 * statement for their blocks. Someone the shared answer lacks things for (a members-only mission's
 * member, a limited person and their connections) gets an answer of their own.
 *
 * An answer is two reads: the keys of up to MAP_TOTAL_CAP + 1 things, newest first (the grid's
 * cells merged, index-only, 0039), which give the total; then the pins of the first few hundred.
 * The shared answer takes its keys from its block's (the whole cells around the viewport, shared
 * by every viewport panned within them: BLOCK_KEYS newest) whenever they settle it, and its pins'
 * text from those kept a few seconds by id: a pan costs no statement.
 */

type Answer = {
  keys: MapKey[];
  texts: Map<string, JsonText>;
  /** Another Muster's listings in the box (decision 089). */
  remote: RemotePins;
  /** Whole answers as most viewers (no blocks) get them, by limit, and brotli'd once (below). */
  whole?: Map<number, Whole>;
};
type Whole = { text: JsonText; br?: Buffer };
/** `freshFor`: how long the answer is given as it is before one request computes its successor. */
type Kept<T> = { value: Promise<T>; at: number; freshFor: number; next?: Promise<T> | undefined };

// Each holds up to 1,001 keys, its pins' text (shared with pinTexts) and its whole answer, ~100 KB
// and its brotli'd ~12 KB: panning makes many.
const sharedAnswers = microCachePerApp<Kept<Answer>>({ ttlMs: 60_000, max: 64 });
/**
 * The newest BLOCK_KEYS + 1 things in a block of whole cells (~0.5 MB): a viewport within takes
 * its own from them when they settle it — all of the block's fit in them, or more than
 * MAP_TOTAL_CAP of the viewport's do (then its newest are the first of them in the box, and its
 * total is the cap). Otherwise it walks its own box.
 */
const blocks = microCachePerApp<Kept<MapKey[]>>({ ttlMs: 60_000, max: 64 });
const BLOCK_KEYS = 4_000;
/** The pins' text by id, as fresh as the shared answers: what panning shows again is not read again. */
const pinTexts = microCachePerApp<JsonText>({ ttlMs: 5_000, max: 10_000 });
const SHARED_FRESH_MS = 5_000;
/**
 * A walk that took long (a region's 250,000 things) is kept longer: ten times what it took, so
 * that one busy viewport spends at most a tenth of a connection on its refreshes, up to 30 s.
 */
const freshFor = (tookMs: number) => Math.min(Math.max(SHARED_FRESH_MS, 10 * tookMs), 30_000);
/** Pins written with a shared answer: a full page and room for a viewer's blocks. */
const SHARED_PINS = MAP_ITEMS_MAX + 50;

/**
 * Another Muster's listings in the box (decision 089), written, newest first: at most
 * MAP_REMOTE_ITEMS, after the local ones. `limited`: a limited server's listing fits, which the
 * shared answer leaves out (decision 088), so each viewer's are read for them. `actors`: the
 * authors of those written, so that a viewer who blocked one of them has theirs read too (092).
 */
type RemotePins = { texts: JsonText[]; limited: boolean; actors: string[] };
const NO_REMOTE: RemotePins = { texts: [], limited: false, actors: [] };

/** Read for the viewer (or nobody in particular: a shared answer's). */
async function remotePinsFor(
  remote: RemoteListingsOf | undefined,
  deps: Deps,
  viewerId: string | undefined,
  selection: MapSelection,
): Promise<RemotePins> {
  if (!remote) return NO_REMOTE;
  const rows = await remoteMapRows(deps.db, remote, viewerId, selection, MAP_REMOTE_ITEMS);
  const shown = rows.filter((r) => viewerId !== undefined || !r.limited);
  return {
    texts: shown.map(remoteMapItemText),
    limited: viewerId === undefined && rows.some((r) => r.anyLimited),
    actors: [...new Set(shown.map((r) => r.authorUri))],
  };
}

/**
 * What a moderator does to a post or a person is off the shared maps at once here (071). Each
 * viewer's blocks and standing, which fit a shared answer to them, are the kernel's (social/standing.ts).
 */
export function subscribeMap(deps: Deps) {
  // A new or edited need, want or provision is on the map at once for whoever looks through this
  // process (its author first); other processes within their answers' freshness.
  deps.events.afterCommit('post.saved', ({ kind }) => {
    if (kind !== 'need' && kind !== 'want' && kind !== 'provision') return;
    sharedAnswers(deps).clear();
    blocks(deps).clear();
  });
  for (const event of [
    'moderation.content_hidden',
    'moderation.content_restored',
    'moderation.content_deleted',
    'user.suspended',
  ] as const)
    deps.events.afterCommit(event, () => {
      sharedAnswers(deps).clear();
      blocks(deps).clear();
    });
}

const selectionOf = (q: MapQuery): MapSelection => ({
  bbox: q.bbox,
  kinds: q.kinds,
  category: q.category,
  statuses: q.status,
  emergency: q.emergency,
  sinceDays: q.sinceDays,
});

/** The answer's keys, with the pins of the first `pinned` written. */
async function answerFor(
  deps: Deps,
  viewerId: string | undefined,
  selection: MapSelection,
  pinned: number,
  remote: RemoteListingsOf | undefined,
): Promise<Answer> {
  const [keys, remotePins] = await Promise.all([
    mapKeys(deps.db, viewerId, selection, MAP_TOTAL_CAP + 1),
    remotePinsFor(remote, deps, viewerId, selection),
  ]);
  return { keys, texts: await textsOf(deps, keys.slice(0, pinned)), remote: remotePins };
}

/** The shared answer: its keys from its block's when they settle it (BLOCK_KEYS), else its own walk. */
async function sharedAnswerFor(
  deps: Deps,
  selection: MapSelection,
  remote: RemoteListingsOf | undefined,
): Promise<Answer> {
  const remotePins = remotePinsFor(remote, deps, undefined, selection);
  const grid = cellsOf(selection.bbox);
  const { bbox, ...filters } = selection;
  const blockKey = JSON.stringify({
    ...filters,
    level: grid.level,
    from: grid.cells[0],
    to: grid.cells.at(-1),
  });
  const block = await kept(
    blocks(deps),
    blockKey,
    () => mapKeys(deps.db, undefined, { ...selection, bbox: grid.block }, BLOCK_KEYS + 1, grid),
    true,
  );
  const [west, south, east, north] = bbox;
  const inBox: MapKey[] = [];
  for (const k of block) {
    if (k.lon < west || k.lon > east || k.lat < south || k.lat > north) continue;
    if (inBox.push(k) > MAP_TOTAL_CAP) break;
  }
  const keys =
    block.length <= BLOCK_KEYS || inBox.length > MAP_TOTAL_CAP
      ? inBox
      : await mapKeys(deps.db, undefined, selection, MAP_TOTAL_CAP + 1);
  return { keys, texts: await textsOf(deps, keys.slice(0, SHARED_PINS)), remote: await remotePins };
}

/** These keys' pins' text: those kept (pinTexts), the others read. */
async function textsOf(deps: Deps, keys: readonly MapKey[]): Promise<Map<string, JsonText>> {
  const cache = pinTexts(deps);
  const texts = new Map<string, JsonText>();
  const missing: string[] = [];
  for (const { id } of keys) {
    const text = cache.get(id);
    if (text) texts.set(id, text);
    else missing.push(id);
  }
  for (const row of await mapPins(deps.db, missing)) {
    const text = mapItemText(row);
    cache.set(row.id, text);
    texts.set(row.id, text);
  }
  return texts;
}

/** A map answer: its JSON text, and the same brotli'd when it is shared by every viewer without blocks. */
export type MapAnswer = { text: JsonText; shared?: Whole };

/**
 * GET /map: the newest `limit` things in the viewport the viewer may see, and how many fit; then
 * another Muster's listings there (`listings`, handed in by app.ts, decision 089).
 */
export async function mapOf(
  deps: Deps,
  viewer: Viewer | null,
  q: MapQuery,
  listings?: RemoteListings,
): Promise<MapAnswer> {
  const me = requireViewer(viewer);
  const remote = listings?.shownTo;
  const selection = selectionOf(q);
  const [shared, standing] = await Promise.all([
    sharedAnswer(deps, selection, remote),
    standingOf(deps, me.id),
  ]);
  // The shared answer leaves out members-only missions' things and every limited person's (077).
  const needsOwnAnswer = standing.membersOnly || standing.nearLimited;
  // A limited server's listing is here: whether this viewer follows its author is theirs alone;
  // or one by someone elsewhere this viewer blocked (asked only when the answer names anyone).
  const ownRemote =
    !needsOwnAnswer &&
    (shared.remote.limited ||
      (listings !== undefined &&
        shared.remote.actors.length > 0 &&
        (await listings.blockedAmong(deps.db, me.id, shared.remote.actors))));
  if (!needsOwnAnswer && !ownRemote && standing.blocked.size === 0) {
    // The common case: the shared answer as it is, written once per limit.
    shared.whole ??= new Map();
    let whole = shared.whole.get(q.limit);
    if (!whole)
      shared.whole.set(q.limit, (whole = { text: await answerText(deps, shared, new Set(), q.limit) }));
    return { text: whole.text, shared: whole };
  }
  const answer = needsOwnAnswer ? await answerFor(deps, me.id, selection, q.limit, remote) : shared;
  const remotePins = ownRemote ? await remotePinsFor(remote, deps, me.id, selection) : answer.remote;
  return {
    text: await answerText(deps, answer, needsOwnAnswer ? new Set() : standing.blocked, q.limit, remotePins),
  };
}

/**
 * The answer less the blocked people's things: its first `limit` pins and how many fit, then
 * another Muster's listings (`remote`; a block between people here is not theirs to filter).
 */
async function answerText(
  deps: Deps,
  answer: Answer,
  blocked: ReadonlySet<string>,
  limit: number,
  remote: RemotePins = answer.remote,
): Promise<JsonText> {
  const shown: string[] = [];
  let total = 0;
  for (const key of answer.keys) {
    if (blocked.has(key.authorId)) continue;
    total += 1;
    if (shown.length < limit) shown.push(key.id);
  }
  // Beyond the pins written with the shared answer only when blocks reached past them: rare.
  const missing = shown.filter((id) => !answer.texts.has(id));
  const extra = new Map((await mapPins(deps.db, missing)).map((r) => [r.id, mapItemText(r)]));
  const items = shown.map((id) => answer.texts.get(id) ?? extra.get(id)).filter((t) => t !== undefined);
  return mapAnswerText([...items, ...remote.texts], Math.min(total + remote.texts.length, MAP_TOTAL_CAP));
}

/**
 * The shared answer's bytes for a client that takes brotli, compressed once for everybody: a
 * full map answer is ~100 KB, which the compression hook would stream through zlib's threads for
 * every request (decision 025's 64 KB bound) at milliseconds of CPU each. Brotli at quality 1,
 * as the hook's.
 */
export function brotliOnce(whole: Whole): Buffer {
  whole.br ??= zlib.brotliCompressSync(whole.text, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
  });
  return whole.br;
}

/**
 * The shared answer for the selection. Past its 5 s (or longer, freshFor) the one kept is still
 * given while one request computes its successor, so a crowd on one viewport never waits on the
 * database together.
 */
function sharedAnswer(
  deps: Deps,
  selection: MapSelection,
  remote: RemoteListingsOf | undefined,
): Promise<Answer> {
  // Never older than its freshness (5–30 s): a first look at an area waits for its new answer.
  return kept(
    sharedAnswers(deps),
    JSON.stringify(selection),
    () => sharedAnswerFor(deps, selection, remote),
    true,
  );
}

/**
 * What `load` gives, kept as the shared answers are (freshFor; one request loads its successor).
 * `waitWhenStale`: a stale one is not given, its successor is awaited (a block for a shared
 * answer being recomputed: only that one request waits, and the answer is no staler than 5 s).
 */
function kept<T>(
  cache: MicroCache<Kept<T>>,
  key: string,
  load: () => Promise<T>,
  waitWhenStale = false,
): Promise<T> {
  const timed = async () => {
    const started = Date.now();
    const value = await load();
    return { value, took: Date.now() - started };
  };
  const entry = cache.get(key);
  if (!entry) {
    const loading = timed();
    const fresh: Kept<T> = { value: loading.then((l) => l.value), at: Date.now(), freshFor: SHARED_FRESH_MS };
    cache.set(key, fresh);
    loading.then(
      (l) => (fresh.freshFor = freshFor(l.took)),
      () => cache.delete(key),
    );
    return fresh.value;
  }
  if (Date.now() - entry.at > entry.freshFor && !entry.next) {
    const loading = timed();
    entry.next = loading.then((l) => l.value);
    loading.then(
      // Not when the kept one was dropped meanwhile (a moderator's decision): it began before.
      (l) =>
        cache.get(key) === entry &&
        cache.set(key, { value: Promise.resolve(l.value), at: Date.now(), freshFor: freshFor(l.took) }),
      () => (entry.next = undefined),
    );
  }
  if (waitWhenStale && entry.next && Date.now() - entry.at > entry.freshFor) return entry.next;
  return entry.value;
}

/** GET /map/tiles: where the map's tiles come from (MAP_TILE_URL) and their credit. */
export function mapTiles(deps: Deps, viewer: Viewer | null): MapTiles {
  requireViewer(viewer);
  return { ...deps.config.mapTiles };
}
