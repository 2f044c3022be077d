import { SEARCH_DEBOUNCE_MS } from '@muster/contract/limits';
import type { AdvancedSearchResult, CategoryMatch, MissionMatch } from '@muster/contract/search';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { stubApi } from '../../../test/render';
import { SearchBox } from './search-box';

const person = (n: number, username = `user${n}`) => ({
  _id: `u${n}`,
  username,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  headline: `Headline ${n}`,
  profilePicture: '/a.png',
});
const group = (category: string, users: number): CategoryMatch => ({
  category,
  users: Array.from({ length: users }, (_, i) => person(i + 1)),
  count: users,
  postIds: ['p1'],
  posts: [
    {
      _id: 'p1',
      kind: 'need',
      title: 'Need water',
      excerpt: '',
      status: 'open',
      createdAt: '2026-01-01T00:00:00.000Z',
      author: person(1),
    },
  ],
});
const mission = (n: number, type: MissionMatch['type'] = 'collaboration'): MissionMatch => ({
  _id: `m${n}`,
  title: `Mission ${n}`,
  photo: '/m.png',
  type,
  partnersCount: 2,
  collaboratorsCount: 7,
});
const empty: AdvancedSearchResult = {
  users: [],
  needsMatches: [],
  provisionsMatches: [],
  missionMatches: [],
};
const trending = [1, 2, 3, 4, 5].map((i) => ({ name: `tag${i}`, count: 10 - i }));

const path = (url: string) => url.replace('/api/v1', '');
const queryOf = (url: string) => new URL(path(url), 'http://x').searchParams.get('query');

function api(answer: (query: string) => AdvancedSearchResult | 'fail') {
  return stubApi((url) => {
    const p = path(url);
    if (p === '/hashtags/trending') return { status: 200, body: { data: trending } };
    if (p.startsWith('/users/advanced-search')) {
      const a = answer(queryOf(url) ?? '');
      return a === 'fail'
        ? { status: 500, body: { message: 'boom', code: 'INTERNAL' } }
        : { status: 200, body: { data: a } };
    }
    return undefined;
  });
}
const searches = (calls: Array<{ url: string }>) =>
  calls.filter((c) => path(c.url).startsWith('/users/advanced-search'));

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderBox() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const box = () => screen.getByRole('combobox', { name: 'Search' });
const panel = () => screen.getByRole('dialog', { name: 'Search results' });
const section = (name: string) => within(panel()).getByRole('region', { name });
/** A section's own rows (a group row's titles are a list of their own inside it). */
const rowsOf = (name: string) => section(name).querySelectorAll(':scope > ul > li');

describe('global search box (desktop)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("has the spec's placeholder and sends one request 300 ms after typing stops, none before", async () => {
    vi.useFakeTimers();
    const calls = api(() => empty);
    renderBox();
    expect(box()).toHaveAttribute('placeholder', 'Search people, needs, missions...');
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'vo' } });
    await act(async () => vi.advanceTimersByTime(200));
    fireEvent.change(box(), { target: { value: 'volu' } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(searches(calls)).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(searches(calls)).toHaveLength(1);
    expect(path(searches(calls)[0]!.url)).toBe('/users/advanced-search?query=volu&page=1&limit=20');
  });

  it('sends nothing for whitespace and clears the results', async () => {
    vi.useFakeTimers();
    const calls = api(() => ({ ...empty, users: [person(1)] }));
    renderBox();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'ada' } });
    await act(async () => vi.advanceTimersByTime(300));
    vi.useRealTimers();
    expect(await within(panel()).findByRole('heading', { name: 'People' })).toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.change(box(), { target: { value: '   ' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(searches(calls)).toHaveLength(1);
    expect(within(panel()).queryByRole('heading', { name: 'People' })).not.toBeInTheDocument();
    expect(within(panel()).getByText("Search Muster's database")).toBeInTheDocument();
  });

  it("shows every section in order, previews, 'View All' thresholds, 'N people' / '+N', mission rows and the footer", async () => {
    api(() => ({
      users: [1, 2, 3, 4, 5].map((i) => person(i)),
      needsMatches: [group('Water', 3), group('Food', 1)],
      provisionsMatches: [group('Transport', 5), group('Shelter', 2), group('Tools', 1)],
      missionMatches: [mission(1), mission(2, 'partnership')],
      hashtags: [{ name: 'flood', count: 4 }],
    }));
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(box(), '#flood volu');
    expect(
      await within(panel()).findByRole('heading', { name: 'People' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await within(panel()).findByRole('heading', { name: 'Trending Hashtags' });
    expect(
      within(panel())
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Trending Hashtags', 'People', 'Needs', 'Provisions', 'Missions', 'Hashtags']);

    // Trending: 3 of the 5, so 'View All' goes to /hashtags.
    expect(within(section('Trending Hashtags')).getAllByRole('listitem')).toHaveLength(3);
    // People: 5 found, 4 shown, 'View All'.
    expect(within(section('People')).getAllByRole('listitem')).toHaveLength(4);
    expect(within(section('People')).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/search/all',
    );
    // Needs: 2 categories, no 'View All'; provisions: 3, so 'View All'.
    expect(within(section('Needs')).queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    expect(within(section('Provisions')).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/search/provisions',
    );
    expect(rowsOf('Provisions')).toHaveLength(2);
    expect(within(section('Needs')).getByText('3 people')).toBeInTheDocument();
    expect(within(section('Provisions')).getByText('5 people')).toBeInTheDocument();
    expect(within(section('Provisions')).getByText('+2')).toBeInTheDocument();
    expect(within(section('Needs')).queryByText(/^\+/)).not.toBeInTheDocument();
    // Missions: title, 'Collab' or 'Partner', partners and collaborators.
    const missions = within(section('Missions')).getAllByRole('link');
    expect(missions[0]).toHaveTextContent('Mission 1');
    expect(missions[0]).toHaveTextContent('Collab');
    expect(missions[0]).toHaveTextContent('2 partners');
    expect(missions[0]).toHaveTextContent('7 collaborators');
    expect(missions[0]).toHaveAttribute('href', '/missions/m1');
    expect(missions[1]).toHaveTextContent('Partner');
    expect(within(section('Hashtags')).getByRole('link', { name: /#flood/ })).toHaveAttribute(
      'href',
      '/hashtag/flood',
    );
    expect(within(panel()).getByRole('link', { name: 'Show more results' })).toHaveAttribute(
      'href',
      '/search',
    );

    await user.click(within(section('People')).getByRole('link', { name: 'View All' }));
    expect(router.state.location.pathname).toBe('/search/all');
    expect(router.state.location.state).toEqual({ query: '#flood volu' });
  });

  it('shows the best 3 post titles under each group row, the words searched for marked, each opening its post', async () => {
    const titled = (category: string, titles: string[]): CategoryMatch => ({
      ...group(category, 1),
      count: titles.length,
      postIds: titles.map((_, i) => `${category}-${i}`),
      posts: titles.map((title, i) => ({ ...group(category, 1).posts[0]!, _id: `${category}-${i}`, title })),
    });
    api(() => ({
      ...empty,
      needsMatches: [
        titled('Power', [
          'A generator for the health desk in Palo',
          'Fuel for two generators',
          'Solar fridge',
          'A fourth post, not shown',
        ]),
      ],
      provisionsMatches: [
        {
          ...titled('Tools', ['Generator repairs', '']),
          // An untitled post shows its first words.
          posts: titled('Tools', ['Generator repairs', '']).posts.map((p, i) =>
            i === 1 ? { ...p, excerpt: 'Fixing small generators on Saturdays' } : p,
          ),
        },
      ],
    }));
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(box(), 'generator');
    const posts = await within(panel()).findByRole('list', { name: 'Posts in Power' }, { timeout: 20_000 });
    const links = within(posts).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'A generator for the health desk in Palo',
      'Fuel for two generators',
      'Solar fridge',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/post/Power-0',
      '/post/Power-1',
      '/post/Power-2',
    ]);
    // The group row is still there, and still opens the category.
    expect(within(section('Needs')).getByRole('link', { name: /Power/ })).toHaveAttribute(
      'href',
      '/search/needs',
    );
    expect(rowsOf('Needs')).toHaveLength(1);
    expect(Array.from(posts.querySelectorAll('mark')).map((m) => m.textContent)).toEqual([
      'generator',
      'generators',
    ]);
    expect(within(section('Provisions')).getByRole('link', { name: 'Generator repairs' })).toHaveAttribute(
      'href',
      '/post/Tools-0',
    );
    expect(
      within(section('Provisions')).getByRole('link', { name: 'Fixing small generators on Saturdays' }),
    ).toHaveAttribute('href', '/post/Tools-1');

    // The arrow keys go from the group row through its titles to the next row.
    act(() => within(section('Needs')).getByRole('link', { name: /Power/ }).focus());
    for (const link of links) {
      await user.keyboard('{ArrowDown}');
      expect(link).toHaveFocus();
    }
    await user.keyboard('{ArrowDown}');
    expect(within(section('Provisions')).getByRole('link', { name: /Tools/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(links[2]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/post/Power-2');
  });

  it("has 'View All' for neither 4 people nor 2 missions, and no Hashtags section without '#'", async () => {
    api(() => ({
      ...empty,
      users: [1, 2, 3, 4].map((i) => person(i)),
      missionMatches: [mission(1), mission(2)],
      hashtags: [{ name: 'x', count: 1 }],
    }));
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'volu');
    expect(
      await within(panel()).findByRole('heading', { name: 'People' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(within(section('People')).getAllByRole('listitem')).toHaveLength(4);
    expect(within(section('People')).queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    expect(within(section('Missions')).queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('heading', { name: 'Hashtags' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    api(() => empty);
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'zzz');
    expect(
      await within(panel()).findByText('No results found for "zzz"', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(within(panel()).getByText('Try searching for something else')).toBeInTheDocument();
  });

  it("shows another server's listings under From other servers, marked and opening there in a new tab", async () => {
    const remote = (n: number) => ({
      kind: 'need' as const,
      title: `Generator ${n}`,
      excerpt: '',
      category: 'Power',
      status: 'open' as const,
      emergency: false,
      place: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      remote: {
        server: 'far.example',
        url: `https://far.example/post/${n}`,
        objectId: `https://far.example/ap/posts/${n}`,
        authorUri: 'https://far.example/ap/users/zoe',
      },
    });
    api(() => ({ ...empty, remoteMatches: [remote(1), remote(2), remote(3)] }));
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'generator');
    const section = await within(panel()).findByRole(
      'region',
      { name: 'From other servers' },
      { timeout: 20_000 },
    );
    const links = within(section).getAllByRole('link', { name: /Generator/ });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://far.example/post/1');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveTextContent('From far.example');
    expect(within(section).getByRole('link', { name: 'View All' })).toBeInTheDocument();
  });

  it('keeps the old results and stops the loader when a search fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    api((q) => (q === 'ada' ? { ...empty, users: [person(1)] } : 'fail'));
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'ada');
    expect(await within(panel()).findByText('First1 Last1', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.type(box(), 'x');
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(within(panel()).queryByRole('status')).not.toBeInTheDocument();
    expect(within(panel()).getByText('First1 Last1')).toBeInTheDocument();
  });

  it('with no query: 5 of 7 recent searches with Clear All, 3 of the recently viewed, trending 5 and the invitation', async () => {
    localStorage.setItem('searchHistory', JSON.stringify(['s1', 's2', 's3', 's4', 's5', 's6', 's7']));
    localStorage.setItem('recentProfiles', JSON.stringify([1, 2, 3, 4, 5].map((i) => person(i))));
    api(() => empty);
    const user = userEvent.setup();
    renderBox();
    await user.click(box());
    expect(
      within(section('Recent Searches'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(within(section('Recently Viewed')).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section('Recently Viewed')).getByRole('link', { name: /First1 Last1/ })).toHaveAttribute(
      'href',
      '/profile/user1',
    );
    expect(
      within(await within(panel()).findByRole('region', { name: 'Trending Hashtags' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(5);
    expect(within(panel()).getByText("Search Muster's database")).toBeInTheDocument();
    expect(
      within(panel()).getByText('Discover people, needs, missions, provisions and posts'),
    ).toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Clear All' }));
    expect(within(panel()).queryByRole('heading', { name: 'Recent Searches' })).not.toBeInTheDocument();
    expect(localStorage.getItem('searchHistory')).toBeNull();
  });

  it('drops stored history that is not valid JSON', async () => {
    localStorage.setItem('searchHistory', 'not json[');
    localStorage.setItem('recentProfiles', '{"oops":');
    api(() => empty);
    const user = userEvent.setup();
    renderBox();
    await user.click(box());
    expect(within(panel()).queryByRole('heading', { name: 'Recent Searches' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('heading', { name: 'Recently Viewed' })).not.toBeInTheDocument();
    expect(localStorage.getItem('searchHistory')).toBeNull();
    expect(localStorage.getItem('recentProfiles')).toBeNull();
  });

  it('Enter saves the query to history and opens /search with it as navigation state', async () => {
    localStorage.setItem('searchHistory', JSON.stringify(['older']));
    api(() => empty);
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(box(), '  water  {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.state).toEqual({ query: 'water' });
    expect(JSON.parse(localStorage.getItem('searchHistory')!)).toEqual(['water', 'older']);
  });

  it('Enter on an empty box does nothing', async () => {
    api(() => empty);
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(box(), '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('searchHistory')).toBeNull();
  });

  it('a profile opened from results joins Recently Viewed', async () => {
    api(() => ({ ...empty, users: [person(1), person(2, '')] }));
    const user = userEvent.setup();
    const router = renderBox();
    await user.type(box(), 'first');
    await user.click(await within(panel()).findByRole('link', { name: /First1 Last1/ }, { timeout: 20_000 }));
    expect(router.state.location.pathname).toBe('/profile/user1');
    expect(JSON.parse(localStorage.getItem('recentProfiles')!)).toEqual([person(1)]);
  });

  it('Escape and a click outside close the dropdown; arrow keys move through the rows', async () => {
    localStorage.setItem('searchHistory', JSON.stringify(['first', 'second']));
    api(() => empty);
    const user = userEvent.setup();
    renderBox();
    await user.click(box());
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(panel()).getByRole('button', { name: 'Clear All' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(panel()).getByRole('button', { name: 'first' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search results' })).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await user.type(box(), 'a');
    expect(panel()).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('dialog', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('a recent search picked searches for it at once', async () => {
    localStorage.setItem('searchHistory', JSON.stringify(['ada']));
    const calls = api(() => ({ ...empty, users: [person(1)] }));
    const user = userEvent.setup();
    renderBox();
    await user.click(box());
    await user.click(within(panel()).getByRole('button', { name: 'ada' }));
    expect(box()).toHaveValue('ada');
    expect(await within(panel()).findByText('First1 Last1')).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(1);
  });
});

describe('global search overlay (small screens)', () => {
  beforeEach(() => localStorage.clear());

  it('opens full screen from the Search button, and closing with the back arrow clears query and results', async () => {
    api(() => ({ ...empty, users: [person(1)] }));
    const user = userEvent.setup();
    renderBox();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const overlay = screen.getByRole('dialog', { name: 'Search' });
    const input = within(overlay).getByRole('searchbox', { name: 'Search' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Search people, needs, missions...');
    await user.type(input, 'ada');
    expect(await within(overlay).findByText('First1 Last1', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(within(overlay).getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    const again = screen.getByRole('dialog', { name: 'Search' });
    expect(within(again).getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(within(again).queryByText('First1 Last1')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('Enter in the overlay saves the query and opens /search', async () => {
    api(() => empty);
    const user = userEvent.setup();
    const router = renderBox();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(
      within(screen.getByRole('dialog', { name: 'Search' })).getByRole('searchbox'),
      'tents{Enter}',
    );
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.state).toEqual({ query: 'tents' });
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('searchHistory')!)).toEqual(['tents']);
  });
});

describe('the box follows the page (desktop)', () => {
  beforeEach(() => localStorage.clear());

  /** The box in a frame that stays while the pages under it change, as in the app's top bar. */
  function renderInFrame() {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <SearchBox />
              <Outlet />
            </>
          ),
          children: [{ path: '*', element: <Where /> }],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    return router;
  }

  it('shows the query on the results pages and is emptied on a post, a profile or notifications', async () => {
    api(() => empty);
    const user = userEvent.setup();
    const router = renderInFrame();
    await user.type(box(), 'sandbags Umlazi Desk{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(box()).toHaveValue('sandbags Umlazi Desk');
    await act(() => router.navigate('/search/needs', { state: { query: 'sandbags Umlazi Desk' } }));
    expect(box()).toHaveValue('sandbags Umlazi Desk');

    for (const page of ['/post/p1', '/profile/maria', '/notifications']) {
      await act(() => router.navigate('/search', { state: { query: 'sandbags Umlazi Desk' } }));
      expect(box()).toHaveValue('sandbags Umlazi Desk');
      await act(() => router.navigate(page));
      expect(screen.getByTestId('where')).toHaveTextContent(page);
      expect(box()).toHaveValue('');
    }
  });

  it("asks for a results page's query in the box only once the box is opened", async () => {
    const calls = api((q) => (q === 'tents' ? { ...empty, users: [person(7)] } : empty));
    const user = userEvent.setup();
    const router = renderInFrame();
    await act(() => router.navigate('/search/all', { state: { query: 'tents' } }));
    expect(box()).toHaveValue('tents');
    // Past the typing pause: the page has its own results, and the box has asked for none.
    await new Promise((done) => setTimeout(done, SEARCH_DEBOUNCE_MS + 300));
    expect(searches(calls)).toEqual([]);
    await user.click(box());
    expect(await within(panel()).findByText(/First7 Last7/)).toBeInTheDocument();
    expect(searches(calls).map((c) => queryOf(c.url))).toEqual(['tents']);
  });

  it("brings the results page's query back on Back", async () => {
    api(() => empty);
    const user = userEvent.setup();
    const router = renderInFrame();
    await user.type(box(), 'tents{Enter}');
    await act(() => router.navigate('/post/p1'));
    expect(box()).toHaveValue('');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/search');
    expect(box()).toHaveValue('tents');
  });

  it('empties text typed but not searched when another page opens, and keeps the dropdown working', async () => {
    localStorage.setItem('searchHistory', JSON.stringify(['ada']));
    api(() => empty);
    const user = userEvent.setup();
    const router = renderInFrame();
    await user.type(box(), 'half typed');
    await act(() => router.navigate('/notifications'));
    expect(box()).toHaveValue('');
    await user.click(box());
    expect(within(section('Recent Searches')).getByRole('button', { name: 'ada' })).toBeInTheDocument();
  });
});
