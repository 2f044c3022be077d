import {
  type AddWatchedInput,
  normalizeWatched,
  WATCHED_LIST_MAX,
  type WatchedEntry,
  watchedMatches,
  watchedNote,
} from '@muster/contract/moderation-watch';
import type { Db } from '../../db/database.js';
import { requireRole, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import { afterCommit, inTransaction } from '../../platform/transaction.js';
import { recordModeration } from './audit.queries.js';
import { takeSnapshot } from './cases.queries.js';
import {
  addWatched,
  countWatched,
  fileFlag,
  listWatched,
  removeWatched,
  watchedEntries,
  type WatchedRow,
} from './watch.queries.js';

/**
 * The watched list as every write reads it (issue 35 item 5, decision 072): kept in this process
 * for a few seconds, so a post costs no query for it; dropped here at once when an admin changes
 * it, and aged out within WATCHED_CACHE_MS in the deployment's other processes.
 */
const WATCHED_CACHE_MS = 5_000;
type Entries = Awaited<ReturnType<typeof watchedEntries>>;
const watchedCache = microCachePerApp<Promise<Entries>>({ ttlMs: WATCHED_CACHE_MS, max: 1 });

/** What the queue says of a post held because a young account asks for money. */
export const MONEY_FLAG_NOTE = 'A new account asks for money: published hidden until a moderator reviews it';

const present = (row: WatchedRow): WatchedEntry => ({
  _id: row.id,
  kind: row.kind,
  value: row.value,
  addedBy: row.addedBy,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A post or comment that names a watched word or domain, or a post held for asking money from a
 * young account, is filed in its case for review within its own transaction (`content.written`).
 * Nothing here refuses it: "fire" and "shooting" are everyday words after a disaster, so a match
 * is a moderator's look, never a block.
 */
export function subscribeWatched(deps: Deps) {
  deps.events.within('content.written', async (trx, w) => {
    // Read with the writer's transaction: on the embedded database it holds the one connection.
    const entries = await watchedCache(deps).remember('list', () => watchedEntries(trx));
    const matched = watchedMatches(w.text, entries);
    if (!matched.length && !w.held) return;
    const snapshot = await takeSnapshot(trx, w.targetType, w.targetId);
    if (!snapshot) return;
    await fileFlag(trx, {
      newCaseId: newId(),
      flagId: newId(),
      targetType: w.targetType,
      targetId: w.targetId,
      ownerId: w.authorId,
      note: [...(w.held ? [MONEY_FLAG_NOTE] : []), ...matched.map(watchedNote)].join('. '),
      snapshot,
    });
  });
}

export async function watchedList(deps: Deps, viewer: Viewer | null): Promise<WatchedEntry[]> {
  requireRole(viewer, 'admin');
  return (await listWatched(deps.db)).map(present);
}

function dropCache(deps: Deps, trx: Db) {
  afterCommit(trx, () => watchedCache(deps).clear());
}

/** An admin adds a word or domain, audited ('watched.add') in the same transaction. */
export async function addWatchedEntry(
  deps: Deps,
  viewer: Viewer | null,
  input: AddWatchedInput,
): Promise<WatchedEntry> {
  const me = requireRole(viewer, 'admin');
  const kind = input.kind;
  const value = normalizeWatched(input);
  return inTransaction(deps.db, async (trx) => {
    if ((await countWatched(trx)) >= WATCHED_LIST_MAX)
      throw conflict(`The list holds at most ${WATCHED_LIST_MAX} entries. Remove some before adding more.`);
    const row = await addWatched(trx, { id: newId(), kind, value, addedBy: me.id });
    if (!row) throw conflict(`“${value}” is watched already.`);
    await recordModeration(trx, {
      actorId: me.id,
      action: 'watched.add',
      targetType: 'watched',
      targetId: row.id,
      reason: `${kind === 'word' ? 'Word' : 'Domain'}: ${value}`,
      details: { kind, value },
    });
    dropCache(deps, trx);
    return present(row);
  });
}

/** An admin removes an entry, audited ('watched.remove'); an id not on the list is a 404. */
export async function removeWatchedEntry(deps: Deps, viewer: Viewer | null, id: string): Promise<void> {
  const me = requireRole(viewer, 'admin');
  await inTransaction(deps.db, async (trx) => {
    const gone = await removeWatched(trx, id);
    if (!gone) throw notFound('That entry is no longer on the list');
    await recordModeration(trx, {
      actorId: me.id,
      action: 'watched.remove',
      targetType: 'watched',
      targetId: gone.id,
      reason: `${gone.kind === 'word' ? 'Word' : 'Domain'}: ${gone.value}`,
      details: { kind: gone.kind, value: gone.value },
    });
    dropCache(deps, trx);
  });
}

/** What another server reports (an ActivityPub Flag, decision 087): one of our posts or people. */
export type RemoteReport = {
  targetType: 'post' | 'user';
  targetId: string;
  ownerId: string;
  /** The reporting server's host: the queue names it as the reporter. */
  host: string;
  /** What the remote moderator wrote, as plain text (may be empty). */
  comment: string;
};

/**
 * Files a remote server's report in the target's open case as the server's own flags are filed
 * (moderation_case_flags): a report needs a reporting person here, and a remote server is none. The
 * note names the host, so the moderator reads "Reported by a remote server (host)". Returns the
 * case, or null when the target is gone.
 */
export async function fileRemoteReport(deps: Deps, r: RemoteReport): Promise<string | null> {
  return inTransaction(deps.db, async (trx) => {
    const snapshot = await takeSnapshot(trx, r.targetType, r.targetId);
    if (!snapshot) return null;
    const said = r.comment.trim().slice(0, 500);
    return fileFlag(trx, {
      newCaseId: newId(),
      flagId: newId(),
      targetType: r.targetType,
      targetId: r.targetId,
      ownerId: r.ownerId,
      note: `Reported by a remote server (${r.host})${said ? `: ${said}` : ''}`,
      snapshot,
    });
  });
}
