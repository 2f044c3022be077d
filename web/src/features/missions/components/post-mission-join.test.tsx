import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi } from '../../../test/render';

const missionId = '01a20000-0000-7000-8000-0000000000a1';
const owner = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const can = {
  edit: false,
  join: true,
  leave: false,
  postUpdate: false,
  manageTasks: false,
  approveRequests: false,
};
const mission = (over: Record<string, unknown> = {}) => ({
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
  updateCount: 1,
  followerCount: 0,
  createdAt: '2026-11-20T00:00:00Z',
  description: 'Wells and filters.',
  mapLocation: null,
  visibility: 'public',
  role: 'none',
  following: false,
  joinRequest: 'none',
  chatId: null,
  can,
  ...over,
});
// A mission update by someone else, on my home feed: the card offers Join.
const update = postFixture({
  kind: 'mission_update',
  status: null,
  category: null,
  content: 'Two wells dug this week',
  mission: { title: 'Clean water for Tamale', missionId },
});
const path = (url: string) => url.replace('/api/v1', '');

function home(standing: Record<string, unknown>) {
  return stubApi((url) => {
    const p = path(url);
    if (p.startsWith('/posts/feed'))
      return { status: 200, body: { data: [update], meta: { nextCursor: null } } };
    if (p === `/missions/${missionId}`) return { status: 200, body: { data: mission(standing) } };
    return signedIn()(url);
  });
}

// Someone outside the mission gets the request form: mission-page.test.tsx, "a post that references a mission".
describe('Join on a mission update', () => {
  it('asks where I stand only when pressed, and gives a member the mission, not a request form', async () => {
    const calls = home({ role: 'collaborator', can: { ...can, join: false, leave: true } });
    renderApp('/');
    const join = await screen.findByRole('button', { name: 'Join' }, { timeout: 20_000 });
    expect(calls.some((c) => path(c.url) === `/missions/${missionId}`)).toBe(false);
    await userEvent.click(join);
    expect(await screen.findByText("You're already a member of Clean water for Tamale")).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open mission' })).toHaveAttribute(
      'href',
      `/missions/${missionId}`,
    );
    expect(screen.queryByRole('dialog', { name: 'Join mission' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('says a request is already waiting instead of asking again', async () => {
    home({ joinRequest: 'pending', can: { ...can, join: false } });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }, { timeout: 20_000 }));
    expect(await screen.findByText('Requested')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Join mission' })).not.toBeInTheDocument();
  });
});
