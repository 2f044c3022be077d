import type { AdvancedSearchResult } from '@muster/contract/search';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { routes } from '../../../app/router';
import { signedIn, stubApi } from '../../../test/render';

const empty: AdvancedSearchResult = {
  users: [],
  needsMatches: [],
  provisionsMatches: [],
  missionMatches: [],
};
const path = (url: string) => url.replace('/api/v1', '');

function api() {
  return stubApi((url) => {
    const p = path(url);
    if (p.startsWith('/users/advanced-search')) return { status: 200, body: { data: empty } };
    if (p === '/hashtags/trending') return { status: 200, body: { data: [] } };
    return signedIn()(url);
  });
}
const searches = (calls: Array<{ url: string }>) =>
  calls.filter((c) => path(c.url).startsWith('/users/advanced-search')).map((c) => path(c.url));

/** The browser's geolocation (not ours): answers with a place, or refuses. */
function stubGeolocation(answer: 'here' | 'denied') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (answer === 'here')
      ok({ coords: { latitude: 10.31234, longitude: 123.89111 } } as unknown as GeolocationPosition);
    else fail?.({ code: 1, PERMISSION_DENIED: 1 } as unknown as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

function openSearch() {
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: '/search', state: { query: 'water' } }],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('near me on the search results page', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
    localStorage.clear();
  });

  it('asks for the place only when pressed, sends it on the public grid with a radius, and forgets it when cleared', async () => {
    const calls = api();
    const asked = stubGeolocation('here');
    const user = userEvent.setup();
    openSearch();
    const button = await screen.findByRole('button', { name: 'Near me' }, { timeout: 20_000 });
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    expect(asked).not.toHaveBeenCalled();

    await user.click(button);
    expect(asked).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(searches(calls).at(-1)).toBe(
        '/users/advanced-search?query=water&page=1&limit=20&lat=10.31&lon=123.89&radiusKm=25',
      ),
    );
    expect(screen.getByText(/people are not narrowed/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Within' }), '10');
    await waitFor(() => expect(searches(calls).at(-1)).toContain('&radiusKm=10'));

    await user.click(screen.getByRole('button', { name: 'Stop searching near me' }));
    expect(await screen.findByRole('button', { name: 'Near me' })).toBeInTheDocument();
    // Nothing of the place was kept anywhere the browser stores things.
    expect(JSON.stringify({ ...localStorage })).not.toContain('10.31');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('10.31');
  });

  it('says how to turn location on when the browser refuses, and searches as before', async () => {
    const calls = api();
    stubGeolocation('denied');
    const user = userEvent.setup();
    openSearch();
    await user.click(await screen.findByRole('button', { name: 'Near me' }, { timeout: 20_000 }));
    expect(await screen.findByText(/allow it in your browser/)).toBeInTheDocument();
    expect(searches(calls).every((s) => !s.includes('lat='))).toBe(true);
  });
});
