import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadMoreOnScroll } from './use-load-more-on-scroll';

/**
 * An IntersectionObserver the test moves: `scrollTo(true)` puts the list's end within the margin
 * and tells every observer, as the browser would on a scroll. As in a browser, a new observer is
 * told at once where its element is.
 */
function observers() {
  const live = new Set<{ report: (near: boolean) => void; margin?: string }>();
  let near = false;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { report: (near: boolean) => void; margin?: string };
      constructor(
        callback: (entries: Array<{ isIntersecting: boolean }>) => void,
        options?: { rootMargin?: string },
      ) {
        this.entry = { report: (near) => callback([{ isIntersecting: near }]), margin: options?.rootMargin };
      }
      observe() {
        live.add(this.entry);
        this.entry.report(near);
      }
      disconnect() {
        live.delete(this.entry);
      }
    },
  );
  return {
    live,
    scrollTo: (to: boolean) =>
      act(() => {
        near = to;
        live.forEach((o) => o.report(near));
      }),
  };
}

function List(props: {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
  ready?: boolean;
}) {
  const end = useLoadMoreOnScroll(props, props.ready);
  return <div ref={end} />;
}

describe('useLoadMoreOnScroll', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('asks for the next page when the end comes within 600 px, and not before', () => {
    const io = observers();
    const fetchNextPage = vi.fn();
    render(<List hasNextPage isFetching={false} fetchNextPage={fetchNextPage} />);
    expect([...io.live].map((o) => o.margin)).toEqual(['600px']);
    expect(fetchNextPage).not.toHaveBeenCalled();
    io.scrollTo(true);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  // A refresh of the pages it has, or the next page itself: asking then would cancel a refetch, and
  // the list would keep its old pages.
  it('waits while the query fetches, and asks when it is done with the end still near', () => {
    const io = observers();
    const fetchNextPage = vi.fn();
    const { rerender } = render(<List hasNextPage isFetching fetchNextPage={fetchNextPage} />);
    io.scrollTo(true);
    expect(fetchNextPage).not.toHaveBeenCalled();
    rerender(<List hasNextPage isFetching={false} fetchNextPage={fetchNextPage} />);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('asks nothing at the last page, or while the list is still rendering the page it has', () => {
    const io = observers();
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <List hasNextPage={false} isFetching={false} fetchNextPage={fetchNextPage} />,
    );
    io.scrollTo(true);
    rerender(<List hasNextPage isFetching={false} fetchNextPage={fetchNextPage} ready={false} />);
    expect(fetchNextPage).not.toHaveBeenCalled();
    rerender(<List hasNextPage isFetching={false} fetchNextPage={fetchNextPage} ready />);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('stops watching when the list goes', () => {
    const io = observers();
    const { unmount } = render(<List hasNextPage isFetching={false} fetchNextPage={vi.fn()} />);
    expect(io.live.size).toBe(1);
    unmount();
    expect(io.live.size).toBe(0);
  });
});
