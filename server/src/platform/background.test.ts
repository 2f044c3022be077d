import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundQueue } from './background.js';

describe('the background queue', () => {
  it('runs jobs after the caller has moved on, one at a time and in order, past a failing one', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const queue = createBackgroundQueue(log);
    const done: string[] = [];
    let running = 0;
    const job = (name: string, ms: number) => async () => {
      running += 1;
      expect(running).toBe(1);
      await new Promise((r) => setTimeout(r, ms));
      running -= 1;
      done.push(name);
      if (name === 'b') queue.run('queued by b', async () => void done.push('d'));
    };
    queue.run('a', job('a', 20));
    queue.run('b', job('b', 1));
    queue.run('fails', async () => {
      throw new Error('boom');
    });
    queue.run('c', job('c', 1));
    // Nothing has started yet: the caller answers first.
    expect(done).toEqual([]);
    expect(running).toBe(0);
    await queue.settled();
    expect(done).toEqual(['a', 'b', 'c', 'd']);
    expect(lines.join('')).toContain('background job failed');
    expect(lines.join('')).toContain('"job":"fails"');
  });

  it('is settled at once when idle, and runs again after settling', async () => {
    const queue = createBackgroundQueue(pino({ level: 'silent' }));
    await queue.settled();
    let ran = false;
    queue.run('late', async () => {
      ran = true;
    });
    await queue.settled();
    expect(ran).toBe(true);
  });
});
