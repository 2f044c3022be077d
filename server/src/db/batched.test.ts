import { describe, expect, it } from 'vitest';
import { batched } from './batched.js';
import type { Db } from './database.js';

/**
 * The batcher on its own, around a plain function standing for a statement: each test makes its
 * own handle (any object: queues are per handle) and reads back the batches the "statement" got.
 */
type Call = { key: string; value: number; group?: string; fail?: boolean };

function recorder(options: { inFlight?: number; max?: number } = {}) {
  const batches: number[][] = [];
  // Each statement holds until released, so the test decides when one finishes.
  const releases: Array<() => void> = [];
  const run = batched(
    async (_db, calls: Call[]) => {
      batches.push(calls.map((c) => c.value));
      await new Promise<void>((resolve) => releases.push(resolve));
      if (calls.some((c) => c.fail)) throw new Error(`batch of ${calls.length} failed`);
      return calls.map((c) => c.value * 10);
    },
    { key: (c) => c.key, group: (c) => c.group ?? '', ...options },
  );
  const db = {} as Db;
  const releaseAll = async () => {
    // Let the batcher start what the releases free, then free that too, until nothing runs.
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setImmediate(r));
      releases.splice(0).forEach((r) => r());
    }
  };
  return { batches, releases, call: (c: Call) => run(db, c), releaseAll };
}

describe('batched', () => {
  it('runs a lone call at once, alone', async () => {
    const r = recorder();
    const answer = r.call({ key: 'a', value: 1 });
    expect(r.batches).toEqual([[1]]);
    await r.releaseAll();
    expect(await answer).toBe(10);
  });

  it('gathers the calls made while its statements run into one, in key order, each answered its own', async () => {
    const r = recorder({ inFlight: 2 });
    const answers = [5, 4, 3, 2, 1].map((value) => r.call({ key: `k${value}`, value }));
    // Two go at once; the three that came while they ran wait, then go together, by key.
    expect(r.batches).toEqual([[5], [4]]);
    r.releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[5], [4], [1, 2, 3]]);
    await r.releaseAll();
    expect(await Promise.all(answers)).toEqual([50, 40, 30, 20, 10]);
  });

  it('never puts two calls with one key in a batch, and takes at most max', async () => {
    const r = recorder({ inFlight: 1, max: 3 });
    const answers = [
      r.call({ key: 'first', value: 0 }),
      ...[1, 2, 3, 4, 5].map((value) =>
        r.call({ key: value === 2 || value === 3 ? 'same' : `k${value}`, value }),
      ),
    ];
    await r.releaseAll();
    // 3 waits for the batch after 2's (same key); 5 for the one after max.
    expect(r.batches).toEqual([[0], [1, 4, 2], [5, 3]]);
    expect(await Promise.all(answers)).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('queues each group apart', async () => {
    const r = recorder({ inFlight: 1 });
    const answers = [
      r.call({ key: 'a', value: 1, group: 'x' }),
      r.call({ key: 'b', value: 2, group: 'y' }),
      r.call({ key: 'c', value: 3, group: 'x' }),
      r.call({ key: 'd', value: 4, group: 'y' }),
    ];
    await r.releaseAll();
    expect(r.batches).toEqual([[1], [2], [3], [4]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('runs each call of a failed batch again alone, so that only the one at fault fails', async () => {
    const r = recorder({ inFlight: 1 });
    const answers = [
      r.call({ key: 'a', value: 1 }),
      r.call({ key: 'b', value: 2 }),
      r.call({ key: 'c', value: 3, fail: true }),
      r.call({ key: 'd', value: 4 }),
    ].map((p) =>
      p.then(
        (v) => ({ ok: v }),
        (e: Error) => ({ error: e.message }),
      ),
    );
    await r.releaseAll();
    expect(r.batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await Promise.all(answers)).toEqual([
      { ok: 10 },
      { ok: 20 },
      { error: 'batch of 1 failed' },
      { ok: 40 },
    ]);
  });
});
