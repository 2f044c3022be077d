import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket';
import { renderApp, signedIn, stubApi } from '../test/render';

/**
 * A tab's start-up on the signed-in home (decision 032), in a file of its own: the start-up runs
 * once per tab (lib/use-idle.ts), and each test file is a fresh tab. The first screen asks only
 * for who is signed in and the feed; everything else waits for idle moments, a step at a time.
 */
describe('the signed-in home’s start-up', () => {
  it('asks for the panels, then the badges a few at a time, then opens the socket, each at its own idle moment', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const calls = stubApi(signedIn());
    const asked = () => calls.map((c) => new URL(c.url, 'http://localhost').pathname.replace('/api/v1', ''));

    renderApp('/');
    expect(
      await screen.findByRole(
        'button',
        { name: 'Share your needs & wants with the world' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    await screen.findByText(/Nothing here yet/);
    expect(asked().sort()).toEqual(['/auth/me', '/posts/feed']);
    expect(FakeWebSocket.instances).toHaveLength(0);

    // Each idle moment runs what is waiting for it (the start-up's next step, and any feed card).
    const step = async () => {
      const waiting = idle.splice(0);
      await act(async () => waiting.forEach((run) => run()));
      return asked();
    };
    const since = (before: string[], now: string[]) => now.slice(before.length).sort();

    let before = asked();
    let now = await step();
    // On a phone the trending panel also asks for every hashtag (for its "View all" link).
    expect(since(before, now)).toEqual([
      '/hashtags/trending',
      '/posts/trending-hashtags',
      '/users/suggestions',
    ]);
    before = now;
    now = await step();
    expect(since(before, now)).toEqual(['/connections/requests', '/notifications/offer-counts']);
    before = now;
    now = await step();
    expect(since(before, now)).toEqual([
      '/chats',
      '/chats/join-requests',
      '/chats/requests',
      '/tasks/notifications',
    ]);
    before = now;
    now = await step();
    expect(since(before, now)).toEqual(['/notifications']);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await step();
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1), { timeout: 20_000 });
  });
});
