import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The start-up's progress is module state (once per tab): each test loads a fresh copy.
async function load() {
  vi.resetModules();
  return import('./use-idle');
}

/** requestIdleCallback that runs only when the test says: the callbacks wait in a queue. */
function idleQueue() {
  const queue: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => queue.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return {
    get length() {
      return queue.length;
    },
    /** One idle moment: the first waiting callback runs. */
    next: () => act(() => queue.shift()!()),
  };
}

describe('useIdle: the start-up after the first screen', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('reaches one step per idle moment, in order, starting at the first idle moment', async () => {
    const { useIdle } = await load();
    const idle = idleQueue();
    function Steps() {
      const reached = [
        useIdle('panels'),
        useIdle('badges'),
        useIdle('chatsBadge'),
        useIdle('alerts'),
        useIdle('live'),
      ];
      return <p>{reached.map((r) => (r ? 'y' : 'n')).join('')}</p>;
    }
    render(<Steps />);
    expect(screen.getByText('nnnnn')).toBeInTheDocument();
    // The start-up waits for the main thread to be idle: nothing has run yet.
    expect(idle.length).toBe(1);
    for (const expected of ['ynnnn', 'yynnn', 'yyynn', 'yyyyn', 'yyyyy']) {
      idle.next();
      expect(screen.getByText(expected)).toBeInTheDocument();
    }
    // Done for good: no further callback is asked for.
    expect(idle.length).toBe(0);
  });

  it('starts once, however many components ask, and a component mounted later sees the steps already reached', async () => {
    const { useIdle } = await load();
    const idle = idleQueue();
    function Panel({ name }: { name: string }) {
      return <p>{useIdle() ? `${name} ready` : `${name} waiting`}</p>;
    }
    const { rerender } = render(
      <>
        <Panel name="a" />
        <Panel name="b" />
      </>,
    );
    expect(idle.length).toBe(1);
    idle.next();
    expect(screen.getByText('a ready')).toBeInTheDocument();
    expect(screen.getByText('b ready')).toBeInTheDocument();
    rerender(
      <>
        <Panel name="a" />
        <Panel name="b" />
        <Panel name="c" />
      </>,
    );
    expect(screen.getByText('c ready')).toBeInTheDocument();
  });

  it('goes on without requestIdleCallback (Safari), a step per timer', async () => {
    const { useIdle } = await load();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      function Live() {
        return <p>{useIdle('live') ? 'live' : 'not yet'}</p>;
      }
      render(<Live />);
      expect(screen.getByText('not yet')).toBeInTheDocument();
      await act(() => vi.runAllTimersAsync());
      expect(screen.getByText('live')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
