import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMicroCache } from './micro-cache.js';

describe('micro cache', () => {
  afterEach(() => vi.useRealTimers());

  it('forgets entries after their time, drops the oldest when full, and deletes by value', () => {
    vi.useFakeTimers();
    const cache = createMicroCache<{ user: string }>({ ttlMs: 1000, max: 2 });
    cache.set('a', { user: 'u1' });
    vi.advanceTimersByTime(500);
    cache.set('b', { user: 'u2' });
    expect(cache.get('a')).toEqual({ user: 'u1' });
    vi.advanceTimersByTime(600);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ user: 'u2' });

    cache.set('c', { user: 'u1' });
    cache.set('d', { user: 'u1' });
    expect(cache.get('b')).toBeUndefined(); // the oldest went to make room
    cache.deleteWhere((v) => v.user === 'u1');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')).toBeUndefined();
  });

  it('lets go of ended entries as new ones come, so it shrinks back after a burst', () => {
    vi.useFakeTimers();
    const cache = createMicroCache<number>({ ttlMs: 1000, max: 100 });
    for (let i = 0; i < 50; i++) cache.set(`burst${i}`, i);
    vi.advanceTimersByTime(600);
    cache.set('later', 1);
    expect(cache.size).toBe(51); // nothing has ended yet
    vi.advanceTimersByTime(500);
    cache.set('quiet', 2);
    expect(cache.size).toBe(2); // the burst ended and went; 'later' has 100 ms left
    expect(cache.get('later')).toBe(1);
  });

  it('remembers one load for many callers, and forgets a failed one so the next call retries', async () => {
    const cache = createMicroCache<Promise<number>>({ ttlMs: 1000, max: 10 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await Promise.all([cache.remember('k', load), cache.remember('k', load)])).toEqual([1, 1]);
    const failing = cache.remember('bad', () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    expect(await cache.remember('bad', load)).toBe(2);
  });
});
