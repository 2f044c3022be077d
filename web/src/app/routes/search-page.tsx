import type { SearchSection } from '@muster/contract/search';
import { Navigate, useLocation, useParams } from 'react-router';
import { SearchResultsPage } from '../../features/search/components/search-results-page';
import { paths } from '../../lib/paths';

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
  if (section === undefined) return <SearchResultsPage section="all" />;
  const s = sections[section];
  // An unknown section falls back to all results for the same query.
  return s ? <SearchResultsPage section={s} /> : <Navigate to={paths.search} state={state} replace />;
}
