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
 * Cancels the fetches in flight for what a change is about to patch (an answer read before the
 * write would undo it), and marks each one it interrupted stale, for `refetchHeld` to ask again.
 */
export async function holdQueries(queryClient: QueryClient, ...filters: QueryFilters[]): Promise<void> {
  await Promise.all(
    filters.map(async (f) => {
      const interrupted = queryClient.getQueryCache().findAll({ ...f, fetchStatus: 'fetching' });
      await queryClient.cancelQueries(f);
      for (const query of interrupted) query.invalidate();
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
export function markForRefetch(queryClient: QueryClient, ...filters: QueryFilters[]): Promise<unknown> {
  return Promise.all(filters.map((f) => queryClient.invalidateQueries({ ...f, refetchType: 'none' })));
}

/** Fetches again, among `filters`, what a hold interrupted or a failure marked (those on screen now; the rest when next shown). */
export function refetchHeld(queryClient: QueryClient, ...filters: QueryFilters[]): Promise<unknown> {
  return Promise.all(
    filters.map((f) =>
      queryClient.invalidateQueries({
        ...f,
        predicate: (query) => query.state.isInvalidated && (f.predicate?.(query) ?? true),
      }),
    ),
  );
}
