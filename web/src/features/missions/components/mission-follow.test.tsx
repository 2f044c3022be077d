import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';
import { later, valuesOf } from '../../../test/timing';

/** Decision 057: Follow on a mission's page shows at once and stays where the last tap put it. */
const missionId = '01a20000-0000-7000-8000-0000000000a7';
const owner = {
  _id: '01a20000-0000-7000-8000-0000000000b7',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const mission = (following: boolean) => ({
  _id: missionId,
  title: 'Clean water for Tamale',
  photo: '/mission-default.svg',
  type: 'collaboration',
  category: 'Water',
  location: 'Tamale, Ghana',
  status: 'ongoing',
  owner,
  partnersCount: 0,
  collaboratorsCount: 0,
  updateCount: 0,
  followerCount: following ? 1 : 0,
  createdAt: '2026-11-20T00:00:00Z',
  description: 'Wells and filters.',
  mapLocation: null,
  visibility: 'public',
  role: 'none',
  following,
  joinRequest: 'none',
  chatId: null,
  can: {
    edit: false,
    join: true,
    leave: false,
    postUpdate: false,
    manageTasks: false,
    approveRequests: false,
  },
});
const members = {
  data: {
    owner: { user: owner, role: 'owner', joinedAt: '2026-11-20T00:00:00Z' },
    partners: [],
    collaborators: [],
  },
};
const followPath = `/missions/${missionId}/follow`;

/** The mission as the server holds it, and its follow answered by `answers` in turn. */
function server(answers: Array<Promise<{ status: number; body?: unknown }>>) {
  let following = false;
  const calls = stubApi(async (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.replace('/api/v1', '').split('?')[0];
    if (method === 'GET' && path === `/missions/${missionId}`)
      return { status: 200, body: { data: mission(following) } };
    if (method === 'GET' && path === `/missions/${missionId}/members`) return { status: 200, body: members };
    if (path === followPath && method !== 'GET') {
      const turn = calls.filter((c) => c.url.endsWith(followPath) && c.method !== 'GET').length - 1;
      const answer = await answers[turn]!;
      if (answer.status < 300) following = method === 'POST';
      return answer;
    }
    return signedIn()(url);
  });
  const writes = () =>
    calls.filter((c) => c.url.endsWith(followPath) && c.method !== 'GET').map((c) => c.method);
  const reads = () =>
    calls.filter((c) => c.method === 'GET' && c.url.endsWith(`/missions/${missionId}`)).length;
  return { writes, reads };
}
const ok = { status: 200, body: { data: { ok: true } } };

describe('following a mission from its page', () => {
  it('ends on the second of two quick taps: sent in order, never flicking back', async () => {
    const followAnswer = later();
    const unfollowAnswer = later();
    const api = server([followAnswer.promise, unfollowAnswer.promise]);
    renderApp(`/missions/${missionId}`);
    const follow = await screen.findByRole('button', { name: 'Follow' }, { timeout: 20_000 });
    const pressed = valuesOf(follow, 'aria-pressed');

    await userEvent.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText(/^1 follower\b/)).toBeInTheDocument();
    await userEvent.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    expect(api.writes()).toEqual(['POST']);

    // The follow goes through while the unfollow waits: the mission is not refetched yet, since
    // it would come back followed.
    const readsBefore = api.reads();
    followAnswer.answer(ok);
    await waitFor(() => expect(api.writes()).toEqual(['POST', 'DELETE']));
    unfollowAnswer.answer(ok);

    // Once both are through, the mission is asked again: not followed.
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore));
    expect(await screen.findByText(/^0 followers\b/)).toBeInTheDocument();
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(pressed()).toEqual(['false', 'true', 'false']);
  });

  it('puts the button and the count back when the server refuses', async () => {
    const refused = later();
    server([refused.promise]);
    renderApp(`/missions/${missionId}`);
    const follow = await screen.findByRole('button', { name: 'Follow' }, { timeout: 20_000 });
    const pressed = valuesOf(follow, 'aria-pressed');

    await userEvent.click(follow);
    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'true'));
    refused.answer({ status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } });

    await waitFor(() => expect(follow).toHaveAttribute('aria-pressed', 'false'));
    // The server's words, in the page's error toast.
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText(/^0 followers\b/)).toBeInTheDocument();
    expect(pressed()).toEqual(['false', 'true', 'false']);
  });
});
