import type { MapItem } from '@muster/contract/map';
import { lazy, Suspense, useCallback } from 'react';
import { RemoteOfferButton } from '../../features/federation/remote-offer-button';
import { MapPage } from '../../features/map/components/map-page';
import { searchPlaces } from '../../features/posts/api/search-places';
import { useSessionQuery } from '../../lib/session';
import { OfferHelpButton } from '../offer-help-button';

// The alerts' dialog and its place search load after the map, not before it (the route's 250 KB).
const SaveAlertWithPlace = lazy(() =>
  import('../alert-place-field').then((m) => ({ default: m.SaveAlertWithPlace })),
);

const mapKinds = new Set(['need', 'want', 'provision']);
const alertKinds = (kinds: string[]) => kinds.filter((k) => mapKinds.has(k));

/**
 * `/map` (issue 37): the map feature, given the composer's place search, the posts' and missions'
 * single reads for a `?post=`/`?mission=` link, and Offer help. Web features never import each
 * other (decision 007): they meet here.
 */
export function MapRoute() {
  const location = useSessionQuery().data?.location.trim();
  const locate = useCallback(
    async (focus: { kind: 'post' | 'mission'; id: string }): Promise<MapItem | null> => {
      // Loaded for a linked item only: each module the route names at start weighs on the entry.
      if (focus.kind === 'mission') {
        const m = await (await import('../../features/missions/api/get-mission')).getMission(focus.id);
        const at = m.mapLocation?.coordinates;
        if (!at) return null;
        return {
          _id: m._id,
          kind: 'mission',
          title: m.title,
          category: m.category || null,
          status: null,
          emergency: false,
          coordinates: at,
          place: m.location || m.mapLocation?.address || '',
          createdAt: m.createdAt,
        };
      }
      const p = await (await import('../../features/posts/api/get-post')).getPost(focus.id);
      const at = p.mapLocation?.coordinates;
      if (!at || !mapKinds.has(p.kind)) return null;
      return {
        _id: p._id,
        kind: p.kind as MapItem['kind'],
        title: p.title,
        category: p.category,
        status: p.status,
        emergency: p.emergencyEmoji !== null,
        coordinates: at,
        place: p.mapLocation?.address ?? '',
        createdAt: p.createdAt,
      };
    },
    [],
  );
  // A profile keeps its place as words only: the gazetteer's first answer for them is "home".
  const home = useCallback(async () => {
    if (!location || location.length < 2) return undefined;
    const [first] = await searchPlaces(location);
    return first
      ? { center: [first.coordinates[1], first.coordinates[0]] as [number, number], zoom: 11 }
      : undefined;
  }, [location]);
  return (
    <MapPage
      findPlaces={searchPlaces}
      locate={locate}
      home={home}
      renderOfferHelp={(postId) => <OfferHelpButton postId={postId} size="sm" />}
      // Another server's need (decision 089): offered through the federation feature.
      renderRemoteOfferHelp={(listing) => <RemoteOfferButton listing={listing} size="sm" />}
      // "Get alerts for this area": the alerts feature's dialog, from what the map shows (missions
      // are no alert's kind; none left means the alert's default, needs and wants).
      renderAlertButton={(draft) => (
        <Suspense fallback={null}>
          <SaveAlertWithPlace
            draft={{
              ...draft,
              kinds: alertKinds(draft.kinds).length ? alertKinds(draft.kinds) : ['need', 'want'],
            }}
          />
        </Suspense>
      )}
    />
  );
}

/** React Router's lazy route takes the module's `Component` (app/router.tsx). */
export { MapRoute as Component };
