import type { Post } from '@muster/contract/posts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';

const ada = {
  _id: userFixture._id,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  headline: 'Logistics',
  profilePicture: '/avatar.png',
};
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};

const post = (id: string, content: string, author = kofi): Post => ({
  _id: id,
  kind: 'general',
  author,
  title: '',
  content,
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
  boostCount: 0,
  likedByMe: false,
  savedByMe: false,
  offerCount: 0,
  offeredBy: [],
  helpers: [],
  hiddenReason: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

const older = post('01a20000-0000-7000-8000-0000000000e1', 'The bridge is open again');
const newer = post('01a20000-0000-7000-8000-0000000000e2', 'Volunteers needed on Saturday');

/** Home whose feed answers `feed()` each time it is asked. */
function home(feed: () => Post[]) {
  return stubApi((url) => {
    const path = url.replace('/api/v1', '');
    if (path === '/posts/feed') return { status: 200, body: { data: feed(), meta: { nextCursor: null } } };
    return signedIn()(url);
  });
}

const feedCalls = (calls: Array<{ url: string }>) =>
  calls.filter((c) => c.url.endsWith('/posts/feed')).length;

describe('the "New posts" pill on home', () => {
  it('appears when a post arrives in my network, and slides it in at the top with the first page only', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    let posts = [older];
    const calls = home(() => posts);
    renderApp('/');
    expect(await screen.findByText('The bridge is open again', {}, { timeout: 20_000 })).toBeInTheDocument();
    await FakeWebSocket.accept();
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();

    // The new post waits behind the pill rather than pushing what I am reading down.
    posts = [newer, older];
    FakeWebSocket.latest.receive({ type: 'post.created', data: { _id: newer._id, authorId: kofi._id } });
    const pill = await screen.findByRole('button', { name: 'New posts' });
    expect(screen.queryByText('Volunteers needed on Saturday')).not.toBeInTheDocument();
    expect(feedCalls(calls)).toBe(1);

    await userEvent.click(pill);
    const arrived = await screen.findByText('Volunteers needed on Saturday');
    expect(
      arrived.compareDocumentPosition(screen.getByText('The bridge is open again')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
    expect(screen.getAllByText('The bridge is open again')).toHaveLength(1);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(feedCalls(calls)).toBe(2);
  });

  it('does not appear for my own posts, or for one the feed already shows', async () => {
    home(() => [older]);
    renderApp('/');
    expect(await screen.findByText('The bridge is open again', {}, { timeout: 20_000 })).toBeInTheDocument();
    await FakeWebSocket.accept();
    FakeWebSocket.latest.receive({
      type: 'post.created',
      data: { _id: '01a20000-0000-7000-8000-0000000000e9', authorId: ada._id },
    });
    FakeWebSocket.latest.receive({ type: 'post.created', data: { _id: older._id, authorId: kofi._id } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
  });

  it('is not offered for posts that arrive while I am elsewhere: home loads them when opened', async () => {
    const calls = home(() => [older]);
    const router = renderApp('/notifications');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0), { timeout: 20_000 });
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'post.created', data: { _id: newer._id, authorId: kofi._id } });
    await router.navigate('/');
    expect(await screen.findByText('The bridge is open again', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
    expect(feedCalls(calls)).toBe(1);
  });
});
