import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000c1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};

describe('/settings/blocked and /settings/muted', () => {
  it('unblocks: the person leaves the list, and the empty state says how to block', async () => {
    let blocked = [{ user: kofi, since: '2026-03-01T10:00:00.000Z' }];
    const calls = stubApi((url, init) => {
      if (url.endsWith('/users/me/blocked')) return { status: 200, body: { data: blocked } };
      if (init?.method === 'DELETE' && url.endsWith(`/users/${kofi._id}/block`)) {
        blocked = [];
        return { status: 200, body: { data: null } };
      }
      return signedIn()(url);
    });
    renderApp('/settings/blocked');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blocked people' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Blocked people' });
    expect(await within(list).findByText('Blocked Mar 1, 2026')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Kofi Boateng' }));
    expect(await screen.findByText('You unblocked Kofi Boateng')).toBeInTheDocument();
    expect(await within(list).findByText("You haven't blocked anyone")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/users/${kofi._id}/block`,
    ]);
  });

  it('shows the muted list with Unmute', async () => {
    stubApi((url) =>
      url.endsWith('/users/me/muted')
        ? { status: 200, body: { data: [{ user: kofi, since: '2026-03-01T10:00:00.000Z' }] } }
        : signedIn()(url),
    );
    renderApp('/settings/muted');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Muted people' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unmute Kofi Boateng' })).toBeInTheDocument();
  });
});
