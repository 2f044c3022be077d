import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn as person, stubApi } from '../../../test/render';

const signedIn = (list: unknown[]) => (url: string) =>
  url.includes('/collaboration')
    ? { status: 200, body: { data: list, meta: { nextCursor: null } } }
    : person()(url);

describe('collaboration category page', () => {
  it('invites the first request when a category is empty', async () => {
    stubApi(signedIn([]));
    renderApp('/collaboration/sports');
    // The route loads lazily: the first test of the file waits for it longer than 1 s on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sports' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No collaboration requests yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to post a request in this category!')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Post a Collaboration Request' })).toHaveLength(2);
  });

  it('treats an unknown category as all, and shows an unknown poster as Unknown User', async () => {
    const calls = stubApi(
      signedIn([
        {
          _id: 'r1',
          title: 'Orphaned request',
          description: 'd',
          deadline: null,
          location: '',
          image: null,
          category: 'all',
          categoryName: 'All Collaboration Opportunities',
          categoryColor: '#475569',
          createdAt: '2026-11-20T00:00:00Z',
          updatedAt: '2026-11-20T00:00:00Z',
          user: null,
        },
      ]),
    );
    renderApp('/collaboration/knitting');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Collaboration Opportunities' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Unknown User')).toBeInTheDocument();
    expect(screen.getByText('U')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/v1/collaboration'))).toBe(true);
  });

  it('shows the loading text while the list loads', async () => {
    stubApi((url) => (url.includes('/collaboration') ? new Promise(() => {}) : person()(url)));
    renderApp('/collaboration/science');
    expect(await screen.findByText('Loading collaboration requests...')).toBeInTheDocument();
  });

  // Issue 32: a phone has no home side card listing the categories, so the page itself reaches
  // every one (an unknown id is All, marked as the current one).
  it.each([
    ['sports', 'Sports'],
    ['knitting', 'All'],
    ['emergency', 'Emergency Response'],
  ])('links every category from /collaboration/%s, marking %s as current', async (id, current) => {
    stubApi(signedIn([]));
    renderApp(`/collaboration/${id}`);
    const nav = await screen.findByRole(
      'navigation',
      { name: 'Collaboration categories' },
      { timeout: 5000 },
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Emergency Response', '/collaboration/emergency'],
      ['Healthcare', '/collaboration/healthcare'],
      ['Creative Projects', '/collaboration/creative'],
      ['Adventure', '/collaboration/adventure'],
      ['Business Ventures', '/collaboration/business'],
      ['Sports', '/collaboration/sports'],
      ['Science', '/collaboration/science'],
      ['All', '/collaboration/all'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent(current);
  });
});
