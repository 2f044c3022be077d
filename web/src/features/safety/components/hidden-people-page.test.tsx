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

  it('lists people on other servers I blocked, unblocks them, and blocks someone by handle', async () => {
    const zoe = {
      id: '01a20000-0000-7000-8000-0000000000d1',
      actor: 'https://mastodon.example/users/zoe',
      handle: '@zoe@mastodon.example',
      name: 'Zoe Remote',
      avatar: null,
      host: 'mastodon.example',
      since: '2026-03-02T10:00:00.000Z',
    };
    let remote = [zoe];
    const calls = stubApi((url, init) => {
      if (url.endsWith('/federation/blocks') && init?.method === 'POST') {
        const { handle } = JSON.parse(String(init.body)) as { handle: string };
        if (handle === '@nobody@mastodon.example')
          return { status: 404, body: { code: 'NOT_FOUND', message: 'No account answers to that handle' } };
        const block = { ...zoe, id: '01a20000-0000-7000-8000-0000000000d2', handle, name: 'Yan' };
        remote = [block, ...remote];
        return { status: 200, body: { data: block } };
      }
      if (url.endsWith('/federation/blocks')) return { status: 200, body: { data: remote } };
      if (init?.method === 'DELETE' && url.endsWith(`/federation/blocks/${zoe.id}`)) {
        remote = remote.filter((b) => b.id !== zoe.id);
        return { status: 200, body: { data: { ok: true } } };
      }
      return signedIn()(url);
    });
    renderApp('/settings/blocked');
    const section = await screen.findByRole(
      'region',
      { name: 'People on other servers' },
      { timeout: 20_000 },
    );
    expect(
      await within(section).findByText('@zoe@mastodon.example · Blocked Mar 2, 2026'),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Unblock Zoe Remote' }));
    expect(await screen.findByText('You unblocked Zoe Remote')).toBeInTheDocument();
    expect(
      await within(section).findByText("You haven't blocked anyone on other servers"),
    ).toBeInTheDocument();

    // A handle the contract refuses is said on the field, and nothing is sent.
    const field = within(section).getByLabelText('Block someone on another server');
    await userEvent.type(field, 'not a handle');
    await userEvent.click(within(section).getByRole('button', { name: 'Block' }));
    expect(
      await within(section).findByText('Not a handle (@user@host) or an https actor URL'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Nobody there: the server's word, in a toast.
    await userEvent.clear(field);
    await userEvent.type(field, '@nobody@mastodon.example');
    await userEvent.click(within(section).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('No account answers to that handle')).toBeInTheDocument();
    // Blocked: a toast, and the list shows them.
    await userEvent.clear(field);
    await userEvent.type(field, '@yan@mastodon.example');
    await userEvent.click(within(section).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Yan')).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Unblock Yan' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/v1/federation/blocks',
      '/api/v1/federation/blocks',
    ]);
  });
});
