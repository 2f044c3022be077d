import type { Deps } from '../platform/deps.js';
import { createMicroCache, type MicroCache } from '../platform/micro-cache.js';
import { readViewerStanding, type ViewerStanding } from './social.queries.js';

/**
 * Each viewer's standing (social.queries.ts `ViewerStanding`: whom they may not see, whether a
 * shared answer lacks something theirs), kept 5 s so that fitting a shared answer — search's
 * (decision 081), the map's (077) — costs no statement. This is the one copy: both features read
 * it, and neither drops it for the other (decision 085).
 *
 * A block must never be missed, so it is kept only while every process's drops reach this one
 * (`realtime.listening()`: always, with one process; with Redis, under one unbroken subscription,
 * the number it gives being part of the key), and one path drops it: the hub's "forget this
 * person" message (`realtime.forgetSessions`), which reaches this process and every other. A block
 * and an unblock send it (`standingChanged`, from the safety feature); a limit, a suspension and
 * their lifting send it (the moderation feature's `forgetCachedSessions`). Any such message drops
 * every standing kept, not the person's alone: a suspension hides its person from everyone, and
 * such messages are rare.
 */
const caches = new WeakMap<Deps['realtime'], MicroCache<Promise<ViewerStanding>>>();

/** One per app, by its hub: a job's or a transaction's copy of `deps` shares it (and its listeners). */
function cacheOf(deps: Deps): MicroCache<Promise<ViewerStanding>> {
  let cache = caches.get(deps.realtime);
  if (cache) return cache;
  cache = createMicroCache<Promise<ViewerStanding>>({ ttlMs: 5_000, max: 20_000 });
  caches.set(deps.realtime, cache);
  const kept = cache;
  // Subscribed when first made: nothing was kept before, so nothing earlier needed dropping.
  deps.realtime.onForgetSessions(() => kept.clear());
  // This process's own writes, dropped here at once (other processes within their 5 s, as every
  // micro-cache, decision 009): a suspension written in a transaction (whose sender also forgets
  // the person's sessions everywhere), a privacy change (`searchable`), a members-only mission
  // joined or left (`membersOnly`). A connection ended changes whom a limited person reaches: no
  // event says so, and a standing is at most 5 s old.
  deps.events.afterCommit('user.suspended', () => kept.clear());
  deps.events.afterCommit('user.privacy_changed', () => kept.clear());
  deps.events.afterCommit('mission.member_joined', () => kept.clear());
  deps.events.afterCommit('mission.member_left', () => kept.clear());
  return cache;
}

/**
 * The viewer's standing, kept 5 s while every process's drops reach this one; read afresh on
 * every request otherwise (Redis unreachable: a block made elsewhere could not drop it), and then
 * everything kept is dropped too, since what was missed meanwhile is unknown.
 */
export function standingOf(deps: Deps, viewerId: string): Promise<ViewerStanding> {
  const listening = deps.realtime.listening();
  const cache = cacheOf(deps);
  if (listening === undefined) {
    cache.clear();
    return readViewerStanding(deps.db, viewerId);
  }
  return cache.remember(`${listening}\n${viewerId}`, () => readViewerStanding(deps.db, viewerId));
}

/**
 * Whom these people may see changed (a block between them, or its end): this process drops the
 * standings it keeps at once, and the others' word is with Redis when this resolves, so it reaches
 * them before anything asked of them after the answer (CI saw a map read through another process
 * outrun the word when the answer did not wait for it). Call it once the change is committed.
 */
export async function standingChanged(deps: Deps, ...userIds: string[]) {
  await Promise.all(userIds.map((id) => deps.realtime.forgetSessions(id)));
}
