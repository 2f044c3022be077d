import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn, stubApi } from '../test/render';

/**
 * Decision 048: every list that fails to load says so the same way (one text, Try again) and logs
 * the failure, as the spec's error table asks; none falls back to looking empty.
 */
const lists = [
  { page: '/chats', api: '/chats', what: 'your conversations' },
  { page: '/notifications', api: '/notifications', what: 'notifications' },
  { page: '/network', api: '/connections', what: 'your connections' },
  { page: '/matches', api: '/matches', what: 'your matches' },
  { page: '/offers', api: '/offers', what: 'your offers' },
  { page: '/requests', api: '/chats/join-requests', what: 'join requests' },
];

describe('a list that fails to load', () => {
  it.each(lists)('$page shows and logs its failure the shared way, and loads on Try again', async (list) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const calls = stubApi((url, init) => {
      const path = url.replace('/api/v1', '').split('?')[0];
      if (down && path === list.api && (init?.method ?? 'GET') === 'GET')
        return { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } };
      return signedIn()(url);
    });
    renderApp(list.page);
    // The query retries once (spec §7) before it fails, so this waits past the retry's delay.
    const alert = await screen.findByText(`Couldn't load ${list.what}.`, {}, { timeout: 20_000 });
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(box).not.toBeNull();
    expect(log).toHaveBeenCalledWith(`Failed to load ${list.what}`, expect.anything());

    down = false;
    const before = calls.filter((c) => c.url.replace('/api/v1', '').split('?')[0] === list.api).length;
    await userEvent.click(within(box).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url.replace('/api/v1', '').split('?')[0] === list.api).length,
      ).toBeGreaterThan(before),
    );
    await waitFor(() => expect(screen.queryByText(`Couldn't load ${list.what}.`)).not.toBeInTheDocument());
  });
});
