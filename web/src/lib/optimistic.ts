import type { MutationFilters, QueryClient, QueryFilters } from '@tanstack/react-query';

/*
 * Optimistic changes that stay where the person put them (decision 057, after TkDodo's
 * "Concurrent Optimistic Updates in React Query"). A mutation that patches the cache before the
 * server answers:
 *
 *   onMutate    await holdQueries(…) for every key it patches, then snapshots and patches;
 *   onSuccess   writes the server's answer only if isLastPending(…): an earlier answer landing
 *   onError     after a later tap would flick that tap back; so would an earlier rollback;
 *   onSettled   once isLastPending(…) for all that share its lists, refetches (refetchHeld, or
 *               an invalidation of its own).
 */

/**
 * The queries a change interrupted or a failure left unknown, by client, until `refetchHeld` asks
 * them again. Not the queries' own isInvalidated: the patch that follows a hold resets it.
 */
const held = new WeakMap<QueryClient, Set<string>>();

function heldBy(queryClient: QueryClient): Set<string> {
  let hashes = held.get(queryClient);
  if (!hashes) held.set(queryClient, (hashes = new Set()));
  return hashes;
}

/**
 * Cancels the fetches in flight for what a change is about to patch (an answer read before the
 * write would undo it), and keeps each one it interrupted for `refetchHeld` to ask again.
 */
export async function holdQueries(queryClient: QueryClient, ...filters: QueryFilters[]): Promise<void> {
  await Promise.all(
    filters.map(async (f) => {
      const interrupted = queryClient.getQueryCache().findAll({ ...f, fetchStatus: 'fetching' });
      for (const query of interrupted) heldBy(queryClient).add(query.queryHash);
      await queryClient.cancelQueries(f);
    }),
  );
}

/**
 * True when the mutation whose callback asks is the only pending one that matches (TkDodo's
 * `isMutating(…) === 1`: a mutation is still pending while its own callbacks run).
 */
export function isLastPending(queryClient: QueryClient, filters: MutationFilters): boolean {
  return queryClient.isMutating(filters) === 1;
}

/** After a failure the server's state is not known: these are asked again by the next `refetchHeld`. */
export function markForRefetch(queryClient: QueryClient, ...filters: QueryFilters[]): void {
  for (const f of filters)
    for (const query of queryClient.getQueryCache().findAll(f)) heldBy(queryClient).add(query.queryHash);
}

/**
 * Asks again, among `filters`, what a hold interrupted or a failure left unknown: those on screen
 * now, the others when next shown.
 */
export function refetchHeld(queryClient: QueryClient, ...filters: QueryFilters[]): Promise<unknown> {
  const hashes = heldBy(queryClient);
  return Promise.all(
    filters.map((f) => {
      const due = new Set(
        queryClient
          .getQueryCache()
          .findAll(f)
          .map((query) => query.queryHash)
          .filter((hash) => hashes.delete(hash)),
      );
      return due.size
        ? queryClient.invalidateQueries({ ...f, predicate: (q) => due.has(q.queryHash) })
        : null;
    }),
  );
}
