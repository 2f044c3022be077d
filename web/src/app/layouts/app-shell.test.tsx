import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../test/render';
import { chatBadgeCount } from './app-shell';

const chat = (id: string, unreadCount: number) => ({ _id: id, kind: 'direct', otherUser: null, mission: null, lastMessage: null, unreadCount, updatedAt: new Date().toISOString() });
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `i${i}` }));

/** The shell's counts: chats with these unread counts, and so many requests, join requests and task notifications. */
function counts({ unread, chatRequests, joinRequests, tasks }: { unread: number[]; chatRequests: number; joinRequests: number; tasks: number }) {
  stubApi((url) => {
    const path = url.replace('/api/v1', '');
    if (path === '/chats') return { status: 200, body: { data: unread.map((n, i) => chat(`c${i}`, n)) } };
    if (path === '/chats/requests') return { status: 200, body: { data: items(chatRequests) } };
    if (path === '/chats/join-requests') return { status: 200, body: { data: items(joinRequests) } };
    if (path === '/tasks/notifications') return { status: 200, body: { data: items(tasks) } };
    return signedIn()(url);
  });
}

describe('the combined chat badge (spec §7)', () => {
  it('adds unread chat messages, chat requests, join requests and task notifications', () => {
    expect(chatBadgeCount({ unreadMessages: 3, chatRequests: 2, joinRequests: 1, taskNotifications: 1 })).toBe(7);
    expect(chatBadgeCount({ unreadMessages: 0, chatRequests: 0, joinRequests: 0, taskNotifications: 0 })).toBe(0);
  });

  it('shows the sum on the Missions / Chats link', async () => {
    counts({ unread: [2, 1], chatRequests: 1, joinRequests: 1, tasks: 1 });
    renderApp('/network');
    await waitFor(() => expect(screen.getAllByTestId('badge-Chats')[0]).toHaveTextContent('Chats: 6'), { timeout: 5000 });
    // Top bar and bottom bar alike.
    expect(screen.getAllByTestId('badge-Chats')).toHaveLength(2);
  });

  it('shows 9+ above 9', async () => {
    counts({ unread: [4, 3], chatRequests: 2, joinRequests: 1, tasks: 1 });
    renderApp('/network');
    await waitFor(() => expect(screen.getAllByTestId('badge-Chats')[0]).toHaveTextContent('Chats: 9+'), { timeout: 5000 });
  });
});
