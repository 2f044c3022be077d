import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { invalidateLiveQueries, refreshLiveQueriesOnReturn, useLiveQueryOptions } from './live-queries';
import { connectRealtime } from './socket';

/** Queries made up for these tests: one live list, one query that is not live. */
const testKeys = { live: ['live-list'], notLive: ['not-live'] } as const;

function LiveList({ fetcher }: { fetcher: () => Promise<number> }) {
  useQuery({ queryKey: testKeys.live, queryFn: fetcher, ...useLiveQueryOptions() });
  return null;
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetcher = vi.fn(async () => 1);
  render(
    <QueryClientProvider client={queryClient}>
      <LiveList fetcher={fetcher} />
    </QueryClientProvider>,
  );
  return { queryClient, fetcher };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('live queries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('poll every 30 s while the socket is down, not while it is open, and again once it drops', async () => {
    const { fetcher } = setup();
    const socket = connectRealtime({
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      onEvent: () => {},
    });
    await wait(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await wait(POLL_INTERVAL_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);

    FakeWebSocket.latest.open();
    for (let i = 0; i < 3; i++) {
      await wait(POLL_INTERVAL_MS);
      FakeWebSocket.latest.receive({ type: 'pong' });
    }
    expect(fetcher).toHaveBeenCalledTimes(2);

    // The socket retries in the background; until it is back, polling carries the news.
    FakeWebSocket.latest.serverClose(1006);
    await wait(POLL_INTERVAL_MS);
    expect(fetcher).toHaveBeenCalledTimes(3);
    socket.stop();
  });

  it('are refetched together (a reconnect may have missed events), other queries are not', async () => {
    const { queryClient, fetcher } = setup();
    const other = vi.fn(async () => 'x');
    await queryClient.fetchQuery({ queryKey: testKeys.notLive, queryFn: other });
    await wait(0);
    await act(() => invalidateLiveQueries(queryClient));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryState(testKeys.notLive)?.isInvalidated).toBe(false);
  });

  it('are refetched when the tab is seen again after more than 30 s away, not after a glance elsewhere', async () => {
    const { queryClient, fetcher } = setup();
    const stop = refreshLiveQueriesOnReturn(queryClient);
    await wait(0);
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => setVisibility('hidden'));
    await wait(10_000);
    act(() => setVisibility('visible'));
    await wait(0);
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => setVisibility('hidden'));
    await wait(POLL_INTERVAL_MS + 1000);
    // Polling pauses in a hidden tab.
    expect(fetcher).toHaveBeenCalledTimes(1);
    act(() => setVisibility('visible'));
    await wait(0);
    expect(fetcher).toHaveBeenCalledTimes(2);
    stop();
  });
});
