import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket';
import { renderApp, signedIn, stubApi } from '../test/render';

/** The shell's live lists (the badges), by the path each is fetched from. */
const live = [
  '/chats',
  '/chats/requests',
  '/chats/join-requests',
  '/tasks/notifications',
  '/notifications',
  '/notifications/offer-counts',
  '/connections/requests',
];

type Session = { signedIn: boolean; serverDown?: boolean };

function app(session: Session = { signedIn: true }) {
  const calls = stubApi((url) => {
    if (session.serverDown) throw new TypeError('Failed to fetch');
    if (url.endsWith('/auth/me') && !session.signedIn)
      return { status: 401, body: { message: 'Please sign in to continue', code: 'UNAUTHORIZED' } };
    return signedIn()(url);
  });
  const fetches = (path: string) =>
    calls.filter((c) => c.method === 'GET' && c.url.replace('/api/v1', '') === path).length;
  const snapshot = () => Object.fromEntries(live.map((p) => [p, fetches(p)]));
  return { calls, fetches, snapshot };
}

/** The signed-in shell on /network, its badges loaded and the socket open. */
async function openShell(session?: Session) {
  const api = app(session);
  const router = renderApp('/network');
  await screen.findByRole('heading', { level: 1, name: 'My Network' }, { timeout: 20_000 });
  await waitFor(() => live.forEach((p) => expect(api.fetches(p)).toBeGreaterThan(0)));
  await FakeWebSocket.accept();
  return { ...api, router };
}

describe('live updates in the shell', () => {
  it('opens one socket per tab, same-origin, once signed in', async () => {
    await openShell();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest.url).toBe('ws://localhost:3000/api/v1/ws');
  });

  it('opens none for a visitor', async () => {
    stubApi((url) =>
      url.endsWith('/auth/me')
        ? { status: 401, body: { message: 'Please sign in to continue', code: 'UNAUTHORIZED' } }
        : undefined,
    );
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { name: /log in|sign in|welcome/i }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('refetches the badges a counts.changed event names, and only those', async () => {
    const { snapshot, fetches } = await openShell();
    const before = snapshot();
    FakeWebSocket.latest.receive({
      type: 'counts.changed',
      data: { counts: ['requests', 'tasks', 'offers'] },
    });
    await waitFor(() => {
      expect(fetches('/chats/requests')).toBe(before['/chats/requests']! + 1);
      expect(fetches('/chats/join-requests')).toBe(before['/chats/join-requests']! + 1);
      expect(fetches('/tasks/notifications')).toBe(before['/tasks/notifications']! + 1);
      expect(fetches('/notifications/offer-counts')).toBe(before['/notifications/offer-counts']! + 1);
    });
    expect(fetches('/chats')).toBe(before['/chats']);
    expect(fetches('/notifications')).toBe(before['/notifications']);

    FakeWebSocket.latest.receive({
      type: 'counts.changed',
      data: { counts: ['chats', 'notifications', 'network'] },
    });
    await waitFor(() => {
      expect(fetches('/chats')).toBe(before['/chats']! + 1);
      expect(fetches('/notifications')).toBe(before['/notifications']! + 1);
      expect(fetches('/connections/requests')).toBeGreaterThan(before['/connections/requests']!);
    });
  });

  it('refetches notifications, join requests and task notifications on their own events', async () => {
    const { snapshot, fetches } = await openShell();
    const before = snapshot();
    FakeWebSocket.latest.receive({ type: 'notification.created', data: { _id: 'n1', type: 'like' } });
    FakeWebSocket.latest.receive({ type: 'joinRequest.changed', data: { missionId: 'm1' } });
    FakeWebSocket.latest.receive({ type: 'task.changed', data: { taskId: 't1', missionId: 'm1' } });
    FakeWebSocket.latest.receive({
      type: 'chat.request',
      data: { requestId: 'r1', status: 'pending', chatId: null },
    });
    await waitFor(() => {
      expect(fetches('/notifications')).toBe(before['/notifications']! + 1);
      expect(fetches('/chats/join-requests')).toBe(before['/chats/join-requests']! + 1);
      expect(fetches('/tasks/notifications')).toBe(before['/tasks/notifications']! + 1);
      expect(fetches('/chats/requests')).toBe(before['/chats/requests']! + 1);
    });
  });

  it('after a reconnect (not the first connect) refetches every live list, since it may have missed events', async () => {
    const { snapshot, fetches } = await openShell();
    const before = snapshot();
    FakeWebSocket.latest.serverClose(1001);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 20_000 });
    expect(snapshot()).toEqual(before);
    FakeWebSocket.latest.open();
    await waitFor(() => live.forEach((p) => expect(fetches(p)).toBe(before[p]! + 1)));
  });

  it('when the server ends the session (4001) checks it, and the tab shows signed out', async () => {
    const session = { signedIn: true };
    const { router } = await openShell(session);
    session.signedIn = false;
    FakeWebSocket.latest.serverClose(4001);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('a socket that cannot connect', () => {
  /** The socket drops, and the next attempt fails before it opens. */
  async function failToReconnect() {
    FakeWebSocket.latest.serverClose(1001);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 20_000 });
    FakeWebSocket.latest.serverClose(1006);
  }

  it('asks whether the session is still there, and shows signed out when it is not', async () => {
    const session = { signedIn: true };
    const { router } = await openShell(session);
    session.signedIn = false;
    await failToReconnect();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
  });

  it('does not sign the tab out because the server is down', async () => {
    const session = { signedIn: true, serverDown: false };
    const { router, fetches } = await openShell(session);
    const asked = fetches('/auth/me');
    session.serverDown = true;
    await failToReconnect();
    await waitFor(() => expect(fetches('/auth/me')).toBe(asked + 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/network');
    expect(screen.getByRole('heading', { level: 1, name: 'My Network' })).toBeInTheDocument();
  });
});
