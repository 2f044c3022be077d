import type { SearchSection } from '@muster/contract/search';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { RemoteOfferButton } from '../../features/federation/remote-offer-button';
import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { paths } from '../../lib/paths';

// "Get alerts like this" (issue 37 item 2): the alerts feature's dialog, with the place search
// handed in, loaded after the results rather than with them.
const SaveAlertWithPlace = lazy(() =>
  import('../alert-place-field').then((m) => ({ default: m.SaveAlertWithPlace })),
);
const alertButton = (draft: { words: string; category?: string; kinds: string[] }) => (
  <Suspense fallback={null}>
    <SaveAlertWithPlace draft={draft} />
  </Suspense>
);

// Offer help on another server's need (decision 089): the federation feature's button.
const remoteOfferHelp = (listing: { objectId: string; server: string; title: string }) => (
  <RemoteOfferButton listing={listing} size="sm" />
);

/** Issue 14: /search and its section pages (spec §2 route table); /search/all lists people. */
const sections: Record<string, SearchSection> = {
  all: 'users',
  needs: 'needs',
  provisions: 'provisions',
  missions: 'missions',
};

export function SearchRoute() {
  const { section } = useParams();
  const { state } = useLocation();
  if (section === undefined)
    return (
      <SearchResultsPage section="all" alertButton={alertButton} renderRemoteOfferHelp={remoteOfferHelp} />
    );
  const s = sections[section];
  // An unknown section falls back to all results for the same query.
  return s ? (
    <SearchResultsPage section={s} alertButton={alertButton} renderRemoteOfferHelp={remoteOfferHelp} />
  ) : (
    <Navigate to={paths.search} state={state} replace />
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { SearchRoute as Component };
