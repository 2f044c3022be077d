import type { ChatMessage, ChatSummary } from '@muster/contract/chats';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const chatId = '01a20000-0000-7000-8000-0000000000f1';
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Builder',
  profilePicture: '/avatar.png',
};
const me = {
  _id: userFixture._id,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  headline: 'Logistics',
  profilePicture: '/avatar.png',
};
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

const summary = (over: Partial<ChatSummary> = {}): ChatSummary => ({
  _id: chatId,
  kind: 'direct',
  otherUser: kofi,
  mission: null,
  lastMessage: null,
  unreadCount: 0,
  updatedAt: at(5),
  otherLastReadAt: null,
  ...over,
});
const msg = (over: Partial<ChatMessage> & { _id: string }): ChatMessage => ({
  chatId,
  sender: kofi,
  message: 'Hello',
  createdAt: at(10),
  clientMessageId: null,
  ...over,
});

type Answer = { status: number; body?: unknown };
const path = (url: string) => url.replace('/api/v1', '');

/** The conversation's calls; `post` answers each send (it may hold the answer back). */
function conversation({
  chat = summary(),
  messages = [] as ChatMessage[],
  post,
}: {
  chat?: ChatSummary;
  messages?: ChatMessage[];
  post?: (body: { message: string; clientMessageId: string }) => Answer | Promise<Answer>;
} = {}) {
  return stubApi((url, init) => {
    const p = path(url);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && p === `/chats/${chatId}/messages`)
      return { status: 200, body: { data: { chat, messages }, meta: { nextCursor: null } } };
    if (method === 'GET' && p === '/chats') return { status: 200, body: { data: [chat] } };
    if (method === 'PUT' && p === `/chats/${chatId}/read`) return { status: 204 };
    if (method === 'POST' && p === `/chats/${chatId}/messages` && post)
      return post(JSON.parse(String(init?.body)));
    return signedIn()(url);
  });
}

const sent = (body: { message: string; clientMessageId: string }, id = 'm-server'): Answer => ({
  status: 200,
  body: {
    data: msg({
      _id: id,
      sender: me,
      message: body.message,
      createdAt: new Date().toISOString(),
      clientMessageId: body.clientMessageId,
    }),
  },
});

async function write(text: string) {
  const box = await screen.findByRole('textbox', { name: 'Write a message' }, { timeout: 20_000 });
  await waitFor(() => expect(box).toBeEnabled());
  await userEvent.type(box, `${text}{Enter}`);
}

describe('/chats/{chatId}', () => {
  // The conversation scrolls to its newest message; jsdom has no scrolling.
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('shows my message at once as Sending..., offers Retry when it fails, and retries with the same clientMessageId', async () => {
    let answer: (a: Answer) => void = () => {};
    let tries = 0;
    const calls = conversation({
      post: (body) => {
        tries++;
        return tries === 1 ? new Promise<Answer>((resolve) => (answer = resolve)) : sent(body);
      },
    });
    renderApp(`/chats/${chatId}`);
    await write('On my way');

    const list = screen.getByRole('list');
    expect(within(list).getByText('On my way')).toBeInTheDocument();
    expect(within(list).getByText('Sending...')).toBeInTheDocument();
    // The composer is free at once for the next message.
    expect(screen.getByRole('textbox', { name: 'Write a message' })).toHaveValue('');

    answer({ status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } });
    expect(await within(list).findByText('Not sent')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(within(list).queryByText('Not sent')).not.toBeInTheDocument());
    await waitFor(() => expect(within(list).queryByText('Sending...')).not.toBeInTheDocument());
    expect(within(list).getAllByText('On my way')).toHaveLength(1);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const first = posts[0]?.body as { clientMessageId: string };
    expect(first.clientMessageId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(posts[1]?.body).toEqual({ message: 'On my way', clientMessageId: first.clientMessageId });
  });

  it("shows my message once though the socket's echo comes before the send's answer", async () => {
    let answer: (a: Answer) => void = () => {};
    let body: { message: string; clientMessageId: string } = { message: '', clientMessageId: '' };
    conversation({
      post: (b) => {
        body = b;
        return new Promise<Answer>((resolve) => (answer = resolve));
      },
    });
    renderApp(`/chats/${chatId}`);
    await write('On my way');
    await FakeWebSocket.accept();

    const echo = sent(body, 'm-server').body as { data: ChatMessage };
    FakeWebSocket.latest.receive({ type: 'message.created', data: echo.data });
    const list = screen.getByRole('list');
    await waitFor(() => expect(within(list).queryByText('Sending...')).not.toBeInTheDocument());
    expect(within(list).getAllByText('On my way')).toHaveLength(1);

    answer(sent(body, 'm-server'));
    FakeWebSocket.latest.receive({ type: 'message.created', data: echo.data });
    // Give the answer and the second echo time to land: still one.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(list).getAllByText('On my way')).toHaveLength(1);
    expect(within(list).queryByText('Sending...')).not.toBeInTheDocument();
  });

  it("adds someone else's message from the socket once, however often it is heard, and marks it read while on screen", async () => {
    const calls = conversation({ messages: [msg({ _id: 'm1', message: 'Are you coming?' })] });
    renderApp(`/chats/${chatId}`);
    expect(await screen.findByText('Are you coming?', {}, { timeout: 20_000 })).toBeInTheDocument();
    await FakeWebSocket.accept();
    // Opened with nothing unread: nothing to mark.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    const listFetches = () => calls.filter((c) => c.method === 'GET' && path(c.url) === '/chats').length;
    const before = listFetches();

    const news = msg({ _id: 'm2', message: 'Bring the ladder', createdAt: new Date().toISOString() });
    FakeWebSocket.latest.receive({ type: 'message.created', data: news });
    FakeWebSocket.latest.receive({ type: 'message.created', data: news });
    expect(await screen.findAllByText('Bring the ladder')).toHaveLength(1);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && path(c.url) === `/chats/${chatId}/read`)).toHaveLength(
        1,
      ),
    );
    // The list (order, unread counts, the badge) refetches.
    await waitFor(() => expect(listFetches()).toBeGreaterThan(before));
  });

  it('marks the conversation read when it opens with unread messages', async () => {
    const calls = conversation({
      chat: summary({ unreadCount: 2 }),
      messages: [msg({ _id: 'm1', message: 'Are you coming?' })],
    });
    renderApp(`/chats/${chatId}`);
    await waitFor(
      () =>
        expect(
          calls.filter((c) => c.method === 'PUT' && path(c.url) === `/chats/${chatId}/read`),
        ).toHaveLength(1),
      { timeout: 20_000 },
    );
  });

  it('says Seen under my last message once the other person has read up to it, and moves it when they read', async () => {
    const mine = msg({ _id: 'm2', sender: me, message: 'See you at 5', createdAt: at(8) });
    conversation({
      chat: summary({ otherLastReadAt: at(9) }),
      messages: [mine, msg({ _id: 'm1', message: 'Are you coming?' })],
    });
    renderApp(`/chats/${chatId}`);
    expect(await screen.findByText('See you at 5', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();

    await FakeWebSocket.accept();
    FakeWebSocket.latest.receive({ type: 'chat.read', data: { chatId, userId: kofi._id, readAt: at(1) } });
    const item = screen.getByText('See you at 5').closest('li')!;
    expect(await within(item).findByText('Seen')).toBeInTheDocument();
  });

  it('shows Seen straight away when the chat says they read it, only under my last message', async () => {
    conversation({
      chat: summary({ otherLastReadAt: at(1) }),
      messages: [
        msg({ _id: 'm3', sender: me, message: 'Second', createdAt: at(3) }),
        msg({ _id: 'm2', sender: me, message: 'First', createdAt: at(4) }),
      ],
    });
    renderApp(`/chats/${chatId}`);
    const second = (await screen.findByText('Second', {}, { timeout: 20_000 })).closest('li')!;
    expect(within(second).getByText('Seen')).toBeInTheDocument();
    expect(screen.getAllByText('Seen')).toHaveLength(1);
  });

  it('says a message to someone who takes messages only from connections went as a request (202)', async () => {
    conversation({
      post: () => ({
        status: 202,
        body: {
          data: {
            request: {
              _id: 'r1',
              recipientId: kofi._id,
              status: 'pending',
              createdAt: new Date().toISOString(),
            },
          },
        },
      }),
    });
    renderApp(`/chats/${chatId}`);
    await write('Can I borrow your van?');
    expect(await screen.findByText('Message request sent')).toBeInTheDocument();
    const item = screen.getByText('Can I borrow your van?').closest('li')!;
    expect(within(item).getByText('Request sent')).toBeInTheDocument();
    expect(within(item).getByText(/They will see it when they accept/)).toBeInTheDocument();
  });

  it('a chat an accepted offer opened links back to the needs it is about (decision 052)', async () => {
    const need = '01a20000-0000-7000-8000-0000000000c1';
    const other = '01a20000-0000-7000-8000-0000000000c2';
    conversation({
      chat: summary({
        about: [
          { postId: need, title: 'Two vans to Umlazi' },
          { postId: other, title: 'Blankets for the hall' },
        ],
      }),
      messages: [msg({ _id: 'm1', message: 'I can drive one van.' })],
    });
    renderApp(`/chats/${chatId}`);
    const pin = await screen.findByRole('region', { name: 'What this chat is about' });
    const items = within(pin).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'About: Two vans to Umlazi',
      'About: Blankets for the hall',
    ]);
    expect(within(pin).getByRole('link', { name: 'Two vans to Umlazi' })).toHaveAttribute(
      'href',
      `/post/${need}`,
    );
  });

  it('a chat no offer opened pins nothing', async () => {
    conversation({ messages: [msg({ _id: 'm1', message: 'Hello there' })] });
    renderApp(`/chats/${chatId}`);
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What this chat is about' })).not.toBeInTheDocument();
  });
});
