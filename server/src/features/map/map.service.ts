import { MAP_ITEMS_MAX, MAP_TOTAL_CAP, type MapQuery, type MapTiles } from '@muster/contract/map';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import type { JsonText } from '../../platform/json-text.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import { mapAnswerText, mapItemText } from './map.present.js';
import { type MapKey, mapKeys, mapPins, type MapSelection, standingOf } from './map.queries.js';

/*
 * The map of where help is needed (issue 37, decision 077). A viewport's answer is the same for
 * almost everybody: the newest things in the box that fit the filters, less what the viewer's
 * blocks leave out. So one answer per viewport and filters, for nobody in particular, is shared by
 * every viewer for a few seconds (as search's, decision 018), and each viewer pays one small
 * statement for their blocks. Someone the shared answer lacks things for (a members-only mission's
 * member, a limited person and their connections) gets an answer of their own.
 *
 * An answer is two reads: the keys of up to MAP_TOTAL_CAP + 1 things, newest first (an index-only
 * scan, 0039), which give the total; then the pins of the first few hundred.
 */

type Answer = { keys: MapKey[]; texts: Map<string, JsonText> };
type Entry = { answer: Promise<Answer>; at: number; next?: Promise<Answer> | undefined };

const sharedAnswers = microCachePerApp<Entry>({ ttlMs: 60_000, max: 200 });
const SHARED_FRESH_MS = 5_000;
/** Pins written with a shared answer: a full page and room for a viewer's blocks. */
const SHARED_PINS = MAP_ITEMS_MAX + 100;

/** What a moderator does to a post or a person is off the shared maps at once here (071). */
export function subscribeMap(deps: Deps) {
  for (const event of [
    'moderation.content_hidden',
    'moderation.content_restored',
    'moderation.content_deleted',
    'user.suspended',
  ] as const)
    deps.events.afterCommit(event, () => sharedAnswers(deps).clear());
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
): Promise<Answer> {
  const keys = await mapKeys(deps.db, viewerId, selection, MAP_TOTAL_CAP + 1);
  const rows = await mapPins(
    deps.db,
    keys.slice(0, pinned).map((k) => k.id),
  );
  return { keys, texts: new Map(rows.map((r) => [r.id, mapItemText(r)])) };
}

/** GET /map: the newest `limit` things in the viewport the viewer may see, and how many fit. */
export async function mapOf(deps: Deps, viewer: Viewer | null, q: MapQuery): Promise<JsonText> {
  const me = requireViewer(viewer);
  const selection = selectionOf(q);
  const [shared, standing] = await Promise.all([sharedAnswer(deps, selection), standingOf(deps.db, me.id)]);
  const answer = standing.needsOwnAnswer ? await answerFor(deps, me.id, selection, q.limit) : shared;
  const blocked = new Set(standing.needsOwnAnswer ? [] : standing.blocked);
  const shown: string[] = [];
  let total = 0;
  for (const key of answer.keys) {
    if (blocked.has(key.authorId)) continue;
    total += 1;
    if (shown.length < q.limit) shown.push(key.id);
  }
  // Beyond the pins written with the shared answer only when blocks reached past them: rare.
  const missing = shown.filter((id) => !answer.texts.has(id));
  const extra = new Map((await mapPins(deps.db, missing)).map((r) => [r.id, mapItemText(r)]));
  const items = shown.map((id) => answer.texts.get(id) ?? extra.get(id)).filter((t) => t !== undefined);
  return mapAnswerText(items, Math.min(total, MAP_TOTAL_CAP));
}

/**
 * The shared answer for the selection. Past its 5 s the one kept is still given while one request
 * computes its successor, so a crowd on one viewport never waits on the database together.
 */
function sharedAnswer(deps: Deps, selection: MapSelection): Promise<Answer> {
  const cache = sharedAnswers(deps);
  const key = JSON.stringify(selection);
  const load = () => answerFor(deps, undefined, selection, SHARED_PINS);
  const kept = cache.get(key);
  if (!kept) {
    const entry: Entry = { answer: load(), at: Date.now() };
    cache.set(key, entry);
    entry.answer.catch(() => cache.delete(key));
    return entry.answer;
  }
  if (Date.now() - kept.at > SHARED_FRESH_MS && !kept.next) {
    kept.next = load();
    kept.next.then(
      // Not when the kept one was dropped meanwhile (a moderator's decision): it began before.
      (answer) =>
        cache.get(key) === kept && cache.set(key, { answer: Promise.resolve(answer), at: Date.now() }),
      () => (kept.next = undefined),
    );
  }
  return kept.answer;
}

/** GET /map/tiles: where the map's tiles come from (MAP_TILE_URL) and their credit. */
export function mapTiles(deps: Deps, viewer: Viewer | null): MapTiles {
  requireViewer(viewer);
  return { ...deps.config.mapTiles };
}
