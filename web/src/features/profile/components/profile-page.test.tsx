import type { Profile } from '@muster/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const graceId = '01a20000-0000-7000-8000-0000000000aa';
const requestId = '01a20000-0000-7000-8000-0000000000bb';

const grace = (over: Partial<Profile> = {}): Profile => ({
  _id: graceId,
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Mensah',
  headline: 'Mobile clinics',
  profilePicture: '/avatar.png',
  bio: 'Nurse in Accra.',
  location: 'Accra',
  createdAt: '2026-01-01T00:00:00.000Z',
  isMe: false,
  connectionCount: 12,
  mutualCount: 3,
  connection: 'none',
  connectionRequestId: null,
  muted: false,
  limited: false,
  connectionsVisible: true,
  ...over,
});

/** Grace's profile as the server answers it (changed by the test as her state changes), and every other call. */
function api(profile: () => Profile | null, answers: Record<string, unknown> = {}) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.replace('/api/v1', '').split('?')[0]}`;
    if (key in answers) return { status: 200, body: answers[key] };
    if (key === 'GET /users/profile/grace') {
      const p = profile();
      return p
        ? { status: 200, body: { data: p } }
        : { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    }
    return signedIn()(url);
  });
}

const writes = (calls: Array<{ url: string; method: string; body?: unknown }>) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.replace('/api/v1', '')}`);

describe('profile actions by connection state', () => {
  it('offers a stranger Connect and Message; Connect asks, says what the server said, and shows Pending', async () => {
    let state = grace();
    const calls = api(() => state, {
      [`POST /connections/${graceId}`]: {
        data: { connection: 'pending-sent', message: 'Request sent to Grace Mensah' },
      },
    });
    renderApp('/profile/grace');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grace Mensah' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('12 connections')).toBeInTheDocument();
    expect(screen.getByText('3 mutual connections')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();

    state = grace({ connection: 'pending-sent', connectionRequestId: requestId });
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Request sent to Grace Mensah')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pending' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([`POST /connections/${graceId}`]);
  });

  it('withdraws a pending request only after the confirm', async () => {
    let state = grace({ connection: 'pending-sent', connectionRequestId: requestId });
    const calls = api(() => state, { [`DELETE /connections/requests/${requestId}`]: undefined });
    renderApp('/profile/grace');
    await userEvent.click(await screen.findByRole('button', { name: 'Pending' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    state = grace();
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }),
    );
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([`DELETE /connections/requests/${requestId}`]);
  });

  it('answers a request they sent me: Accept connects us, and Message stays', async () => {
    let state = grace({ connection: 'pending-received', connectionRequestId: requestId });
    const calls = api(() => state, { [`PUT /connections/requests/${requestId}/accept`]: undefined });
    renderApp('/profile/grace');
    expect(await screen.findByRole('button', { name: 'Ignore' })).toBeInTheDocument();
    state = grace({ connection: 'connected', connectionCount: 13 });
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You are now connected with Grace Mensah')).toBeInTheDocument();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('13 connections')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([`PUT /connections/requests/${requestId}/accept`]);
  });

  it('shows my own profile with Edit profile and no menu', async () => {
    api(() => grace({ isMe: true, mutualCount: 0 }));
    renderApp('/profile/grace');
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('shows a profile limited to connections as the card, the counts and Connect only', async () => {
    api(() => grace({ limited: true, bio: '', location: '', connectionsVisible: false }));
    renderApp('/profile/grace');
    expect(
      await screen.findByText(
        'Grace shares their profile with connections only. Connect to see their posts, bio and connections.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.getByText('12 connections')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Posts' })).not.toBeInTheDocument();
  });

  it('says not found when the server hides the profile (blocked either way)', async () => {
    api(() => null);
    renderApp('/profile/grace');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
  });
});

describe('profile tabs', () => {
  it('lists their connections in the Connections tab', async () => {
    const calls = api(() => grace(), {
      [`GET /users/${graceId}/connections`]: {
        data: [
          {
            user: {
              _id: 'u2',
              username: 'kofi',
              firstName: 'Kofi',
              lastName: 'Boateng',
              headline: 'Driver',
              profilePicture: '/avatar.png',
            },
            connectedAt: '2026-02-01T00:00:00.000Z',
          },
        ],
        meta: { nextCursor: null },
      },
    });
    renderApp('/profile/grace');
    const tab = await screen.findByRole('tab', { name: 'Connections' });
    expect(screen.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: /Kofi Boateng/ })).toHaveAttribute(
      'href',
      '/profile/kofi',
    );
    expect(calls.some((c) => c.url.endsWith(`/users/${graceId}/connections`))).toBe(true);
  });

  it('has no Connections tab when their connections are hidden from me', async () => {
    api(() => grace({ connectionsVisible: false }));
    renderApp('/profile/grace');
    expect(await screen.findByRole('region', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Posts',
      'Missions',
      'Needs & Provisions',
    ]);
    expect(screen.getByText('12 connections').tagName).not.toBe('BUTTON');
  });
});

describe('profile needs and provisions tab', () => {
  const need = (
    id: string,
    status: 'open' | 'fulfilled' | 'expired',
    kind: 'need' | 'provision' = 'need',
  ) => ({
    _id: id,
    kind,
    author: {
      _id: graceId,
      username: 'grace',
      firstName: 'Grace',
      lastName: 'Mensah',
      headline: '',
      profilePicture: '/avatar.png',
    },
    title: `Title ${id}`,
    content: `Content ${id}`,
    category: 'Transport',
    status: kind === 'need' ? status : null,
    huntType: null,
    image: null,
    video: null,
    file: null,
    review: null,
    mapLocation: null,
    mission: null,
    emergencyEmoji: null,
    linkPreview: null,
    hashtags: [],
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    savedByMe: false,
    offerCount: 0,
    offeredBy: [],
    helpers: [],
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
  });

  it('lists their needs and provisions with each need’s status, asked with kind=needs', async () => {
    const calls = api(() => grace(), {
      'GET /posts/user/grace': {
        data: [
          need('n1', 'open'),
          need('n2', 'fulfilled'),
          need('n3', 'expired'),
          need('o1', 'open', 'provision'),
        ],
        meta: { nextCursor: null },
      },
    });
    renderApp('/profile/grace');
    const tab = await screen.findByRole('tab', { name: 'Needs & Provisions' });
    expect(tab).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = await screen.findByRole('region', { name: 'Needs & Provisions' });
    // Cards after the first few render a slice at a time (decision 030).
    expect(await within(panel).findByText('Content n1')).toBeInTheDocument();
    expect(await within(panel).findByText('Open')).toBeInTheDocument();
    expect(await within(panel).findByText('Fulfilled')).toBeInTheDocument();
    expect(await within(panel).findByText('Expired')).toBeInTheDocument();
    expect(await within(panel).findByText('Offer')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/posts/user/grace?kind=needs'))).toBe(true);
  });

  it('says so, with a next step, when I have none; arrow keys move between the tabs', async () => {
    api(() => grace({ isMe: true, mutualCount: 0 }));
    renderApp('/profile/grace');
    const posts = await screen.findByRole('tab', { name: 'Posts' });
    posts.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const tab = screen.getByRole('tab', { name: 'Needs & Provisions' });
    expect(tab).toHaveFocus();
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/No needs or offers yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share one from Home' })).toHaveAttribute('href', '/');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Connections' })).toHaveFocus();
  });

  it('opens on the tab the address asks for', async () => {
    api(() => grace());
    renderApp('/profile/grace?tab=missions');
    expect(await screen.findByRole('tab', { name: 'Missions' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('profile missions tab', () => {
  it('lists the missions they are in, asked by their id', async () => {
    const calls = api(() => grace(), {
      [`GET /missions/mine`]: {
        data: [
          {
            _id: 'm1',
            title: '',
            photo: '',
            type: 'partnership',
            category: '',
            location: '',
            status: 'ongoing',
            owner: {
              _id: graceId,
              username: 'grace',
              firstName: 'Grace',
              lastName: 'Mensah',
              headline: '',
              profilePicture: '/avatar.png',
            },
            partnersCount: 2,
            collaboratorsCount: 1,
            updateCount: 0,
            followerCount: 0,
            createdAt: '2026-02-01T00:00:00.000Z',
          },
        ],
        meta: { nextCursor: null },
      },
    });
    renderApp('/profile/grace');
    await userEvent.click(await screen.findByRole('tab', { name: 'Missions' }));
    const panel = await screen.findByRole('region', { name: 'Missions' });
    // Spec §3: no title shows 'Untitled Mission', no photo the default one; the badge says Partner.
    expect(await within(panel).findByRole('link', { name: /Untitled Mission/ })).toHaveAttribute(
      'href',
      '/missions/m1',
    );
    expect(within(panel).getByText('Partner')).toBeInTheDocument();
    expect(within(panel).getByText('2 partners')).toBeInTheDocument();
    expect(panel.querySelector('img')).toHaveAttribute('src', '/mission-default.svg');
    expect(calls.some((c) => c.url.endsWith(`/missions/mine?userId=${graceId}`))).toBe(true);
  });
});

describe('profile menu', () => {
  it('reports with a reason and an optional note, checked before sending', async () => {
    const calls = api(() => grace(), { 'POST /reports': { data: { _id: 'r1' } } });
    renderApp('/profile/grace');
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Grace Mensah' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Grace Mensah' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Abusive messages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thanks for your report. Our moderators will review it.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      targetType: 'user',
      targetId: graceId,
      reason: 'harassment',
      note: 'Abusive messages',
    });
  });

  it('blocks after a confirm and leaves the profile', async () => {
    const calls = api(() => grace(), { [`POST /users/${graceId}/block`]: undefined });
    const router = renderApp('/profile/grace');
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Grace Mensah' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Grace Mensah?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You blocked Grace Mensah')).toBeInTheDocument();
    expect(writes(calls)).toEqual([`POST /users/${graceId}/block`]);
  });

  it('mutes and then offers Unmute', async () => {
    let state = grace();
    const calls = api(() => state, { [`POST /users/${graceId}/mute`]: undefined });
    renderApp('/profile/grace');
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Grace Mensah' }));
    state = grace({ muted: true });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    expect(
      await screen.findByText('You muted Grace Mensah. Their posts no longer appear in your feed.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Grace Mensah' }));
    expect(await screen.findByRole('menuitem', { name: 'Unmute' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([`POST /users/${graceId}/mute`]);
  });
});
