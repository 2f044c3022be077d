import { SEARCH_DEBOUNCE_MS } from '@muster/contract/limits';
import type { AdvancedSearchResult } from '@muster/contract/search';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { advancedSearch } from './advanced-search';
import { searchKeys } from './search-keys';

/** Results already fetched are reused for this long (typing back to an earlier word is instant). */
const RESULT_STALE_MS = 30_000;

/**
 * The box's live search (spec §5): a request 300 ms after the last keystroke; empty or
 * whitespace-only input clears the results and sends nothing. A failed search is logged, stops the
 * loader and leaves the previous results on screen (spec §8), which is why results are kept here
 * rather than read straight from a query keyed by the current text.
 */
export function useLiveSearch() {
  const client = useQueryClient();
  const [query, setQueryText] = useState('');
  const [results, setResults] = useState<{ query: string; data: AdvancedSearchResult } | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only the newest term may write: an older, slower answer must not replace a newer one.
  const latest = useRef('');

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (term: string) => {
      latest.current = term;
      client
        .fetchQuery({
          queryKey: searchKeys.results({ query: term }),
          queryFn: () => advancedSearch({ query: term }),
          staleTime: RESULT_STALE_MS,
          retry: false,
        })
        .then((data) => {
          if (latest.current === term) setResults({ query: term, data });
        })
        .catch((error: unknown) => console.error('Search failed', error))
        .finally(() => {
          if (latest.current === term) setLoading(false);
        });
    },
    [client],
  );

  /** `immediate` is for a picked history entry: a click is not typing, so it needs no pause. */
  const setQuery = useCallback(
    (value: string, immediate = false) => {
      setQueryText(value);
      clearTimeout(timer.current);
      const term = value.trim();
      if (!term) {
        latest.current = '';
        setResults(null);
        setLoading(false);
        return;
      }
      setLoading(true);
      timer.current = setTimeout(() => run(term), immediate ? 0 : SEARCH_DEBOUNCE_MS);
    },
    [run],
  );

  /**
   * The text alone, searched only when asked (searchShown): a results page shows its query in the
   * box, and the dropdown's results for it are wanted only if the box is opened.
   */
  const showQuery = useCallback((value: string) => {
    setQueryText(value);
    clearTimeout(timer.current);
    latest.current = '';
    setResults((shown) => (shown?.query === value.trim() ? shown : null));
    setLoading(false);
  }, []);

  /** Searches the text on show now, unless its results are here or on their way. */
  const searchShown = useCallback(() => {
    const term = query.trim();
    if (!term || loading || results?.query === term) return;
    setLoading(true);
    run(term);
  }, [query, loading, results, run]);

  return { query, setQuery, showQuery, searchShown, results, loading };
}
