import { screen } from '@testing-library/react';
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
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
});
