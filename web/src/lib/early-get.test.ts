import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_GET_MAX_AGE_MS, startEarlyGet, takeEarlyGet } from './early-get';

const answer = (n: number) => new Response(JSON.stringify({ n }), { status: 200 });

describe('an answer asked for at start-up', () => {
  afterEach(() => vi.useRealTimers());

  it('is asked once and handed to the first query for the same person only, then never again', async () => {
    let n = 0;
    const fetch = vi.fn(async () => answer(++n));
    vi.stubGlobal('fetch', fetch);
    startEarlyGet('/posts/feed', 'ada');
    startEarlyGet('/posts/feed', 'ada');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takeEarlyGet('/posts/other', 'ada')).toBeUndefined();
    await expect(takeEarlyGet('/posts/feed', 'ada')).resolves.toEqual({ n: 1 });
    // A refetch, the next visit: the query asks the server itself.
    expect(takeEarlyGet('/posts/feed', 'ada')).toBeUndefined();
  });

  it('is not handed to someone else, and is dropped', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(1)),
    );
    startEarlyGet('/posts/feed', 'ada');
    expect(takeEarlyGet('/posts/feed', 'kofi')).toBeUndefined();
    expect(takeEarlyGet('/posts/feed', undefined)).toBeUndefined();
    expect(takeEarlyGet('/posts/feed', 'ada')).toBeUndefined();
  });

  it('is not handed over once it is old', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(1)),
    );
    startEarlyGet('/posts/feed', 'ada');
    vi.advanceTimersByTime(EARLY_GET_MAX_AGE_MS + 1);
    expect(takeEarlyGet('/posts/feed', 'ada')).toBeUndefined();
  });
});
