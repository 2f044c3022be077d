import type { AdvancedSearchResult } from '@muster/contract/search';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { routes } from '../../../app/router';
import { renderApp, signedIn, stubApi } from '../../../test/render';

const person = (n: number) => ({
  _id: `u${n}`,
  username: `user${n}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  headline: '',
  profilePicture: '/a.png',
});
const empty: AdvancedSearchResult = {
  users: [],
  needsMatches: [],
  provisionsMatches: [],
  missionMatches: [],
};
const full: AdvancedSearchResult = {
  users: [person(1)],
  needsMatches: [
    {
      category: 'Water',
      users: [person(1), person(2)],
      count: 1,
      postIds: ['p1'],
      posts: [
        {
          _id: 'p1',
          kind: 'need',
          title: 'Need water',
          excerpt: 'Ten litres',
          status: 'open',
          createdAt: '2026-01-01T00:00:00.000Z',
          author: person(1),
        },
      ],
    },
  ],
  provisionsMatches: [],
  missionMatches: [
    {
      _id: 'm1',
      title: 'Clean the river',
      photo: '',
      type: 'partnership',
      partnersCount: 1,
      collaboratorsCount: 3,
    },
  ],
};
const path = (url: string) => url.replace('/api/v1', '');

function api(answer: (params: URLSearchParams) => AdvancedSearchResult) {
  return stubApi((url) => {
    const p = path(url);
    if (p.startsWith('/users/advanced-search'))
      return { status: 200, body: { data: answer(new URL(p, 'http://x').searchParams) } };
    if (p === '/hashtags/trending') return { status: 200, body: { data: [] } };
    return signedIn()(url);
  });
}
const searches = (calls: Array<{ url: string }>) =>
  calls.filter((c) => path(c.url).startsWith('/users/advanced-search')).map((c) => path(c.url));

function openAt(pathname: string, state?: unknown) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, state }] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('/search pages', () => {
  beforeEach(() => localStorage.clear());

  it('puts the search box in the signed-in top bar', async () => {
    api(() => empty);
    renderApp('/');
    expect(await screen.findByRole('combobox', { name: 'Search' }, { timeout: 20_000 })).toHaveAttribute(
      'placeholder',
      'Search people, needs, missions...',
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('Enter after the dropdown has shown results opens /search with the full results (the two caches do not collide)', async () => {
    api(() => full);
    const user = userEvent.setup();
    renderApp('/');
    const box = await screen.findByRole('combobox', { name: 'Search' }, { timeout: 20_000 });
    await user.type(box, 'water');
    const dropdown = screen.getByRole('dialog', { name: 'Search results' });
    expect(
      await within(dropdown).findByRole('heading', { name: 'Needs' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Search results', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Need water/ })).toHaveAttribute('href', '/post/p1');
    expect(screen.queryByRole('dialog', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('/search shows every section for the query from navigation state, with links to profiles, posts and missions', async () => {
    const calls = api(() => full);
    openAt('/search', { query: 'water' });
    expect(
      await screen.findByRole('heading', { name: 'Search results' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^First1 Last1/ })).toHaveAttribute(
      'href',
      '/profile/user1',
    );
    expect(screen.getByRole('link', { name: /Need water/ })).toHaveAttribute('href', '/post/p1');
    expect(screen.getByText('2 people')).toBeInTheDocument();
    const mission = screen.getByRole('link', { name: /Clean the river/ });
    expect(mission).toHaveAttribute('href', '/missions/m1');
    expect(mission).toHaveTextContent('Partner');
    expect(searches(calls)).toEqual(['/users/advanced-search?query=water&page=1&limit=20']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('/search/needs asks for one section and category', async () => {
    const calls = api(() => full);
    openAt('/search/needs', { query: 'water', category: 'Water' });
    expect(
      await screen.findByRole('heading', { name: 'Needs: Water' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Need water/ })).toBeInTheDocument();
    expect(searches(calls)).toEqual([
      '/users/advanced-search?query=water&page=1&limit=20&section=needs&category=Water',
    ]);
    expect(screen.queryByRole('heading', { name: 'Missions' })).not.toBeInTheDocument();
    // Issue 37: the same kind and category on the map.
    expect(screen.getByRole('link', { name: 'Show on map' })).toHaveAttribute(
      'href',
      '/map?kinds=need%2Cwant&category=Water',
    );
  });

  it("/search/all pages people 20 at a time with 'Load more' while a page comes back full", async () => {
    const calls = api((p) => ({
      ...empty,
      users:
        p.get('page') === '1'
          ? Array.from({ length: 20 }, (_, i) => person(i + 1))
          : [person(21), person(22)],
    }));
    const user = userEvent.setup();
    openAt('/search/all', { query: 'first' });
    expect(
      await screen.findByRole('heading', { name: 'People', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: /First20 Last20/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /First22 Last22/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(searches(calls)).toEqual([
      '/users/advanced-search?query=first&page=1&limit=20&section=users',
      '/users/advanced-search?query=first&page=2&limit=20&section=users',
    ]);
  });

  it('opened directly, /search/missions offers an input instead of a blank page', async () => {
    const calls = api(() => empty);
    const user = userEvent.setup();
    openAt('/search/missions');
    const main = await screen.findByRole('main', {}, { timeout: 20_000 });
    expect(await within(main).findByText("Search Muster's database")).toBeInTheDocument();
    expect(
      within(main).getByText('Discover people, needs, missions, provisions and posts'),
    ).toBeInTheDocument();
    expect(searches(calls)).toEqual([]);
    await user.type(within(main).getByRole('searchbox', { name: 'Search' }), 'zzz{Enter}');
    expect(await within(main).findByText('No results found for "zzz"')).toBeInTheDocument();
    expect(within(main).getByText('Try searching for something else')).toBeInTheDocument();
    await waitFor(() =>
      expect(searches(calls)).toEqual(['/users/advanced-search?query=zzz&page=1&limit=20&section=missions']),
    );
  });

  it('asks for verified organisations first when the box is ticked, and shows their badge (decision 069)', async () => {
    const verified = { ...person(3), verifiedOrg: 'Cebu Relief Network' };
    const calls = api((params) =>
      params.get('verifiedFirst') === 'true' ? { ...empty, users: [verified, person(1)] } : { ...full },
    );
    const user = userEvent.setup();
    openAt('/search/all', { query: 'first' });
    await screen.findByRole('link', { name: /^First1 Last1/ }, { timeout: 20_000 });
    const toggle = screen.getByRole('checkbox', { name: 'Verified organisations first' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('checkbox', { name: 'Verified organisations first' })).toBeChecked();
    // The badge sits in the profile link, which carries its words.
    expect(
      await screen.findByRole('link', { name: /First3 Last3.*Verified organisation: Cebu Relief Network/ }),
    ).toHaveAttribute('href', '/profile/user3');
    expect(searches(calls)).toEqual([
      '/users/advanced-search?query=first&page=1&limit=20&section=users',
      '/users/advanced-search?query=first&page=1&limit=20&section=users&verifiedFirst=true',
    ]);
  });
});
