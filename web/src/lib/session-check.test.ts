import { describe, expect, it, vi } from 'vitest';
import { userFixture } from '../test/render';
import { sessionCheck, startSessionCheck } from './session-check';

describe('the early session check', () => {
  it('asks once however often it is started, hands that answer to the session query, then asks again', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: userFixture }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    // app/boot.ts starts it, then main.tsx: one request (the one index.html preloads).
    const first = startSessionCheck();
    expect(startSessionCheck()).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The first session query takes that answer...
    expect(sessionCheck()).toBe(first);
    await expect(first).resolves.toMatchObject({ username: userFixture.username });
    expect(fetch).toHaveBeenCalledTimes(1);
    // ...and a later one (a refetch) asks the server again.
    await sessionCheck();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
