import type { Post } from '@muster/contract/posts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi, userFixture } from '../test/render';

/** A "Still needed?" notice (issue 16) is answered from its row: Keep open, or Mark fulfilled. */

const postId = '01a20000-0000-7000-8000-0000000000a7';
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
    title: 'Insulin in Tacloban',
    content: 'Two pens a week.',
    category: 'Medical supplies',
    expiresAt: new Date(Date.now() + 2 * DAY).toISOString(),
    offerCount: 1,
    offeredBy: [kofi],
    ...over,
  });
const notice = {
  _id: '01a20000-0000-7000-8000-0000000000n1',
  type: 'stillNeeded',
  subType: null,
  slideType: null,
  typeTask: null,
  read: false,
  createdAt: new Date().toISOString(),
  message: 'Still needed? Expires in 3 days: “Insulin in Tacloban”',
  sender: null,
  commentContent: null,
  replyContent: null,
  relatedPost: { _id: postId, image: null, content: null },
  relatedUser: null,
  relatedMission: null,
  chat: null,
};
const path = (url: string) => url.replace(/^.*\/api\/v1/, '');

function api() {
  return stubApi((url, init) => {
    const p = path(url);
    if (p === '/notifications' && (init?.method ?? 'GET') === 'GET')
      return { status: 200, body: { data: [notice] } };
    if (init?.method === 'POST' && p === `/posts/${postId}/keep-open`)
      return {
        status: 200,
        body: { data: need({ expiresAt: new Date(Date.now() + 30 * DAY).toISOString() }) },
      };
    if (init?.method === 'PATCH' && p === `/posts/${postId}`)
      return { status: 200, body: { data: need({ status: 'fulfilled', helpers: [kofi] }) } };
    if (p === `/posts/${postId}`) return { status: 200, body: { data: need() } };
    return signedIn()(url);
  });
}

async function row() {
  renderApp('/notifications');
  const text = await screen.findByText(
    'Still needed? Expires in 3 days: “Insulin in Tacloban”',
    {},
    { timeout: 20_000 },
  );
  return text.closest('li')!;
}

describe('the "Still needed?" notification', () => {
  it('keeps the need open for another 30 days', async () => {
    const calls = api();
    const li = await row();
    const answers = await within(li).findByRole('group', { name: 'Still needed?' });
    await userEvent.click(within(answers).getByRole('button', { name: 'Keep open' }));
    expect(await screen.findByText('Kept open: expires in 30 days')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/keep-open'))?.body).toEqual({});
    // Kept open: the row says until when instead of asking again.
    expect(await within(li).findByText('Open · expires in 30 days')).toBeInTheDocument();
    expect(within(li).queryByRole('button', { name: 'Keep open' })).not.toBeInTheDocument();
  });

  it('marks it fulfilled, crediting who helped, and then says so', async () => {
    const calls = api();
    const li = await row();
    await userEvent.click(await within(li).findByRole('button', { name: 'Mark fulfilled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark fulfilled' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Kofi Boateng' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark fulfilled' }));
    expect(await screen.findByText('Marked as fulfilled')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      status: 'fulfilled',
      creditedIds: [kofi._id],
    });
    await waitFor(() => expect(within(li).getByText('Fulfilled')).toBeInTheDocument());
    expect(within(li).queryByRole('button', { name: 'Mark fulfilled' })).not.toBeInTheDocument();
  });

  it('offers no answers on other notifications', async () => {
    stubApi((url, init) => {
      if (path(url) === '/notifications' && (init?.method ?? 'GET') === 'GET')
        return {
          status: 200,
          body: { data: [{ ...notice, type: 'systemNotification', message: 'Welcome to Muster!' }] },
        };
      return signedIn()(url);
    });
    renderApp('/notifications');
    const li = (await screen.findByText('Welcome to Muster!', {}, { timeout: 20_000 })).closest('li')!;
    expect(within(li).queryByRole('group')).not.toBeInTheDocument();
    expect(within(li).queryByRole('button', { name: 'Keep open' })).not.toBeInTheDocument();
  });
});
