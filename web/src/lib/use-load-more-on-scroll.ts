import { useEffect, useState } from 'react';
import { useNear } from './use-near';

/**
 * Infinite scrolling for a paged query: returns a callback ref for an element at the end of the
 * list, and fetches the next page while that element is within 600 px of the viewport. Not while
 * `ready` is false (a list still rendering the page it has: its end is not the end yet).
 */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }, ready = true) {
  const [end, setEnd] = useState<HTMLDivElement | null>(null);
  const near = useNear(end, '600px');
  useEffect(() => {
    if (near && ready && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [near, ready, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return setEnd;
}
