import { api } from './api-client';

/**
 * How long an answer asked for at start-up waits for its query: a page that has not asked by then
 * (the person went elsewhere first and came back) asks afresh rather than show an old answer.
 */
export const EARLY_GET_MAX_AGE_MS = 15_000;

type Early = { viewerId: string; at: number; answer: Promise<unknown> };
const early = new Map<string, Early>();

/**
 * Starts a GET that a page's first query will need, before React and the page's scripts are
 * there (app/boot.ts, once the session check says who is signed in): the answer travels while
 * the scripts load instead of after the page has rendered (issue 17). Kept for `viewerId` only.
 */
export function startEarlyGet(path: string, viewerId: string): void {
  if (early.has(path)) return;
  const answer = api.get(path);
  // Nobody may ever take it (the person left home first): a failure is the query's to see, if any.
  answer.catch(() => undefined);
  early.set(path, { viewerId, at: Date.now(), answer });
}

/**
 * The early answer to `path`, once: for the query's first fetch, when it was asked for the same
 * person and not too long ago; else undefined and the query asks itself. Any later call (a
 * refetch, the next page, another visit) asks the server again.
 */
export function takeEarlyGet<T>(path: string, viewerId: string | undefined): Promise<T> | undefined {
  const found = early.get(path);
  if (!found) return undefined;
  early.delete(path);
  if (found.viewerId !== viewerId || Date.now() - found.at > EARLY_GET_MAX_AGE_MS) return undefined;
  return found.answer as Promise<T>;
}
