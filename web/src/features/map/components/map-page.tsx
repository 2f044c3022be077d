import type { Place } from '@muster/contract/geo';
import type { MapItem } from '@muster/contract/map';
import { type Bbox, MAP_TOTAL_CAP } from '@muster/contract/map-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error';
import { paths } from '../../../lib/paths';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useMapItemsQuery, useMapTilesQuery } from '../api/get-map';
import {
  defaultFilters,
  defaultView,
  filterQuery,
  type MapFilterState,
  type MapUrlState,
  type MapView,
  radiusKmOf,
  readMapUrl,
  roundBbox,
} from '../lib/map-url';
import { useMapUrl } from '../lib/use-map-url';
import { MapCanvas, type ViewChange } from './map-canvas';
import { MapCard, type RemoteOfferTarget } from './map-card';
import { filtersChanged, MapFilters } from './map-filters';
import { MapList, MapListSkeleton } from './map-list';
import { PlaceFinder } from './place-finder';

/** What "Get alerts for this area" is given (issue 37 item 2, built by the alerts feature). */
/** What an alert for this view starts from: the kinds and category shown, the centre and a radius reaching the corners. */
export type AlertDraft = {
  kinds: string[];
  category?: string;
  /** [longitude, latitude], as places are everywhere else (the map's own view is [lat, lon], Leaflet's order). */
  center: [lon: number, lat: number];
  radiusKm: number;
};

export type MapPageProps = {
  /** The composer's place search (GET /geo/search), composed by app/. */
  findPlaces: (q: string) => Promise<Place[]>;
  /** A `?post=` or `?mission=` link's item, at its public place; null when it cannot be shown. */
  locate: (focus: { kind: 'post' | 'mission'; id: string }) => Promise<MapItem | null>;
  /** Where to open with no view in the link: the viewer's own place, when it can be found. */
  home?: () => Promise<MapView | undefined>;
  renderOfferHelp?: (postId: string) => React.ReactNode;
  /** Offer help on another server's need or want (decision 089): the federation feature's, composed by app/. */
  renderRemoteOfferHelp?: (listing: RemoteOfferTarget) => React.ReactNode;
  renderAlertButton?: (draft: AlertDraft) => React.ReactNode;
};

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * `/map` (issue 37): needs, wants, provisions and missions at their public place (decision 022),
 * with the list of the same items beside it (below on a phone). Filters and view live in the URL
 * (decision 079).
 */
export function MapPage({
  findPlaces,
  locate,
  home,
  renderOfferHelp,
  renderRemoteOfferHelp,
  renderAlertButton,
}: MapPageProps) {
  const { params, write: writeUrl } = useMapUrl();
  const url = useMemo(() => readMapUrl(params), [params]);
  const filters: MapFilterState = useMemo(
    () => ({
      kinds: url.kinds,
      category: url.category,
      status: url.status,
      emergency: url.emergency,
      sinceDays: url.sinceDays,
    }),
    [url.kinds, url.category, url.status, url.emergency, url.sinceDays],
  );
  const write = useCallback(
    (next: Partial<MapUrlState>, replace: boolean) => writeUrl(() => next, replace),
    [writeUrl],
  );
  const changeFilters = useCallback(
    (update: (current: MapFilterState) => MapFilterState) => writeUrl(update, false),
    [writeUrl],
  );
  const [selected, setSelected] = useState<string>();
  const [hovered, setHovered] = useState<string>();
  const [focusCard, setFocusCard] = useState(false);
  const [viewport, setViewport] = useState<ViewChange>();
  const wide = useMediaQuery('(min-width: 768px)');
  const tiles = useMapTilesQuery();
  const [bbox, setBbox] = useState<Bbox>();
  const [goTo, setGoTo] = useState<MapView & { seq: number }>();
  const move = useCallback((center: [number, number], zoom: number) => {
    setGoTo((g) => ({ center, zoom, seq: (g?.seq ?? 0) + 1 }));
  }, []);
  // The view the map opens on: the link's, else (once found) the viewer's place, else the region's.
  const [initialView] = useState<MapView>(() => url.view ?? defaultView);
  useEffect(() => {
    if (url.view || url.focus || !home) return;
    let live = true;
    void home().then(
      (v) => live && v && move(v.center, v.zoom),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Only when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A link to one item: centre on it with its card open (an alert's notice links here).
  const [focusItem, setFocusItem] = useState<MapItem | null>();
  const focusKey = url.focus ? `${url.focus.kind}:${url.focus.id}` : undefined;
  useEffect(() => {
    if (!url.focus) return;
    let live = true;
    void locate(url.focus).then(
      (item) => {
        if (!live) return;
        setFocusItem(item);
        if (item) {
          setSelected(item._id);
          setFocusCard(true);
          move([item.coordinates[1], item.coordinates[0]], Math.max(13, url.view?.zoom ?? 0));
        }
      },
      () => live && setFocusItem(null),
    );
    return () => {
      live = false;
    };
    // Once per linked item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);

  // The viewport asks the API once the map has stopped moving for a moment.
  const moveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onViewChange = useCallback(
    ({ bbox: next, view }: ViewChange) => {
      clearTimeout(moveTimer.current);
      moveTimer.current = setTimeout(() => {
        setBbox(roundBbox(next));
        setViewport({ bbox: next, view });
        write({ view }, true);
      }, 300);
    },
    [write],
  );
  useEffect(() => () => clearTimeout(moveTimer.current), []);

  const query = useMapItemsQuery(bbox, filters);
  // A linked item (an alert's notice opens the map on it) is always among the pins and rows while
  // the link stands, even when a viewport answer a few seconds old was computed before it was posted.
  const items = useMemo(() => {
    const found = filters.kinds.length ? (query.data?.items ?? []) : [];
    const linked = url.focus && focusItem && focusItem._id === url.focus.id ? focusItem : undefined;
    return linked && query.data && !found.some((i) => i._id === linked._id) ? [linked, ...found] : found;
  }, [query.data, filters.kinds, url.focus, focusItem]);
  const total = filters.kinds.length ? (query.data?.total ?? 0) : 0;

  const selectedItem =
    items.find((i) => i._id === selected) ??
    (focusItem && focusItem._id === selected ? focusItem : undefined);
  const hasFocus = url.focus !== undefined;
  const close = useCallback(() => {
    setSelected(undefined);
    // Closing a linked item's card leaves the plain map: Back does not reopen it.
    if (hasFocus) write({ focus: undefined }, true);
  }, [hasFocus, write]);
  const cardOpen = selectedItem !== undefined;
  useEffect(() => {
    if (!cardOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [cardOpen, close]);

  const changed = filtersChanged(filters);
  const exportQuery = filterQuery(filters, viewport ? roundBbox(viewport.bbox) : undefined).toString();
  const alertDraft: AlertDraft | undefined = viewport && {
    kinds: filters.kinds,
    ...(filters.category ? { category: filters.category } : {}),
    center: [viewport.view.center[1], viewport.view.center[0]],
    radiusKm: radiusKmOf(viewport.bbox),
  };

  const summary =
    total > items.length
      ? `Showing ${numberFormat.format(items.length)} of ${numberFormat.format(total)}${total >= MAP_TOTAL_CAP ? '+' : ''} — zoom in to see the rest`
      : `${numberFormat.format(items.length)} ${items.length === 1 ? 'item' : 'items'} in this area`;

  return (
    <div className="mx-auto max-w-6xl space-y-3 px-4 py-4 md:py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Map of needs and help</h1>
        <div className="flex items-center gap-2">
          {renderAlertButton && alertDraft && renderAlertButton(alertDraft)}
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="inline-flex h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">
              <Download className="size-4" aria-hidden="true" /> Open data
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-[1200] w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
              >
                {[
                  ['Download CSV', `/api/v1/open-data/items.csv?${exportQuery}`],
                  ['Download GeoJSON', `/api/v1/open-data/items.geojson?${exportQuery}`],
                ].map(([label, href]) => (
                  <DropdownMenu.Item key={label} asChild>
                    <a
                      href={href}
                      download
                      className="block rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
                    >
                      {label}
                    </a>
                  </DropdownMenu.Item>
                ))}
                <p className="px-3 pb-1.5 pt-1 text-xs text-slate-500">
                  This area and these filters, places approximate.
                </p>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>

      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
        <PlaceFinder findPlaces={findPlaces} onPlace={move} />
        {wide ? (
          <MapFilters filters={filters} onChange={changeFilters} />
        ) : (
          // On a phone the filters fold away, so the map is on the first screen; they say how many are set.
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg px-1 py-1 text-sm font-semibold text-slate-700 [&::-webkit-details-marker]:hidden">
              <span>
                Filters
                {changed && (
                  <span className="ml-1.5 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">on</span>
                )}
              </span>
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="pt-2">
              <MapFilters filters={filters} onChange={changeFilters} />
            </div>
          </details>
        )}
      </div>

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-label="Map"
          aria-describedby="map-hint"
          className="relative isolate h-[55vh] min-h-72 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 md:h-[calc(100dvh-17rem)] md:min-h-[28rem]"
        >
          <p id="map-hint" className="sr-only">
            Each pin is a button; the list of the same items follows the map.
          </p>
          {tiles.isError ? (
            <div className="flex size-full items-center justify-center p-4">
              <ListError query={tiles} what="the map" />
            </div>
          ) : tiles.data ? (
            <MapCanvas
              tiles={tiles.data}
              items={items}
              initialView={initialView}
              goTo={goTo}
              activeId={hovered ?? selected}
              selectedId={selectedItem?._id}
              onSelect={(id) => {
                setSelected(id);
                setFocusCard(false);
              }}
              onViewChange={onViewChange}
            />
          ) : (
            <div className="size-full animate-pulse bg-slate-200" />
          )}
          {selectedItem && (
            <div className="absolute inset-x-2 bottom-6 z-[1000] md:left-3 md:right-auto md:w-96">
              <MapCard
                item={selectedItem}
                onClose={close}
                renderOfferHelp={renderOfferHelp}
                renderRemoteOfferHelp={renderRemoteOfferHelp}
                focusOnOpen={focusCard}
              />
            </div>
          )}
        </section>

        <section
          aria-labelledby="map-list-heading"
          className="flex min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:h-[calc(100dvh-17rem)] md:min-h-[28rem]"
        >
          <div className="border-b border-slate-100 px-3 py-2.5">
            <h2 id="map-list-heading" className="font-semibold text-slate-900">
              In this area
            </h2>
            <p className="text-xs text-slate-600" role="status" data-testid="map-total">
              {query.isPending && filters.kinds.length ? 'Loading…' : summary}
            </p>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {query.isError ? (
              <ListError query={query} what="the map's items" className="m-3" />
            ) : query.isPending && filters.kinds.length ? (
              <MapListSkeleton />
            ) : items.length === 0 ? (
              <div className="space-y-3 p-4 text-sm text-slate-600">
                <p className="font-medium text-slate-900">
                  {filters.kinds.length
                    ? 'Nothing here with these filters.'
                    : 'Pick at least one kind to show.'}
                </p>
                <div className="flex flex-wrap gap-2">
                  {viewport && viewport.view.zoom > 3 && (
                    <button
                      type="button"
                      onClick={() => move(viewport.view.center, Math.max(2, viewport.view.zoom - 3))}
                      className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-50"
                    >
                      <ZoomOut className="size-4" aria-hidden="true" /> Zoom out
                    </button>
                  )}
                  {changed && (
                    <button
                      type="button"
                      onClick={() => write(defaultFilters, false)}
                      className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-50"
                    >
                      Clear filters
                    </button>
                  )}
                  <Link
                    to={paths.home}
                    className="rounded-full bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
                  >
                    Post a need
                  </Link>
                </div>
              </div>
            ) : (
              <MapList
                items={items}
                selectedId={selected}
                onHover={setHovered}
                onSelect={(id) => {
                  setSelected(id);
                  setFocusCard(true);
                }}
              />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
