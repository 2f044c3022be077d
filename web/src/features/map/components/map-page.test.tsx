import { MAP_TOTAL_CAP, type MapItem } from '@muster/contract/map';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { stubApi } from '../../../test/render';
import { MapPage } from './map-page';

const item = (n: number, over: Partial<MapItem> = {}): MapItem => ({
  _id: `p${n}`,
  kind: 'need',
  title: `Need ${n}`,
  category: 'Power',
  status: 'open',
  emergency: false,
  coordinates: [123.93 + n / 100, 10.33],
  place: 'Mandaue City, Cebu, Philippines',
  createdAt: `2026-11-2${n}T10:00:00.000Z`,
  ...over,
});

function renderMap(path: string, items: MapItem[], total = items.length, linked: MapItem | null = null) {
  const calls = stubApi((url) => {
    if (url.includes('/map/tiles'))
      return {
        status: 200,
        body: { data: { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: 'Test tiles', maxZoom: 18 } },
      };
    if (url.includes('/map?')) return { status: 200, body: { data: { items, total } } };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/map',
        element: (
          <MapPage
            findPlaces={async () => []}
            locate={async () => linked}
            renderOfferHelp={(id) => <button type="button">Offer help on {id}</button>}
            renderRemoteOfferHelp={(l) => (
              <button type="button">
                Offer help on {l.objectId} at {l.server}
              </button>
            )}
          />
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, calls };
}

describe('the map page', () => {
  // jsdom lays nothing out: Leaflet would see a map 0 px wide and draw no pins. 800 × 600, as a screen.
  const sizes = ['clientWidth', 'clientHeight'] as const;
  const saved = sizes.map((k) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, k));
  beforeAll(() => {
    for (const [k, v] of [
      ['clientWidth', 800],
      ['clientHeight', 600],
    ] as const)
      Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
  });
  afterAll(() =>
    sizes.forEach((k, i) => {
      // Element.prototype has them; HTMLElement's own, added above, is simply taken away again.
      const before = saved[i];
      if (before) Object.defineProperty(HTMLElement.prototype, k, before);
      else Reflect.deleteProperty(HTMLElement.prototype, k);
    }),
  );

  it('asks for the viewport with the filters of its link, and lists the items newest first', async () => {
    const { calls } = renderMap('/map?kinds=need%2Cwant&category=Power&since=7&lat=10.33&lon=123.93&z=12', [
      item(1),
      item(3),
      item(2),
    ]);
    const list = await screen.findByRole('region', { name: 'In this area' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringContaining('Need 3'),
      expect.stringContaining('Need 2'),
      expect.stringContaining('Need 1'),
    ]);
    const asked = new URL(calls.find((c) => c.url.includes('/map?'))!.url, 'http://x');
    expect(asked.searchParams.get('kinds')).toBe('need,want');
    expect(asked.searchParams.get('category')).toBe('Power');
    expect(asked.searchParams.get('sinceDays')).toBe('7');
    expect(asked.searchParams.get('status')).toBe('open');
    expect(asked.searchParams.get('bbox')?.split(',')).toHaveLength(4);
    expect(screen.getByTestId('map-total')).toHaveTextContent('3 items in this area');
  });

  it('keeps a linked item among the rows when the viewport’s answer was made before it was posted', async () => {
    const fresh = item(9, { title: 'Need a generator' });
    renderMap('/map?post=p9', [item(1)], 1, fresh);
    const list = await screen.findByRole('region', { name: 'In this area' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2));
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('Need a generator');
    expect(await screen.findByTestId('map-card')).toHaveTextContent('Need a generator');
  });

  it('writes a filter to the URL', async () => {
    const { router } = renderMap('/map', [item(1)]);
    const kinds = await screen.findByRole('group', { name: 'Show' });
    fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Missions' }));
    await waitFor(() => expect(router.state.location.search).toContain('kinds=need%2Cwant%2Cprovision'));
    fireEvent.change(screen.getByLabelText('Posted'), { target: { value: '30' } });
    await waitFor(() => expect(router.state.location.search).toContain('since=30'));
    expect(router.state.location.search).toContain('kinds=need%2Cwant%2Cprovision');
  });

  it('keeps each of two quick filter clicks, and a view written after them keeps both', async () => {
    const { router } = renderMap('/map?lat=10.33&lon=123.93&z=12', [item(1)]);
    const kinds = await screen.findByRole('group', { name: 'Show' });
    // Both clicks before React renders the first: the second starts from the first's query.
    act(() => {
      fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Needs' }));
      fireEvent.click(within(kinds).getByRole('checkbox', { name: 'Wants' }));
    });
    await waitFor(() => expect(router.state.location.search).toContain('kinds=provision%2Cmission'));
    // The map's debounced view write (300 ms after it settles) comes later and keeps the filters.
    await new Promise((r) => setTimeout(r, 400));
    expect(router.state.location.search).toContain('kinds=provision%2Cmission');
  });

  it('opens a row’s card with Offer help, lights its pin, and closes it on Escape', async () => {
    renderMap('/map?lat=10.33&lon=123.93&z=12', [
      item(1),
      item(2, { kind: 'provision', status: null, title: 'Spare generator' }),
    ]);
    const list = await screen.findByRole('region', { name: 'In this area' });
    const row = await within(list).findByRole('button', { name: /Need 1/ });
    fireEvent.mouseEnter(row);
    await waitFor(() => expect(document.querySelectorAll('.map-marker.is-active')).toHaveLength(1));
    fireEvent.click(row);
    const card = await screen.findByTestId('map-card');
    expect(within(card).getByRole('heading', { name: 'Need 1' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Offer help on p1' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open post' })).toHaveAttribute('href', '/post/p1');
    expect(row).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('map-card')).not.toBeInTheDocument());

    // A provision has no Offer help, only its page.
    fireEvent.click(within(list).getByRole('button', { name: /Spare generator/ }));
    const other = await screen.findByTestId('map-card');
    expect(within(other).queryByRole('button', { name: /Offer help/ })).not.toBeInTheDocument();
  });

  it("marks another server's listing with its server, opens it there in a new tab, and offers help through it", async () => {
    const objectId = 'https://far.example/ap/posts/9';
    const remote = {
      server: 'far.example',
      url: 'https://far.example/post/9',
      objectId,
      authorUri: 'https://far.example/ap/users/zoe',
    };
    renderMap('/map?lat=10.33&lon=123.93&z=12', [
      item(1, { _id: objectId, title: 'Need far', remote }),
      item(2, {
        _id: `${objectId}0`,
        title: 'Done far',
        status: 'fulfilled',
        remote: { ...remote, objectId: `${objectId}0` },
      }),
    ]);
    const list = await screen.findByRole('region', { name: 'In this area' });
    const row = await within(list).findByRole('button', { name: /Need far/ });
    expect(row).toHaveTextContent('From far.example');
    fireEvent.click(row);
    const card = await screen.findByTestId('map-card');
    expect(within(card).getByText('From far.example')).toBeInTheDocument();
    const open = within(card).getByRole('link', { name: /Open on its server/ });
    expect(open).toHaveAttribute('href', 'https://far.example/post/9');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(open).toHaveAccessibleName('Open on its server (on far.example, opens in a new tab)');
    expect(within(card).queryByRole('link', { name: 'Open post' })).not.toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: `Offer help on ${objectId} at far.example` }),
    ).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('map-card')).not.toBeInTheDocument());

    // A fulfilled one: no Offer help.
    fireEvent.click(within(list).getByRole('button', { name: /Done far/ }));
    const other = await screen.findByTestId('map-card');
    expect(within(other).queryByRole('button', { name: /Offer help/ })).not.toBeInTheDocument();
  });

  it('a pin chosen on the map selects its row', async () => {
    renderMap('/map?lat=10.33&lon=123.93&z=12', [item(1)]);
    const pin = await screen.findByRole('button', { name: /Need: Need 1/ });
    fireEvent.click(pin);
    const list = screen.getByRole('region', { name: 'In this area' });
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: /Need 1/ })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('clusters items at one place into one button that names how many', async () => {
    const same = { coordinates: [123.93, 10.33] as [number, number] };
    renderMap('/map?lat=10.33&lon=123.93&z=12', [item(1, same), item(2, same), item(3, same)]);
    expect(await screen.findByRole('button', { name: '3 items here: zoom in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Need: Need 1/ })).not.toBeInTheDocument();
  });

  it('draws the item whose card is open as its own pin, out of its cluster', async () => {
    const same = { coordinates: [123.93, 10.33] as [number, number] };
    renderMap('/map?lat=10.33&lon=123.93&z=12', [item(1, same), item(2, same), item(3, same)]);
    const list = await screen.findByRole('region', { name: 'In this area' });
    fireEvent.click(await within(list).findByRole('button', { name: /Need 2/ }));
    expect(await screen.findByRole('button', { name: /Need: Need 2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 items here: zoom in' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: '3 items here: zoom in' })).toBeInTheDocument();
  });

  it('says when there is more than it shows', async () => {
    renderMap('/map', [item(1)], 640);
    await waitFor(() =>
      expect(screen.getByTestId('map-total')).toHaveTextContent('Showing 1 of 640 — zoom in to see the rest'),
    );
  });

  it('says "1,000+" when the count reached the cap', async () => {
    renderMap('/map', [item(1)], MAP_TOTAL_CAP);
    await waitFor(() =>
      expect(screen.getByTestId('map-total')).toHaveTextContent(
        'Showing 1 of 1,000+ — zoom in to see the rest',
      ),
    );
  });

  it('offers a next step when nothing fits', async () => {
    const { router } = renderMap('/map?kinds=mission&lat=10.33&lon=123.93&z=12', []);
    const list = await screen.findByRole('region', { name: 'In this area' });
    expect(await within(list).findByText('Nothing here with these filters.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Post a need' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('kinds='));
  });
});
