import { MAP_TOTAL_CAP, type MapQuery, type MapTiles } from '@muster/contract/map';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import type { JsonText } from '../../platform/json-text.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import { mapAnswerText, mapItemText } from './map.present.js';
import { mapCandidates, type MapRow, type MapSelection, standingOf } from './map.queries.js';

/*
 * The map of where help is needed (issue 37, decision 077). A viewport's answer is the same for
 * almost everybody: the newest things in the box that fit the filters, less what the viewer's
 * blocks leave out. So one statement per viewport and filters, for nobody in particular, is shared
 * by every viewer for a few seconds (as search's, decision 018), and each viewer pays one small
 * statement for their blocks. Someone the shared answer lacks things for (a members-only mission's
 * member, a limited person and their connections) gets an answer of their own.
 */

/** A shared answer: up to MAP_TOTAL_CAP + 1 candidates, newest first, each with its pin's text. */
type Shared = { rows: MapRow[]; texts: JsonText[] };
type Entry = { answer: Promise<Shared>; at: number; next?: Promise<Shared> | undefined };

const sharedAnswers = microCachePerApp<Entry>({ ttlMs: 60_000, max: 200 });
const SHARED_FRESH_MS = 5_000;

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

/** GET /map: the newest `limit` things in the viewport the viewer may see, and how many fit. */
export async function mapOf(deps: Deps, viewer: Viewer | null, q: MapQuery): Promise<JsonText> {
  const me = requireViewer(viewer);
  const selection = selectionOf(q);
  const [shared, standing] = await Promise.all([sharedAnswer(deps, selection), standingOf(deps.db, me.id)]);
  if (standing.needsOwnAnswer) {
    const rows = await mapCandidates(deps.db, me.id, selection, MAP_TOTAL_CAP + 1);
    return mapAnswerText(rows.slice(0, q.limit).map(mapItemText), Math.min(rows.length, MAP_TOTAL_CAP));
  }
  if (standing.blocked.length === 0)
    return mapAnswerText(shared.texts.slice(0, q.limit), Math.min(shared.rows.length, MAP_TOTAL_CAP));
  const blocked = new Set(standing.blocked);
  const items: JsonText[] = [];
  let total = 0;
  shared.rows.forEach((row, i) => {
    if (blocked.has(row.authorId)) return;
    total += 1;
    if (items.length < q.limit) items.push(shared.texts[i]!);
  });
  return mapAnswerText(items, Math.min(total, MAP_TOTAL_CAP));
}

/**
 * The shared answer for the selection. Past its 5 s the one kept is still given while one request
 * computes its successor, so a crowd on one viewport never waits on the database together.
 */
function sharedAnswer(deps: Deps, selection: MapSelection): Promise<Shared> {
  const cache = sharedAnswers(deps);
  const key = JSON.stringify(selection);
  const load = async (): Promise<Shared> => {
    const rows = await mapCandidates(deps.db, undefined, selection, MAP_TOTAL_CAP + 1);
    return { rows, texts: rows.map(mapItemText) };
  };
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
