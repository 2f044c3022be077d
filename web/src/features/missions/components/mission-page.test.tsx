import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const missionId = '01a20000-0000-7000-8000-0000000000a1';
const owner = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const me = {
  _id: userFixture._id,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
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
  updateCount: 0,
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
const members = (collaborators: unknown[] = []) => ({
  data: {
    owner: { user: owner, role: 'owner', joinedAt: '2026-11-20T00:00:00Z' },
    partners: [],
    collaborators,
  },
});
const task = (status: string) => ({
  _id: '01a20000-0000-7000-8000-0000000000c1',
  missionId,
  missionTitle: 'Clean water for Tamale',
  title: 'Buy filters',
  description: '',
  assignee: me,
  dueDate: '2026-12-01',
  status,
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
});
const path = (url: string) => url.replace('/api/v1', '');

describe('join-mission dialog', () => {
  it('goes closed → open → joining → closed, sends the chosen role and message, and the page then says Requested', async () => {
    let current = mission();
    let answerJoin: (() => void) | undefined;
    const calls = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path(url) === `/missions/${missionId}`)
        return { status: 200, body: { data: current } };
      if (method === 'GET' && path(url) === `/missions/${missionId}/members`)
        return { status: 200, body: members() };
      if (method === 'POST' && path(url) === `/missions/${missionId}/join`) {
        return new Promise((resolve) => {
          answerJoin = () => {
            current = mission({ joinRequest: 'pending', can: { ...can, join: false } });
            resolve({ status: 201, body: { data: { status: 'pending' } } });
          };
        });
      }
      return signedIn()(url);
    });
    renderApp(`/missions/${missionId}`);
    const join = await screen.findByRole('button', { name: 'Join' }, { timeout: 20_000 });
    expect(join).toHaveAttribute('data-state', 'closed');
    await userEvent.click(join);
    const dialog = await screen.findByRole('dialog', { name: 'Join mission' });
    expect(join).toHaveAttribute('data-state', 'open');
    await userEvent.click(within(dialog).getByText('Partner'));
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'I run a water NGO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(join).toHaveAttribute('data-state', 'joining');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      role: 'partner',
      message: 'I run a water NGO',
    });
    answerJoin!();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Join mission' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeDisabled();
  });

  it('opens again, keeping what was typed, when the request fails', async () => {
    stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path(url) === `/missions/${missionId}`)
        return { status: 200, body: { data: mission() } };
      if (method === 'GET' && path(url) === `/missions/${missionId}/members`)
        return { status: 200, body: members() };
      if (method === 'POST' && path(url) === `/missions/${missionId}/join`)
        return { status: 409, body: { message: 'You already asked to join', code: 'CONFLICT' } };
      return signedIn()(url);
    });
    renderApp(`/missions/${missionId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Join mission' });
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('You already asked to join')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeEnabled();
    expect(within(dialog).getByLabelText(/Message/)).toHaveValue('hello');
  });
});

describe('task board', () => {
  it('moves a task to Done from its status select and saves it with PATCH /tasks/:id', async () => {
    let status = 'todo';
    const calls = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      const p = path(url);
      if (method === 'GET' && p === `/missions/${missionId}`)
        return {
          status: 200,
          body: {
            data: mission({
              role: 'collaborator',
              chatId: '01a20000-0000-7000-8000-0000000000d1',
              can: { ...can, join: false, leave: true, postUpdate: true, manageTasks: true },
            }),
          },
        };
      if (method === 'GET' && p === `/missions/${missionId}/members`)
        return {
          status: 200,
          body: members([{ user: me, role: 'collaborator', joinedAt: '2026-11-21T00:00:00Z' }]),
        };
      if (method === 'GET' && p === `/missions/${missionId}/tasks`)
        return { status: 200, body: { data: [task(status)] } };
      if (method === 'PATCH' && p === `/tasks/${task('todo')._id}`) {
        status = JSON.parse(String(init?.body)).status;
        return { status: 200, body: { data: task(status) } };
      }
      return signedIn()(url);
    });
    renderApp(`/missions/${missionId}`);
    const todo = await screen.findByRole('region', { name: 'To do' }, { timeout: 20_000 });
    expect(await within(todo).findByText('Buy filters')).toBeInTheDocument();
    await userEvent.selectOptions(within(todo).getByLabelText('Status of Buy filters'), 'done');
    const done = screen.getByRole('region', { name: 'Done' });
    expect(await within(done).findByText('Buy filters')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'To do' })).queryByText('Buy filters'),
    ).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ status: 'done' }]);
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', `/chat/${missionId}`);
  });
});

describe('/create-mission', () => {
  it('checks the form with the contract before sending, then opens the new mission', async () => {
    const calls = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'POST' && path(url) === '/missions')
        return { status: 201, body: { data: mission({ role: 'owner', title: 'Clean water for Tamale' }) } };
      if (method === 'GET' && path(url) === `/missions/${missionId}`)
        return { status: 200, body: { data: mission({ role: 'owner' }) } };
      return signedIn()(url);
    });
    const router = renderApp('/create-mission');
    await screen.findByRole('heading', { level: 1, name: 'Start a mission' }, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Create mission' }));
    expect(await screen.findByText('Give the mission a title')).toBeInTheDocument();
    expect(screen.getByText('Choose collaboration or partnership')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Title'), '  Clean water for Tamale ');
    await userEvent.click(screen.getByText('Collaboration'));
    await userEvent.type(screen.getByLabelText('Description'), 'Wells and filters.');
    await userEvent.click(screen.getByRole('button', { name: 'Create mission' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/missions/${missionId}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Clean water for Tamale',
      description: 'Wells and filters.',
      type: 'collaboration',
      category: '',
      location: '',
      visibility: 'public',
    });
  });
});

describe('Post update', () => {
  it('opens the composer in update mode with this mission chosen and the text prefilled (spec §5 Update Mission flow)', async () => {
    stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      const p = path(url);
      if (method === 'GET' && p === `/missions/${missionId}`)
        return {
          status: 200,
          body: {
            data: mission({
              role: 'owner',
              updateCount: 2,
              can: { ...can, join: false, edit: true, postUpdate: true, manageTasks: true },
            }),
          },
        };
      if (method === 'GET' && p === `/missions/${missionId}/members`) return { status: 200, body: members() };
      return signedIn()(url);
    });
    renderApp(`/missions/${missionId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Post update' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a post' });
    expect(within(dialog).getByLabelText('Text')).toHaveValue('🔔 Update #3: Clean water for Tamale\n');
    expect(within(dialog).getByText(/Update #3 to/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove mission' }));
    expect(within(dialog).getByLabelText('Text')).toHaveValue('');
  });
});

describe('a post that references a mission', () => {
  const post = (author: typeof owner) => ({
    _id: '01a20000-0000-7000-8000-0000000000e1',
    kind: 'general',
    author,
    title: '',
    content: 'Who can help us dig?',
    category: null,
    status: null,
    huntType: null,
    image: null,
    video: null,
    file: null,
    review: null,
    mapLocation: null,
    mission: { title: 'Clean water for Tamale', missionId },
    emergencyEmoji: null,
    linkPreview: null,
    hashtags: [],
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    savedByMe: false,
    createdAt: '2026-11-20T00:00:00Z',
    updatedAt: '2026-11-20T00:00:00Z',
  });

  it('shows the mission on the home feed card with Join, which opens the join-mission dialog and sends the request', async () => {
    const calls = stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path(url).startsWith('/posts/feed'))
        return { status: 200, body: { data: [post(owner)], meta: { nextCursor: null } } };
      if (method === 'POST' && path(url) === `/missions/${missionId}/join`)
        return { status: 201, body: { data: { status: 'pending' } } };
      // Pressing Join first asks where I stand (post-mission-join.tsx): outside it, until I ask to join.
      const asked = calls.some((c) => c.method === 'POST');
      if (method === 'GET' && path(url) === `/missions/${missionId}`)
        return {
          status: 200,
          body: { data: mission(asked ? { joinRequest: 'pending', can: { ...can, join: false } } : {}) },
        };
      return signedIn()(url);
    });
    renderApp('/');
    const card = (await screen.findByText('Who can help us dig?', {}, { timeout: 20_000 })).closest(
      'article',
    )!;
    expect(within(card).getByRole('link', { name: 'Clean water for Tamale' })).toHaveAttribute(
      'href',
      `/missions/${missionId}`,
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join mission' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Join mission' })).not.toBeInTheDocument(),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ role: 'collaborator', message: '' });
    expect(await within(card).findByText('Requested')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('offers no Join on my own post', async () => {
    stubApi((url) =>
      path(url).startsWith('/posts/feed')
        ? { status: 200, body: { data: [post(me)], meta: { nextCursor: null } } }
        : signedIn()(url),
    );
    renderApp('/');
    const card = (await screen.findByText('Who can help us dig?', {}, { timeout: 20_000 })).closest(
      'article',
    )!;
    expect(within(card).getByRole('link', { name: 'Clean water for Tamale' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });
});
