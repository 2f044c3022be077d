import type { Place } from '@muster/contract/geo';
import { MAP_SEARCH_DEBOUNCE_MS, MAP_SEARCH_MIN_CHARS } from '@muster/contract/limits';
import { useCallback, useEffect, useState } from 'react';

/**
 * Places for the words in a place box (spec §5: asked after a pause, from MAP_SEARCH_MIN_CHARS
 * characters): the composer's place field and the map's "find a town" both ask this way. `find`
 * is the feature's own call to GET /geo/search (a feature's API stays in it; the map is handed
 * the posts feature's by app/). The last answer is kept, and the words it answers (`answered`),
 * so that a box can tell an answer to these very words from one still on its way.
 */
export function usePlaceSuggestions(text: string, find: (q: string) => Promise<Place[]>) {
  const [answer, setAnswer] = useState<{ places: Place[]; failed: boolean; answered: string }>(none);

  useEffect(() => {
    const q = text.trim();
    if (q.length < MAP_SEARCH_MIN_CHARS) return;
    let live = true;
    const timer = setTimeout(() => {
      find(q).then(
        (places) => live && setAnswer({ places, failed: false, answered: q }),
        () => live && setAnswer({ places: [], failed: true, answered: q }),
      );
    }, MAP_SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, find]);

  /** Forgets the last answer (a place was chosen, or the words became too short to ask about). */
  const clear = useCallback(() => setAnswer(none), []);
  return { ...answer, clear };
}

const none = { places: [], failed: false, answered: '' };
