import { offerPrefill } from '@muster/contract/offers';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
  author: kofi,
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
  offerCount: 0,
  offeredBy: [],
  helpers: [],
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
  ...over,
});
const path = (url: string) => url.replace('/api/v1', '');
const offer = {
  _id: 'o1',
  status: 'pending',
  message: 'x',
  give: '',
  when: '',
  createdAt: '2026-11-20T00:00:00Z',
  decidedAt: null,
  box: 'made',
  person: kofi,
  post: null,
  mission: null,
};

describe('Offer help on a need', () => {
  it('starts from the prefilled message, says Sending... while it sends, and then Offer sent', async () => {
    let answer: (() => void) | undefined;
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'POST' && p === `/posts/${postId}/offers`)
        return new Promise((resolve) => (answer = () => resolve({ status: 201, body: { data: offer } })));
      if (p === `/posts/${postId}`)
        return { status: 200, body: { data: post({ offerCount: answer ? 1 : 0 }) } };
      return signedIn()(url);
    });
    renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Offer help' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer help' });
    const message = within(dialog).getByLabelText('Message');
    expect(message).toHaveValue(offerPrefill({ title: 'Need a pram', content: '' }));
    await userEvent.type(within(dialog).getByLabelText(/What you can give/), 'A spare pram');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      message: offerPrefill({ title: 'Need a pram', content: '' }),
      give: 'A spare pram',
    });
    answer!();
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer help' })).not.toBeInTheDocument());
    expect(await screen.findByText('1 offer')).toBeInTheDocument();
    // Offered once: the card says so, and leads to Offers rather than to a second form.
    expect(screen.queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Offered' })).toHaveAttribute('href', '/offers');
  });

  it('offers help again once my offer is withdrawn', async () => {
    const made = {
      ...offer,
      post: { _id: postId, kind: 'need', title: 'Need a pram', excerpt: '', category: null, status: 'open' },
    };
    stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'POST' && p === `/posts/${postId}/offers`)
        return { status: 201, body: { data: offer } };
      if (init?.method === 'DELETE' && p === `/offers/${offer._id}`)
        return { status: 200, body: { data: { ...made, status: 'withdrawn' } } };
      if (p.startsWith('/offers?box=made'))
        return { status: 200, body: { data: [made], meta: { nextCursor: null } } };
      if (p === `/posts/${postId}`) return { status: 200, body: { data: post() } };
      return signedIn()(url);
    });
    const router = renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Offer help' }, { timeout: 20_000 }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Offer help' })).getByRole('button', {
        name: 'Send offer',
      }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Offered' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Made' }, { timeout: 20_000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Withdraw your offer?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument();
    await router.navigate(`/post/${postId}`);
    expect(
      await screen.findByRole('button', { name: 'Offer help' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Offered' })).not.toBeInTheDocument();
  });

  it('keeps an empty message from being sent', async () => {
    const calls = stubApi((url) =>
      path(url) === `/posts/${postId}` ? { status: 200, body: { data: post() } } : signedIn()(url),
    );
    renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Offer help' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer help' });
    await userEvent.clear(within(dialog).getByLabelText('Message'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('Say how you can help')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says so clearly when I already offered (409), keeping what I typed, and the card then says Offered', async () => {
    stubApi((url, init) => {
      const p = path(url);
      if (init?.method === 'POST' && p === `/posts/${postId}/offers`)
        return { status: 409, body: { message: 'Conflict', code: 'CONFLICT' } };
      if (p === `/posts/${postId}`) return { status: 200, body: { data: post() } };
      return signedIn()(url);
    });
    renderApp(`/post/${postId}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Offer help' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer help' });
    await userEvent.type(within(dialog).getByLabelText(/What you can give/), 'Two hours on Saturday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('You have already offered help here')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'You have already offered help on this. Your offer is under Made in Offers.',
    );
    expect(within(dialog).getByLabelText(/What you can give/)).toHaveValue('Two hours on Saturday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('link', { name: 'Offered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();
  });

  it('is not offered on my own need, on a fulfilled one, or on a general post', async () => {
    for (const over of [{ author: me }, { status: 'fulfilled' }, { kind: 'general', status: null }]) {
      stubApi((url) =>
        path(url) === `/posts/${postId}` ? { status: 200, body: { data: post(over) } } : signedIn()(url),
      );
      renderApp(`/post/${postId}`);
      await screen.findByText('For my newborn, this weekend.', {}, { timeout: 20_000 });
      expect(screen.queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();
      cleanup();
    }
  });
});
