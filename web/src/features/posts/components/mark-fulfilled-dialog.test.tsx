import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const postId = '01a20000-0000-7000-8000-0000000000e1';
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const ama = {
  _id: '01a20000-0000-7000-8000-0000000000b2',
  username: 'ama',
  firstName: 'Ama',
  lastName: 'Mensah',
  headline: '',
  profilePicture: '/avatar.png',
};
const yaw = {
  _id: '01a20000-0000-7000-8000-0000000000b3',
  username: 'yaw',
  firstName: 'Yaw',
  lastName: 'Asante',
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
const post = (over: Record<string, unknown> = {}) => ({
  _id: postId,
  kind: 'need',
  author: me,
  title: 'Need a pram',
  content: 'For my newborn, this weekend.',
  category: null,
  status: 'open',
  expiresAt: null,
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
  offerCount: 2,
  offeredBy: [kofi, ama],
  helpers: [],
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
  ...over,
});
const path = (url: string) => url.replace('/api/v1', '');

describe('Mark fulfilled', () => {
  it('shows who offered, lets the author credit some of them, and sends status fulfilled with creditedIds', async () => {
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'PATCH' && p === `/posts/${postId}`)
        return { status: 200, body: { data: post({ status: 'fulfilled', helpers: [kofi] }) } };
      if (p === `/posts/${postId}`) return { status: 200, body: { data: post() } };
      return signedIn()(url);
    });
    renderApp(`/post/${postId}`);
    const card = (await screen.findByText('For my newborn, this weekend.', {}, { timeout: 20_000 })).closest(
      'article',
    )!;
    expect(within(card).getByText('2 offers')).toBeInTheDocument();
    expect(within(card).getByText('Offered by')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Kofi Boateng' })).toHaveAttribute('href', '/profile/kofi');
    expect(within(card).queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Mark fulfilled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark fulfilled' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Kofi Boateng' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Ama Mensah' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark fulfilled' }));
    expect(await screen.findByText('Marked as fulfilled')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      status: 'fulfilled',
      creditedIds: [kofi._id],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark fulfilled' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(/Fulfilled with help from/)).toBeInTheDocument();
  });

  it('still closes a need nobody offered on, crediting no one', async () => {
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'PATCH' && p === `/posts/${postId}`)
        return { status: 200, body: { data: post({ status: 'fulfilled', offeredBy: [], offerCount: 0 }) } };
      if (p === `/posts/${postId}`)
        return { status: 200, body: { data: post({ offeredBy: [], offerCount: 0 }) } };
      return signedIn()(url);
    });
    renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark fulfilled' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark fulfilled' });
    expect(within(dialog).getByText(/Nobody has offered help on it yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark fulfilled' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'fulfilled', creditedIds: [] }),
    );
  });
});

describe('post card offer lines', () => {
  it('credits the helpers by name, and labels a public post in the home feed', async () => {
    const theirs = post({
      author: kofi,
      status: 'fulfilled',
      offeredBy: [],
      helpers: [ama, yaw, me],
      via: 'public',
    });
    stubApi((url) =>
      path(url).startsWith('/posts/feed')
        ? { status: 200, body: { data: [theirs], meta: { nextCursor: null } } }
        : signedIn()(url),
    );
    renderApp('/');
    const card = (await screen.findByText('For my newborn, this weekend.', {}, { timeout: 20_000 })).closest(
      'article',
    )!;
    expect(within(card).getByText(/Fulfilled with help from/)).toHaveTextContent(
      'Fulfilled with help from Ama Mensah, Yaw Asante and Ada Okafor',
    );
    expect(within(card).getByRole('link', { name: 'Yaw Asante' })).toHaveAttribute('href', '/profile/yaw');
    expect(within(card).getByText('Recent on Muster')).toBeInTheDocument();
    expect(within(card).queryByText('Offered by')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();
  });
});
