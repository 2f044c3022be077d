// The stylesheets as files the page links to (React hoists the <link>s and waits for them), not
// CSS imports: an imported stylesheet is one more name in the entry's list of each route's files,
// and the landing page had 40 bytes to spare (decision 079).
import leafletCss from 'leaflet/dist/leaflet.css?url';
import mapCss from './map.css?url';
import type { MapItem, MapTiles } from '@muster/contract/map';
import type { Bbox } from '@muster/contract/map-constants';
import L from 'leaflet';
import { useEffect, useLayoutEffect, useRef } from 'react';
import Supercluster from 'supercluster';
import { kindLook } from '../lib/kinds';
import type { MapView } from '../lib/map-url';

export type ViewChange = { bbox: Bbox; view: MapView };

function pinIcon(item: MapItem) {
  const look = kindLook[item.kind];
  return L.divIcon({
    className: 'map-marker',
    html: `<span class="map-pin map-pin--${look.shape}" style="--pin:${look.color}"><span aria-hidden="true">${look.letter}</span></span>`,
    iconSize: [28, 28],
    iconAnchor: item.kind === 'need' ? [14, 34] : [14, 14],
  });
}

function clusterIcon(count: number) {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  return L.divIcon({
    className: 'map-marker',
    html: `<span class="map-cluster" aria-hidden="true">${count}</span>`,
    iconSize: [size, size],
  });
}

/** Leaflet's bounds as the API's bbox, clamped to the world it takes (no crossing of the antimeridian). */
function bboxOf(map: L.Map): Bbox {
  const b = map.getBounds();
  const clamp = (v: number, lim: number) => Math.max(-lim, Math.min(lim, v));
  return [clamp(b.getWest(), 180), clamp(b.getSouth(), 90), clamp(b.getEast(), 180), clamp(b.getNorth(), 90)];
}

type Props = {
  tiles: MapTiles;
  items: MapItem[];
  /** Where the map opens; later changes of `goTo` move it (a place found, near me, a focused item). */
  initialView: MapView;
  goTo: (MapView & { seq: number }) | undefined;
  activeId: string | undefined;
  /** The item whose card is open: drawn as its own pin, out of any cluster, so it is seen where it is. */
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onViewChange: (change: ViewChange) => void;
};

/**
 * Leaflet with supercluster (decision 079). Leaflet owns its DOM: React only hands it data. Items
 * are clustered in the browser per zoom (≤ 500 of them, MAP_ITEMS_MAX); each pin and cluster is a
 * Leaflet marker, which is a focusable button with a name, so the pins are reachable by keyboard.
 */
export function MapCanvas({
  tiles,
  items,
  initialView,
  goTo,
  activeId,
  selectedId,
  onSelect,
  onViewChange,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const index = useRef<Supercluster<{ id: string }> | null>(null);
  /** Each item's marker on screen: its own pin, or the cluster it is inside. */
  const markerOf = useRef(new Map<string, L.Marker>());
  const latest = useRef({ onSelect, onViewChange, items, activeId, selectedId });
  // Leaflet's handlers, made once, read the latest props through this.
  useLayoutEffect(() => {
    latest.current = { onSelect, onViewChange, items, activeId, selectedId };
  });

  const paintActive = () => {
    for (const m of markerOf.current.values()) m.getElement()?.classList.remove('is-active');
    const id = latest.current.activeId;
    const marker = id ? markerOf.current.get(id) : undefined;
    marker?.getElement()?.classList.add('is-active');
  };

  const draw = () => {
    const map = mapRef.current;
    if (!map || !layer.current || !index.current) return;
    layer.current.clearLayers();
    markerOf.current.clear();
    const addPin = (item: MapItem, zIndexOffset = 0) => {
      const from = item.remote ? `, from ${item.remote.server}` : '';
      const name = `${kindLook[item.kind].label}: ${item.title}, ${item.place}${from}`;
      const [lon, lat] = item.coordinates;
      const marker = L.marker([lat, lon], {
        icon: pinIcon(item),
        keyboard: true,
        title: name,
        alt: name,
        zIndexOffset,
      });
      marker.on('click', () => latest.current.onSelect(item._id));
      marker.addTo(layer.current!);
      markerOf.current.set(item._id, marker);
    };
    const byId = new Map(latest.current.items.map((i) => [i._id, i]));
    const b = map.getBounds().pad(0.2);
    const clusters = index.current.getClusters(
      [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v, i) =>
        Math.max(i % 2 ? -85 : -180, Math.min(i % 2 ? 85 : 180, v)),
      ) as [number, number, number, number],
      Math.round(map.getZoom()),
    );
    for (const c of clusters) {
      const [lon, lat] = c.geometry.coordinates as [number, number];
      const props = c.properties as {
        cluster?: boolean;
        cluster_id?: number;
        point_count?: number;
        id?: string;
      };
      if (props.cluster && props.cluster_id !== undefined) {
        const clusterId = props.cluster_id;
        const count = props.point_count ?? 0;
        const marker = L.marker([lat, lon], {
          icon: clusterIcon(count),
          keyboard: true,
          title: `${count} items here: zoom in`,
          alt: `${count} items here: zoom in`,
        });
        marker.on('click', () => {
          const zoom = Math.min(index.current!.getClusterExpansionZoom(clusterId), map.getMaxZoom());
          map.flyTo([lat, lon], zoom, { duration: 0.4 });
        });
        marker.addTo(layer.current);
        for (const leaf of index.current.getLeaves(clusterId, Infinity))
          markerOf.current.set(leaf.properties.id, marker);
        continue;
      }
      const item = props.id ? byId.get(props.id) : undefined;
      if (item) addPin(item);
    }
    const chosen = latest.current.selectedId ? byId.get(latest.current.selectedId) : undefined;
    if (chosen && b.contains([chosen.coordinates[1], chosen.coordinates[0]])) addPin(chosen, 1000);
    paintActive();
  };

  // The map, made once; Leaflet is told of every change after.
  useEffect(() => {
    const map = L.map(container.current!, {
      center: initialView.center,
      zoom: initialView.zoom,
      minZoom: 2,
      maxZoom: tiles.maxZoom,
      worldCopyJump: false,
      maxBounds: [
        [-85, -180],
        [85, 180],
      ],
      maxBoundsViscosity: 1,
    });
    // The attribution the tile licence asks for; Leaflet's own prefix is a link, not a request.
    map.attributionControl.setPrefix(
      '<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>',
    );
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: tiles.maxZoom }).addTo(map);
    layer.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    const moved = () => {
      const c = map.getCenter();
      latest.current.onViewChange({
        bbox: bboxOf(map),
        view: { center: [c.lat, c.lng], zoom: map.getZoom() },
      });
      draw();
    };
    map.on('moveend', moved);
    // A container that changes size (the phone turned, the list below) is measured again.
    const resize =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(container.current!);
    moved();
    return () => {
      resize?.disconnect();
      map.remove();
      mapRef.current = null;
    };
    // initialView is where the map starts: later views arrive through goTo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles.url, tiles.attribution, tiles.maxZoom]);

  useEffect(() => {
    const cluster = new Supercluster<{ id: string }>({ radius: 48, maxZoom: 16 });
    cluster.load(
      items
        .filter((i) => i._id !== selectedId)
        .map((i) => ({
          type: 'Feature' as const,
          properties: { id: i._id },
          geometry: { type: 'Point' as const, coordinates: i.coordinates },
        })),
    );
    index.current = cluster;
    draw();
    // draw reads the latest items and selection through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, selectedId]);

  useEffect(paintActive, [activeId]);

  useEffect(() => {
    if (goTo && mapRef.current) mapRef.current.setView(goTo.center, goTo.zoom);
  }, [goTo]);

  return (
    <>
      <link rel="stylesheet" href={leafletCss} precedence="default" />
      <link rel="stylesheet" href={mapCss} precedence="default" />
      <div ref={container} className="size-full" data-testid="map-canvas" />
    </>
  );
}
