import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture, windowWidth } from '../../test/render';
import { chatBadgeCount } from './app-shell';

const chat = (id: string, unreadCount: number) => ({
  _id: id,
  kind: 'direct',
  otherUser: null,
  mission: null,
  lastMessage: null,
  unreadCount,
  updatedAt: new Date().toISOString(),
});
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `i${i}` }));

/** The shell's counts: chats with these unread counts, and so many requests, join requests and task notifications. */
function counts({
  unread,
  chatRequests,
  joinRequests,
  tasks,
}: {
  unread: number[];
  chatRequests: number;
  joinRequests: number;
  tasks: number;
}) {
  stubApi((url) => {
    const path = url.replace('/api/v1', '');
    if (path === '/chats') return { status: 200, body: { data: unread.map((n, i) => chat(`c${i}`, n)) } };
    if (path === '/chats/requests') return { status: 200, body: { data: items(chatRequests) } };
    if (path === '/chats/join-requests') return { status: 200, body: { data: items(joinRequests) } };
    if (path === '/tasks/notifications') return { status: 200, body: { data: items(tasks) } };
    return signedIn()(url);
  });
}

describe('the navigation the width shows (spec §2)', () => {
  it('renders the bottom bar on a phone, and not the top bar', async () => {
    windowWidth(375);
    counts({ unread: [1], chatRequests: 0, joinRequests: 0, tasks: 0 });
    renderApp('/network');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 20_000 });
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: /Chats/ })).toHaveAttribute('href', '/chats');
    expect(within(nav).getByRole('link', { name: /Alerts/ })).toHaveAttribute('href', '/notifications');
    await waitFor(() => expect(screen.getByTestId('badge-Chats')).toHaveTextContent('Chats: 1'), {
      timeout: 20_000,
    });
  });

  it('renders the top bar with the alerts menu from 768 px, and not the bottom bar', async () => {
    windowWidth(1280);
    counts({ unread: [1], chatRequests: 0, joinRequests: 0, tasks: 0 });
    renderApp('/network');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 20_000 });
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);
    // The top bar calls the chats link Missions, and its Alerts is a menu rather than a link.
    expect(within(nav).getByRole('link', { name: /Missions/ })).toHaveAttribute('href', '/chats');
    expect(within(nav).queryByRole('link', { name: /Alerts/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('badge-Chats')).toHaveTextContent('Chats: 1'), {
      timeout: 20_000,
    });
  });
});

describe('every section from a phone (issue 32)', () => {
  // What home's side cards and the top bar reach on a wide screen, reached at 375 px from the
  // bottom bar or the profile menu: the phone has no side cards.
  it.each([375, 1280])('the profile menu lists every section at %i px', async (px) => {
    windowWidth(px);
    counts({ unread: [], chatRequests: 0, joinRequests: 0, tasks: 0 });
    const router = renderApp('/network');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }, { timeout: 5000 }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual([
      'View Profile',
      'Map of needs',
      'Saved posts',
      'My missions',
      'Collaborate',
      'Matches',
      'Emergency board',
      'Settings & Privacy',
      'Language',
      'Help Center',
      'Sign Out',
    ]);
    for (const [name, to] of [
      ['Map of needs', '/map'],
      ['Saved posts', '/savedposts'],
      ['My missions', '/profile/ada?tab=missions'],
      ['Collaborate', '/collaboration/all'],
    ] as const) {
      if (!screen.queryByRole('menu'))
        await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
      await userEvent.click(await screen.findByRole('menuitem', { name }));
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to),
      );
    }
  });

  it.each([
    ['moderator', ['Moderation']],
    ['admin', ['Moderation', 'Admin']],
  ] as const)('the role %s adds staff entries to the profile menu (decision 067)', async (role, extra) => {
    windowWidth(375);
    stubApi(signedIn({ ...userFixture, role }));
    const router = renderApp('/network');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }, { timeout: 5000 }));
    const names = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(names.slice(7, 7 + extra.length)).toEqual(extra);
    expect(names).toHaveLength(11 + extra.length);
    await userEvent.click(screen.getByRole('menuitem', { name: extra[extra.length - 1] }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(role === 'admin' ? '/moderation/staff' : '/moderation'),
    );
  });

  it('a phone reaches the five spec sections from the bottom bar', async () => {
    windowWidth(375);
    counts({ unread: [], chatRequests: 0, joinRequests: 0, tasks: 0 });
    renderApp('/network');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Network', '/network'],
      ['Offers', '/offers'],
      ['Chats', '/chats'],
      ['Alerts', '/notifications'],
    ]);
  });
});

describe('the combined chat badge (spec §7)', () => {
  it('adds unread chat messages, chat requests, join requests and task notifications', () => {
    expect(
      chatBadgeCount({ unreadMessages: 3, chatRequests: 2, joinRequests: 1, taskNotifications: 1 }),
    ).toBe(7);
    expect(
      chatBadgeCount({ unreadMessages: 0, chatRequests: 0, joinRequests: 0, taskNotifications: 0 }),
    ).toBe(0);
  });

  it('shows the sum on the Missions / Chats link', async () => {
    counts({ unread: [2, 1], chatRequests: 1, joinRequests: 1, tasks: 1 });
    renderApp('/network');
    await waitFor(() => expect(screen.getAllByTestId('badge-Chats')[0]).toHaveTextContent('Chats: 6'), {
      timeout: 20_000,
    });
    // One navigation bar at a time: the bottom bar here (jsdom's window matches no min-width).
    expect(screen.getAllByTestId('badge-Chats')).toHaveLength(1);
  });

  it('shows 9+ above 9', async () => {
    counts({ unread: [4, 3], chatRequests: 2, joinRequests: 1, tasks: 1 });
    renderApp('/network');
    await waitFor(() => expect(screen.getAllByTestId('badge-Chats')[0]).toHaveTextContent('Chats: 9+'), {
      timeout: 20_000,
    });
  });
});
