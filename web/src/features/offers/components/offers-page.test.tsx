import type { Offer } from '@muster/contract/offers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const postId = '01a20000-0000-7000-8000-0000000000e1';
const missionId = '01a20000-0000-7000-8000-0000000000a1';
const chatId = '01a20000-0000-7000-8000-0000000000f1';
const offer = (over: Partial<Offer> = {}): Offer => ({
  _id: '01a20000-0000-7000-8000-0000000000d1',
  status: 'pending',
  message: 'I have a spare pram',
  give: 'A pram',
  when: 'Saturday morning',
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  decidedAt: null,
  box: 'received',
  person: kofi,
  post: {
    _id: postId,
    kind: 'need',
    title: 'Need a pram',
    excerpt: 'For my newborn',
    category: null,
    status: 'open',
  },
  mission: null,
  ...over,
});
const chat = {
  _id: chatId,
  kind: 'direct',
  otherUser: kofi,
  mission: null,
  lastMessage: null,
  unreadCount: 0,
  updatedAt: new Date().toISOString(),
};
const path = (url: string) => url.replace('/api/v1', '');
const page = (data: Offer[], nextCursor: string | null = null) => ({
  status: 200,
  body: { data, meta: { nextCursor } },
});

describe('/offers', () => {
  // Accepting lands on the chat page, which scrolls to its newest message; jsdom has no scrolling.
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('lists received offers with their need, person, message, give/when and status, and switches to Made with the arrow keys', async () => {
    const calls = stubApi((url) => {
      const p = path(url);
      if (p.startsWith('/offers?box=received')) return page([offer()]);
      if (p.startsWith('/offers?box=made'))
        return page([
          offer({
            _id: 'made-1',
            box: 'made',
            message: 'I can paint',
            give: '',
            when: '',
            post: null,
            mission: { _id: missionId, title: 'Paint the school', photo: '' },
          }),
        ]);
      return signedIn()(url);
    });
    renderApp('/offers');
    const received = await screen.findByRole('tab', { name: 'Received' }, { timeout: 20_000 });
    expect(received).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('I have a spare pram')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Need a pram' })).toHaveAttribute(
      'href',
      `/post/${postId}`,
    );
    expect(within(panel).getAllByRole('link', { name: 'Kofi Boateng' })[0]).toHaveAttribute(
      'href',
      '/profile/kofi',
    );
    expect(within(panel).getByText('A pram')).toBeInTheDocument();
    expect(within(panel).getByText('Saturday morning')).toBeInTheDocument();
    expect(within(panel).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(panel).getByRole('listitem')).toHaveTextContent('Status: Pending');
    expect(within(panel).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Message' })).toBeInTheDocument();

    received.focus();
    await userEvent.keyboard('{ArrowRight}');
    const made = screen.getByRole('tab', { name: 'Made' });
    expect(made).toHaveAttribute('aria-selected', 'true');
    expect(made).toHaveFocus();
    expect(await screen.findByText('I can paint')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paint the school' })).toHaveAttribute(
      'href',
      `/missions/${missionId}`,
    );
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(calls.some((c) => path(c.url) === '/offers?box=made')).toBe(true);
  });

  it('says under its heading what the page holds, in plain words', async () => {
    stubApi((url) => (path(url).startsWith('/offers?') ? page([]) : signedIn()(url)));
    renderApp('/offers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Offers' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Offers of help on your needs and missions, and the help you've offered others."),
    ).toBeInTheDocument();
  });

  it('filters by status with the chips', async () => {
    const calls = stubApi((url) => {
      const p = path(url);
      if (p === '/offers?box=received&status=accepted')
        return page([offer({ status: 'accepted', message: 'Accepted one' })]);
      if (p.startsWith('/offers?')) return page([offer()]);
      return signedIn()(url);
    });
    renderApp('/offers');
    await screen.findByText('I have a spare pram', {}, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Accepted' }));
    expect(await screen.findByText('Accepted one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accepted' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(calls.some((c) => path(c.url) === '/offers?box=received&status=accepted')).toBe(true);
  });

  it('accepts an offer, marks the need fulfilled crediting the helper, and opens the chat', async () => {
    const calls = stubApi((url, init) => {
      const p = path(url);
      const method = init?.method ?? 'GET';
      if (method === 'PUT' && p === `/offers/${offer()._id}/accept`)
        return { status: 200, body: { data: { offer: offer({ status: 'accepted' }), chatId } } };
      if (method === 'PATCH' && p === `/posts/${postId}`) return { status: 200, body: { data: {} } };
      if (method === 'GET' && p === `/chats/${chatId}/messages`)
        return { status: 200, body: { data: { chat, messages: [] }, meta: { nextCursor: null } } };
      if (method === 'PUT' && p === `/chats/${chatId}/read`) return { status: 204 };
      if (p.startsWith('/offers?')) return page([offer()]);
      return signedIn()(url);
    });
    const router = renderApp('/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    await userEvent.click(within(dialog).getByLabelText(/This covers my need/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${chatId}`));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      status: 'fulfilled',
      creditedIds: [kofi._id],
    });
    expect(await screen.findByText(/Offer accepted/)).toBeInTheDocument();
    // The chat it opens is the one with the helper.
    expect(await screen.findByRole('heading', { name: 'Kofi Boateng' })).toBeInTheDocument();
  });

  it('shows a helper on another server with their server, no chat, and accepts staying here', async () => {
    // Decision 090: their actor URL is the id, user@host the username, and no chat opens.
    const zoe = {
      _id: 'https://social.example/users/zoe',
      username: 'zoe@social.example',
      firstName: 'Zoe Remote',
      lastName: '',
      headline: '',
      profilePicture: '/avatar.png',
      verifiedOrg: null,
      server: 'social.example',
    };
    const remote = offer({ person: zoe, message: 'I can drive it over' });
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'PUT' && p === `/offers/${remote._id}/accept`)
        return { status: 200, body: { data: { offer: { ...remote, status: 'accepted' }, chatId: null } } };
      if (p.startsWith('/offers?')) return page([remote]);
      return signedIn()(url);
    });
    const router = renderApp('/offers');
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 20_000 });
    expect(await within(panel).findByText('I can drive it over')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Zoe Remote' })).toHaveAttribute(
      'href',
      'https://social.example/users/zoe',
    );
    expect(within(panel).getByText('social.example')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveTextContent("Zoe Remote is on social.example: they'll hear of it there.");
    // Crediting names people here only: no "covers my need" for her.
    expect(within(dialog).queryByLabelText(/This covers my need/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Offer accepted. Zoe Remote will hear of it on social.example.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/offers');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('declines after confirming', async () => {
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'PUT' && p === `/offers/${offer()._id}/decline`)
        return { status: 200, body: { data: offer({ status: 'declined' }) } };
      if (p.startsWith('/offers?')) return page([offer()]);
      return signedIn()(url);
    });
    renderApp('/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this offer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && path(c.url).endsWith('/decline'))).toBe(true);
  });

  it('withdraws an offer I made with DELETE', async () => {
    const made = offer({ box: 'made' });
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'DELETE' && p === `/offers/${made._id}`)
        return { status: 200, body: { data: { ...made, status: 'withdrawn' } } };
      if (p.startsWith('/offers?box=made')) return page([made]);
      if (p.startsWith('/offers?')) return page([]);
      return signedIn()(url);
    });
    renderApp('/offers');
    await userEvent.click(await screen.findByRole('tab', { name: 'Made' }, { timeout: 20_000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw your offer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows the empty states with a next step, and loads more pages', async () => {
    stubApi((url) => {
      const p = path(url);
      if (p.startsWith('/offers?box=received&cursor=c2'))
        return page([offer({ _id: 'second', message: 'Second page offer' })]);
      if (p.startsWith('/offers?box=received')) return page([offer()], 'c2');
      if (p.startsWith('/offers?box=made')) return page([]);
      return signedIn()(url);
    });
    renderApp('/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }, { timeout: 20_000 }));
    expect(await screen.findByText('Second page offer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Made' }));
    expect(await screen.findByText("You haven't offered help yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse needs near you' })).toHaveAttribute('href', '/');
  });

  it('says so, with a retry, when the list fails to load', async () => {
    let fail = true;
    stubApi((url) => {
      const p = path(url);
      if (p.startsWith('/offers?'))
        return fail ? { status: 503, body: { message: 'Down', code: 'UNAVAILABLE' } } : page([]);
      return signedIn()(url);
    });
    renderApp('/offers');
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent("Couldn't load your offers.");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No offers yet. Share a need and people can offer to help.'),
    ).toBeInTheDocument();
  });

  it('marks offers read once when there are unread ones', async () => {
    let unread = 2;
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (p === '/notifications/offer-counts')
        return { status: 200, body: { data: { new: unread, mission: 0 } } };
      if (init?.method === 'PUT' && p === '/notifications/mark-offers-read') {
        unread = 0;
        return { status: 200, body: { data: { ok: true } } };
      }
      if (p.startsWith('/offers?')) return page([]);
      return signedIn()(url);
    });
    renderApp('/offers');
    await waitFor(
      () => expect(calls.filter((c) => path(c.url) === '/notifications/mark-offers-read')).toHaveLength(1),
      { timeout: 20_000 },
    );
    // The shell's badge clears (it showed 2 before).
    await waitFor(() => expect(screen.queryAllByTestId('badge-Unread offers')).toHaveLength(0));
    expect(calls.filter((c) => path(c.url) === '/notifications/mark-offers-read')).toHaveLength(1);
  });
});
