import type { ChatRequest } from '@muster/contract/chats';
import type { JoinRequest } from '@muster/contract/missions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const card = (id: string, first: string, last: string) => ({
  _id: id,
  username: first.toLowerCase(),
  firstName: first,
  lastName: last,
  headline: '',
  profilePicture: '/avatar.png',
});
const kofi = card('01a20000-0000-7000-8000-0000000000c1', 'Kofi', 'Boateng');
const amara = card('01a20000-0000-7000-8000-0000000000c2', 'Amara', 'Diallo');
const yaw = card('01a20000-0000-7000-8000-0000000000c3', 'Yaw', 'Asante');
const chatId = '01a20000-0000-7000-8000-0000000000f3';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const request = (id: string, sender: typeof kofi, message: string): ChatRequest => ({
  _id: id,
  sender,
  message,
  createdAt: hoursAgo(3),
});
const joinRequest: JoinRequest = {
  _id: 'j1',
  mission: { _id: '01a20000-0000-7000-8000-0000000000a1', title: 'Paint the school', photo: '' },
  user: yaw,
  role: 'collaborator',
  message: 'I can paint',
  createdAt: hoursAgo(1),
};

/** /requests' calls, answered from mutable lists so an answer changes what the next read sees. */
function requests(state: { chat: ChatRequest[]; join: JoinRequest[] }) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.replace('/api/v1', '');
    if (method === 'GET' && path === '/chats/requests') return { status: 200, body: { data: state.chat } };
    if (method === 'GET' && path === '/chats/join-requests')
      return { status: 200, body: { data: state.join } };
    const answer = /^\/chats\/requests\/([^/]+)\/(accept|decline)$/.exec(path);
    if (method === 'PUT' && answer) {
      state.chat = state.chat.filter((r) => r._id !== answer[1]);
      return answer[2] === 'accept' ? { status: 200, body: { data: { chatId } } } : { status: 204 };
    }
    if (method === 'GET' && path === `/chats/${chatId}/messages`) {
      return {
        status: 200,
        body: {
          data: {
            chat: {
              _id: chatId,
              kind: 'direct',
              otherUser: kofi,
              mission: null,
              lastMessage: null,
              unreadCount: 0,
              updatedAt: hoursAgo(0),
            },
            messages: [],
          },
          meta: { nextCursor: null },
        },
      };
    }
    return signedIn()(url);
  });
}

describe('/requests', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('lists message requests (who, what, when) above mission join requests', async () => {
    requests({ chat: [request('r1', kofi, 'Can I borrow your ladder?')], join: [joinRequest] });
    renderApp('/requests');
    const messages = await screen.findByRole('region', { name: 'Message requests' }, { timeout: 20_000 });
    const join = screen.getByRole('region', { name: 'Mission join requests' });
    expect(messages.compareDocumentPosition(join) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const row = (await within(messages).findByText('Can I borrow your ladder?')).closest('li')!;
    expect(within(row).getByRole('link', { name: /Kofi Boateng/ })).toHaveAttribute('href', '/profile/kofi');
    expect(within(row).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: "Accept Kofi Boateng's message" })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: "Decline Kofi Boateng's message" })).toBeInTheDocument();
    expect(await within(join).findByText('Yaw Asante')).toBeInTheDocument();
    expect(within(join).getByRole('link', { name: 'Paint the school' })).toHaveAttribute(
      'href',
      '/missions/01a20000-0000-7000-8000-0000000000a1',
    );
    expect(within(join).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('accepting opens the conversation', async () => {
    const calls = requests({ chat: [request('r1', kofi, 'Can I borrow your ladder?')], join: [] });
    const router = renderApp('/requests');
    await userEvent.click(
      await screen.findByRole('button', { name: "Accept Kofi Boateng's message" }, { timeout: 20_000 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${chatId}`));
    expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/chats/requests/r1/accept'))).toBe(true);
  });

  it('declining removes the request and says so; the others stay', async () => {
    requests({
      chat: [request('r1', kofi, 'Can I borrow your ladder?'), request('r2', amara, 'Want to team up?')],
      join: [],
    });
    renderApp('/requests');
    const messages = await screen.findByRole('region', { name: 'Message requests' }, { timeout: 20_000 });
    await userEvent.click(
      await within(messages).findByRole('button', { name: "Decline Kofi Boateng's message" }),
    );
    expect(await screen.findByText('Request declined')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(messages).queryByText('Can I borrow your ladder?')).not.toBeInTheDocument(),
    );
    expect(within(messages).getByText('Want to team up?')).toBeInTheDocument();
  });

  it('says what waits here when there are no requests, and where to choose who may message me', async () => {
    requests({ chat: [], join: [] });
    renderApp('/requests');
    expect(await screen.findByText('No message requests', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(
      screen.getByText(/When someone outside your network messages you, it waits here until you accept/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose who can message you' })).toHaveAttribute(
      'href',
      '/privacy-settings',
    );
    expect(await screen.findByText('No join requests')).toBeInTheDocument();
  });
});
