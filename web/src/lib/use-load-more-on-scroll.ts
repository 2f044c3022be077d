import { useEffect, useRef } from 'react';

/**
 * Infinite scrolling for a paged query: returns a ref for an element at the end of the list, and
 * fetches the next page when that element comes within 600 px of the viewport. Not while `ready` is
 * false (a list still rendering the page it has: its end is not the end yet).
 */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }, ready = true) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || !ready) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '600px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, ready]);
  return sentinel;
}
