import { NEW_ACCOUNT_HOURS } from '@muster/contract/moderation-watch';
import type { Db } from '../db/database.js';
import { hasAnyConnection } from './new-account.queries.js';

const NEW_FOR_MS = NEW_ACCOUNT_HOURS * 3_600_000;

/**
 * The answer per viewer object: a request's budgets and its service ask once between them, and a
 * viewer the session cache shares (5 s at most, session.ts) shares its answer for as long.
 */
const answers = new WeakMap<object, Promise<boolean>>();

/**
 * Whether an account is new (issue 35 item 5, decision 072): made less than a day ago, and nobody
 * has accepted a connection with it yet. An older account is never new, whatever its connections,
 * so only a young one costs a query.
 */
export function isNewAccount(
  db: Db,
  viewer: { id: string; createdAt: Date },
  now = Date.now(),
): Promise<boolean> {
  if (!isYoungAccount(viewer, now)) return Promise.resolve(false);
  let answer = answers.get(viewer);
  if (!answer) {
    answer = hasAnyConnection(db, viewer.id).then((connected) => !connected);
    answers.set(viewer, answer);
    // A failed read is asked again next time, not remembered.
    answer.catch(() => answers.delete(viewer));
  }
  return answer;
}

/** Made less than a day ago: newness's free half, asked before anything that costs a query. */
export function isYoungAccount(viewer: { createdAt: Date }, now = Date.now()): boolean {
  return now - new Date(viewer.createdAt).getTime() < NEW_FOR_MS;
}
