import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, windowWidth } from '../../test/render';
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
