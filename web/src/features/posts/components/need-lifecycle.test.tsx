import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Post } from '@muster/contract/posts';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../../../test/render';
import { expiryLabel, mayKeepOpen } from './need-lifecycle';

/** How a need that closes shows on its card (issue 16). */

const postId = '01a20000-0000-7000-8000-0000000000d4';
const DAY = 86_400_000;
const me = {
  _id: userFixture._id,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Okafor',
  headline: '',
  profilePicture: '/avatar.png',
};
const kofi = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'kofi',
  firstName: 'Kofi',
  lastName: 'Boateng',
  headline: '',
  profilePicture: '/avatar.png',
};
const need = (over: Partial<Post> = {}) =>
  postFixture({
    _id: postId,
    author: me,
    title: 'A generator',
    content: 'For the clinic in Cebu.',
    category: 'Power',
    expiresAt: new Date(Date.now() + 12 * DAY - 60_000).toISOString(),
    ...over,
  });
const path = (url: string) => url.replace(/^.*\/api\/v1/, '');

async function card(post: Record<string, unknown>, answer?: Record<string, unknown>) {
  const calls = stubApi((url, init) => {
    const p = path(url);
    if (init?.method === 'POST' && p === `/posts/${postId}/keep-open`)
      return { status: 200, body: { data: answer } };
    if (p === `/posts/${postId}`) return { status: 200, body: { data: post } };
    return signedIn()(url);
  });
  renderApp(`/post/${postId}`);
  return {
    calls,
    article: (await screen.findByText(String(post.content), {}, { timeout: 20_000 })).closest('article')!,
  };
}

describe('a need on its card', () => {
  it('tells its author how long it stays open', async () => {
    const { article } = await card(need());
    expect(within(article).getByText(/Open · expires in 12 days/)).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Keep open' })).not.toBeInTheDocument();
  });

  it('shows others only that it is open', async () => {
    const { article } = await card(need({ author: kofi }));
    expect(within(article).getByText('Open')).toBeInTheDocument();
    expect(within(article).queryByText(/expires/)).not.toBeInTheDocument();
  });

  it('lets its author keep it open once it is about to expire', async () => {
    const { calls, article } = await card(
      need({ expiresAt: new Date(Date.now() + 2 * DAY).toISOString() }),
      need({ expiresAt: new Date(Date.now() + 30 * DAY).toISOString() }),
    );
    await userEvent.click(within(article).getByRole('button', { name: 'Keep open' }));
    expect(await screen.findByText('Kept open: expires in 30 days')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/posts/${postId}/keep-open`))).toBe(true);
    expect(await within(article).findByText(/Open · expires in 30 days/)).toBeInTheDocument();
  });

  it('marks an expired need, which its author can open again', async () => {
    const { article } = await card(
      need({ status: 'expired', expiresAt: new Date(Date.now() - DAY).toISOString() }),
      need({ expiresAt: new Date(Date.now() + 30 * DAY).toISOString() }),
    );
    expect(within(article).getByText('Expired')).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Mark fulfilled' })).not.toBeInTheDocument();
    await userEvent.click(within(article).getByRole('button', { name: 'Open again' }));
    expect(await screen.findByText('Open again: expires in 30 days')).toBeInTheDocument();
  });

  it('shows an expired need to others as expired, with no offer of help', async () => {
    const { article } = await card(need({ author: kofi, status: 'expired' }));
    expect(within(article).getByText('Expired')).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Open again' })).not.toBeInTheDocument();
  });
});

describe('expiry words', () => {
  it('counts whole days, rounding up', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(expiryLabel('2026-12-13T11:00:00Z', now)).toBe('expires in 12 days');
    expect(expiryLabel('2026-12-02T10:00:00Z', now)).toBe('expires tomorrow');
    expect(expiryLabel('2026-12-01T11:00:00Z', now)).toBe('expires today');
    expect(mayKeepOpen({ kind: 'need', status: 'open', expiresAt: '2026-12-04T11:00:00Z' }, now)).toBe(true);
    expect(mayKeepOpen({ kind: 'need', status: 'open', expiresAt: '2026-12-05T13:00:00Z' }, now)).toBe(false);
    expect(mayKeepOpen({ kind: 'want', status: 'expired', expiresAt: null }, now)).toBe(true);
    expect(mayKeepOpen({ kind: 'need', status: 'fulfilled', expiresAt: '2026-12-02T11:00:00Z' }, now)).toBe(
      false,
    );
    expect(mayKeepOpen({ kind: 'provision', status: null, expiresAt: null }, now)).toBe(false);
  });
});
