import type { Post } from '@muster/contract/posts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startEarlyGet } from '../../../lib/early-get';
import { renderApp, signedIn, stubApi, userFixture } from '../../../test/render';
import { listUrl } from './post-list-url';

const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: 'Driver',
  profilePicture: '/avatar.png',
};
const post = (id: string, content: string): Post => ({
  _id: id,
  kind: 'general',
  author: kofi,
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

/** Home whose feed answers a different post each time it is asked. */
function home() {
  const answers = [
    post('01a20000-0000-7000-8000-0000000000e1', 'First answer of the feed'),
    post('01a20000-0000-7000-8000-0000000000e2', 'Second answer of the feed'),
  ];
  let asked = 0;
  return stubApi((url) => {
    if (url.endsWith('/posts/feed'))
      return { status: 200, body: { data: [answers[asked++]], meta: { nextCursor: null } } };
    return signedIn()(url);
  });
}

const feedCalls = (calls: Array<{ url: string }>) =>
  calls.filter((c) => c.url.endsWith('/posts/feed')).length;

describe('the home feed asked for at start-up (app/boot.ts)', () => {
  it('is the feed query’s first page: one request, not two', async () => {
    const calls = home();
    startEarlyGet(listUrl({ feed: true }), userFixture._id);
    renderApp('/');
    expect(await screen.findByText('First answer of the feed', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(feedCalls(calls)).toBe(1);
  });

  it('is not shown to someone else signed in by the time home asks', async () => {
    const calls = home();
    startEarlyGet(listUrl({ feed: true }), kofi._id);
    renderApp('/');
    expect(await screen.findByText('Second answer of the feed', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('First answer of the feed')).not.toBeInTheDocument();
    expect(feedCalls(calls)).toBe(2);
  });
});
