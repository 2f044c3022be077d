import type { MyMatches } from '@muster/contract/matching';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { postFixture, renderApp, signedIn, stubApi } from '../../../test/render';

const maria = {
  _id: '01a20000-0000-7000-8000-0000000000b1',
  username: 'maria',
  firstName: 'Maria',
  lastName: 'Santos',
  headline: 'Nurse',
  profilePicture: '/avatar.png',
};
const ana = {
  _id: '01a20000-0000-7000-8000-0000000000b2',
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Cruz',
  headline: '',
  profilePicture: '/avatar.png',
};
const needId = '01a20000-0000-7000-8000-0000000000e1';
const myNeedId = '01a20000-0000-7000-8000-0000000000e2';
const provisionId = '01a20000-0000-7000-8000-0000000000e3';
const myOfferId = '01a20000-0000-7000-8000-0000000000e4';
const at = new Date(Date.now() - 3 * 3_600_000).toISOString();
const postOf = (over: Partial<MyMatches['post']>): MyMatches['post'] => ({
  _id: needId,
  kind: 'need',
  title: '',
  excerpt: '',
  category: null,
  status: 'open',
  createdAt: at,
  ...over,
});

const mine: MyMatches[] = [
  {
    post: postOf({
      _id: myOfferId,
      kind: 'provision',
      title: 'Generator available, Cebu',
      category: 'Energy',
      status: null,
    }),
    matches: [
      {
        post: postOf({
          _id: needId,
          title: 'Need a generator in Cebu',
          excerpt: 'Power is out in our barangay.',
          category: 'Energy',
        }),
        author: ana,
        score: 0.84,
        reasons: { category: 'Energy', words: ['generator'], distanceKm: 3 },
        matchedAt: at,
      },
    ],
  },
  {
    post: postOf({ _id: myNeedId, kind: 'want', title: 'Insulin in Tacloban', category: 'Medical supplies' }),
    matches: [
      {
        post: postOf({
          _id: provisionId,
          kind: 'provision',
          title: 'Insulin and cold packs',
          category: 'Medical supplies',
          status: null,
        }),
        author: maria,
        score: 0.6,
        reasons: { category: null, words: ['insulin', 'cold'], distanceKm: null },
        matchedAt: at,
      },
    ],
  },
  {
    post: postOf({ _id: '01a20000-0000-7000-8000-0000000000e5', title: 'Chainsaw for fallen trees' }),
    matches: [],
  },
];
const need = postFixture({
  _id: needId,
  author: ana,
  title: 'Need a generator in Cebu',
  content: 'Power is out in our barangay.',
  category: 'Energy',
  createdAt: at,
  updatedAt: at,
});
const offer = {
  _id: 'o1',
  status: 'pending',
  message: 'x',
  give: '',
  when: '',
  createdAt: at,
  decidedAt: null,
  box: 'made',
  person: ana,
  post: null,
  mission: null,
};
const path = (url: string) => url.replace('/api/v1', '');

describe('/matches', () => {
  it('shows each of my posts with its matches, why they matched, and offers help on a matching need', async () => {
    const calls = stubApi((url, init) => {
      const p = path(url);
      if (p === '/matches') return { status: 200, body: { data: mine } };
      if (p === `/posts/${needId}`) return { status: 200, body: { data: need } };
      if (init?.method === 'POST' && p === `/posts/${needId}/offers`)
        return { status: 200, body: { data: offer } };
      return signedIn()(url);
    });
    renderApp('/matches');
    expect(
      await screen.findByRole('heading', { name: 'Matches', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();

    const generator = await screen.findByRole('region', { name: 'Generator available, Cebu' });
    expect(within(generator).getByRole('link', { name: 'Need a generator in Cebu' })).toHaveAttribute(
      'href',
      `/post/${needId}`,
    );
    expect(within(generator).getByRole('link', { name: 'Ana Cruz' })).toHaveAttribute('href', '/profile/ana');
    expect(within(generator).getByText('Strong match')).toBeInTheDocument();
    const why = within(generator).getByRole('list', { name: 'Why it matched' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['Same category: Energy', 'Shared words: generator', 'About 3 km apart']);

    // My want is matched with an offer: there is nothing to offer on it, only the offer to see.
    const insulin = screen.getByRole('region', { name: 'Insulin in Tacloban' });
    expect(within(insulin).getByText('Possible match')).toBeInTheDocument();
    expect(within(insulin).getByText('Shared words: insulin, cold')).toBeInTheDocument();
    expect(within(insulin).queryByRole('button', { name: 'Offer help' })).not.toBeInTheDocument();
    expect(within(insulin).getByRole('link', { name: 'View offer' })).toHaveAttribute(
      'href',
      `/post/${provisionId}`,
    );

    expect(
      within(screen.getByRole('region', { name: 'Chainsaw for fallen trees' })).getByText(
        "No matches for this one yet. We'll tell you when one turns up.",
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(generator).getByRole('button', { name: 'Offer help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer help' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offer help' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && path(c.url) === `/posts/${needId}/offers`)).toBe(true);
  });

  it('says what to do when nothing has matched yet', async () => {
    stubApi((url) => (path(url) === '/matches' ? { status: 200, body: { data: [] } } : signedIn()(url)));
    renderApp('/matches');
    expect(
      await screen.findByText('No matches yet — post a need or an offer', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share a need or an offer' })).toHaveAttribute('href', '/');
  });

  it('shows a skeleton while loading', async () => {
    stubApi((url) => (path(url) === '/matches' ? new Promise(() => {}) : signedIn()(url)));
    renderApp('/matches');
    expect(
      await screen.findByRole('status', { name: 'Loading matches' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
