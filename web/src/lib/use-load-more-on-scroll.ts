import { useEffect, useState } from 'react';
import { useNear } from './use-near';

/**
 * Infinite scrolling for a paged query: returns a callback ref for an element at the end of the
 * list, and fetches the next page while that element is within 600 px of the viewport. Not while
 * `ready` is false (a list still rendering the page it has: its end is not the end yet), and not
 * while the query fetches anything: fetchNextPage cancels a refetch in flight, and the list kept
 * its old pages without the new posts (TanStack's advice: `hasNextPage && !isFetching`). A board
 * whose filters were cleared showed what it had before they were set, without what came since.
 */
export function useLoadMoreOnScroll(
  {
    hasNextPage,
    isFetching,
    fetchNextPage,
  }: { hasNextPage: boolean; isFetching: boolean; fetchNextPage: () => unknown },
  ready = true,
) {
  const [end, setEnd] = useState<HTMLDivElement | null>(null);
  const near = useNear(end, '600px');
  useEffect(() => {
    if (near && ready && hasNextPage && !isFetching) void fetchNextPage();
  }, [near, ready, hasNextPage, isFetching, fetchNextPage]);
  return setEnd;
}
