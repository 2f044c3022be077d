import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

// Issue 32 item 3: the "asked to join" and "assigned you a task" alerts land on something to act on.
const missionId = '01a20000-0000-7000-8000-0000000000a1';
const otherMissionId = '01a20000-0000-7000-8000-0000000000a2';
const chatId = '01a20000-0000-7000-8000-0000000000d1';
const person = (n: number, firstName: string) => ({
  _id: `01a20000-0000-7000-8000-0000000000b${n}`,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Mensah',
  headline: '',
  profilePicture: '/avatar.png',
});
const owner = person(1, 'Kofi');
const me = { ...person(9, 'Ada'), _id: userFixture._id };
const can = {
  edit: false,
  join: false,
  leave: true,
  postUpdate: true,
  manageTasks: true,
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
  role: 'owner',
  following: false,
  joinRequest: 'none',
  chatId,
  can,
  ...over,
});
const members = {
  data: {
    owner: { user: owner, role: 'owner', joinedAt: '2026-11-20T00:00:00Z' },
    partners: [],
    collaborators: [],
  },
};
const request = (n: number, who: ReturnType<typeof person>, onMission = missionId) => ({
  _id: `01a20000-0000-7000-8000-0000000000e${n}`,
  mission: { _id: onMission, title: onMission === missionId ? 'Clean water for Tamale' : 'Other', photo: '' },
  user: who,
  role: n % 2 ? 'collaborator' : 'partner',
  message: `I can help (${who.firstName})`,
  createdAt: '2026-11-27T00:00:00Z',
});
const path = (url: string) => url.replace('/api/v1', '');

/** A mission page whose viewer stands as `over` says, with the join-request list the server gives. */
function stubMission(over: Record<string, unknown>, requests: unknown[]) {
  let pending = [...requests];
  const calls = stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const p = path(url);
    if (method === 'GET' && p === `/missions/${missionId}`)
      return { status: 200, body: { data: mission(over) } };
    if (method === 'GET' && p === `/missions/${missionId}/members`) return { status: 200, body: members };
    if (method === 'GET' && p === `/missions/${missionId}/tasks`) return { status: 200, body: { data: [] } };
    if (method === 'GET' && p === '/chats/join-requests') return { status: 200, body: { data: pending } };
    const answer = p.match(/^\/missions\/[^/]+\/join-requests\/([^/]+)\/(approve|decline)$/);
    if (method === 'PUT' && answer) {
      pending = pending.filter((r) => (r as { _id: string })._id !== answer[1]);
      return { status: 200, body: { data: { status: answer[2] === 'approve' ? 'approved' : 'declined' } } };
    }
    return signedIn()(url);
  });
  return calls;
}

describe('the mission page: pending join requests', () => {
  for (const role of ['owner', 'partner'] as const) {
    it(`shows this mission's requests with Approve and Decline to the ${role}, and answers them`, async () => {
      const kwame = person(2, 'Kwame');
      const esi = person(3, 'Esi');
      const calls = stubMission({ role, can: { ...can, approveRequests: true } }, [
        request(1, kwame),
        request(2, esi),
        request(3, person(4, 'Yaw'), otherMissionId),
      ]);
      renderApp(`/missions/${missionId}`);
      const section = await screen.findByRole('region', { name: /Pending requests/ }, { timeout: 5000 });
      expect(await within(section).findByText('Kwame Mensah')).toBeInTheDocument();
      expect(within(section).getByText('Esi Mensah')).toBeInTheDocument();
      // Another mission's request belongs on /requests, not here.
      expect(within(section).queryByText('Yaw Mensah')).not.toBeInTheDocument();
      expect(within(section).getByText('“I can help (Kwame)”')).toBeInTheDocument();
      expect(within(section).getAllByRole('button', { name: 'Approve' })).toHaveLength(2);
      expect(within(section).getAllByRole('button', { name: 'Decline' })).toHaveLength(2);

      // Keyboard: tab to the first Approve and press Enter.
      within(section).getAllByRole('button', { name: 'Approve' })[0]!.focus();
      await userEvent.keyboard('{Enter}');
      expect((await screen.findAllByText('Request approved')).length).toBeGreaterThan(0);
      await waitFor(() => expect(within(section).queryByText('Kwame Mensah')).not.toBeInTheDocument());
      await userEvent.click(within(section).getByRole('button', { name: 'Decline' }));
      expect((await screen.findAllByText('Request declined')).length).toBeGreaterThan(0);
      expect(await within(section).findByText('No pending requests')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'PUT').map((c) => path(c.url))).toEqual([
        `/missions/${missionId}/join-requests/${request(1, kwame)._id}/approve`,
        `/missions/${missionId}/join-requests/${request(2, esi)._id}/decline`,
      ]);
    });
  }

  it('says so when nobody is waiting', async () => {
    stubMission({ can: { ...can, approveRequests: true } }, [request(3, person(4, 'Yaw'), otherMissionId)]);
    renderApp(`/missions/${missionId}`);
    const section = await screen.findByRole('region', { name: /Pending requests/ }, { timeout: 5000 });
    expect(await within(section).findByText('No pending requests')).toBeInTheDocument();
  });

  for (const role of ['collaborator', 'none'] as const) {
    it(`shows no requests and no Approve to a ${role}`, async () => {
      stubMission(
        { role, chatId: role === 'none' ? null : chatId, can: { ...can, approveRequests: false } },
        [request(1, person(2, 'Kwame'))],
      );
      renderApp(`/missions/${missionId}`);
      await screen.findByRole('heading', { level: 1, name: 'Clean water for Tamale' }, { timeout: 5000 });
      await screen.findByRole('heading', { name: 'Updates' });
      expect(screen.queryByRole('region', { name: /Pending requests/ })).not.toBeInTheDocument();
      expect(screen.queryByText('Kwame Mensah')).not.toBeInTheDocument();
      // The shell counts requests for its badge; the server lists only missions I may answer for.
      expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    });
  }
});

describe('the mission chat opened from a task alert', () => {
  const task = (n: number, title: string, status: string, assignee: unknown) => ({
    _id: `01a20000-0000-7000-8000-0000000000c${n}`,
    missionId,
    missionTitle: 'Clean water for Tamale',
    title,
    description: '',
    assignee,
    dueDate: null,
    status,
    createdAt: '2026-11-20T00:00:00Z',
    updatedAt: '2026-11-20T00:00:00Z',
    can: { edit: true, delete: false },
  });
  const chat = {
    _id: chatId,
    kind: 'mission',
    otherUser: null,
    mission: { _id: missionId, title: 'Clean water for Tamale', photo: '' },
    lastMessage: null,
    unreadCount: 0,
    updatedAt: '2026-11-20T00:00:00Z',
  };
  function stubChat() {
    // jsdom has no scrolling; the conversation scrolls to its newest message.
    Element.prototype.scrollIntoView = vi.fn();
    return stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      const p = path(url);
      if (method === 'GET' && p === `/missions/${missionId}`)
        return { status: 200, body: { data: mission({ role: 'collaborator' }) } };
      if (method === 'GET' && p === `/missions/${missionId}/tasks`)
        return {
          status: 200,
          body: {
            data: [
              task(1, 'Buy filters', 'todo', me),
              task(2, 'Dig the well', 'in_progress', me),
              task(3, 'Old survey', 'done', me),
              task(4, 'Call the council', 'todo', owner),
            ],
          },
        };
      if (method === 'GET' && p.startsWith(`/chats/${chatId}/messages`))
        return { status: 200, body: { data: { chat, messages: [] }, meta: { nextCursor: null } } };
      if (p.startsWith('/missions/'))
        return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
      return signedIn()(url);
    });
  }

  it('asks for the mission named by the alert, never for a mission by the chat id, and pins my open tasks', async () => {
    const calls = stubChat();
    renderApp(`/chat/${chatId}?mission=${missionId}`);
    const pin = await screen.findByRole('region', { name: 'Your tasks in this mission' }, { timeout: 5000 });
    expect(within(pin).getByText('Buy filters')).toBeInTheDocument();
    expect(within(pin).getByText('· To do')).toBeInTheDocument();
    expect(within(pin).getByText('Dig the well')).toBeInTheDocument();
    expect(within(pin).getByText('· In progress')).toBeInTheDocument();
    // Done tasks and other people's are not mine to act on.
    expect(within(pin).queryByText('Old survey')).not.toBeInTheDocument();
    expect(within(pin).queryByText('Call the council')).not.toBeInTheDocument();
    expect(within(pin).getByRole('link', { name: "See the mission's tasks" })).toHaveAttribute(
      'href',
      `/missions/${missionId}`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clean water for Tamale' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => path(c.url) === `/missions/${chatId}`)).toBe(false);
  });

  it('still opens the chat from an alert link of old (no mission named)', async () => {
    stubChat();
    renderApp(`/chat/${chatId}`);
    expect(await screen.findByText('No messages yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Clean water for Tamale' })).toBeInTheDocument();
  });
});
