import type { Place } from '@muster/contract/geo';
import { MAP_SEARCH_DEBOUNCE_MS, MAP_SEARCH_MIN_CHARS } from '@muster/contract/limits';
import { MapPin, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { searchPlaces } from '../api/search-places';

/** Spec §5: asks after a 500 ms pause with at least 2 characters, and offers up to 5 places. */
export function PlaceSearch({
  value,
  onChange,
}: {
  value: Place | null;
  onChange: (place: Place | null) => void;
}) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Place[]>([]);
  const [failed, setFailed] = useState(false);
  const id = useId();

  useEffect(() => {
    const q = text.trim();
    if (q.length < MAP_SEARCH_MIN_CHARS) return;
    let live = true;
    const timer = setTimeout(() => {
      searchPlaces(q).then(
        (places) => {
          if (!live) return;
          setFailed(false);
          setResults(places);
        },
        () => {
          if (!live) return;
          setResults([]);
          setFailed(true);
        },
      );
    }, MAP_SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  if (value) {
    return (
      <p className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span className="flex min-w-0 items-center gap-2">
          <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span className="truncate">{value.address}</span>
        </span>
        <button
          type="button"
          onClick={() => onChange(null)}
          className="rounded-full p-1 text-slate-500 hover:bg-slate-200"
          aria-label="Remove place"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </p>
    );
  }
  const open = text.trim().length >= MAP_SEARCH_MIN_CHARS && (results.length > 0 || failed);
  return (
    <div className="relative">
      <label htmlFor={`${id}-place`} className="block text-sm font-medium text-slate-700">
        Place <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <input
        id={`${id}-place`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search a town or city"
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-places`}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      {open && (
        <ul
          id={`${id}-places`}
          role="listbox"
          className="absolute z-10 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {failed ? (
            <li className="px-3 py-2 text-sm text-red-600" role="alert">
              Unable to load location suggestions.
            </li>
          ) : (
            results.map((p) => (
              <li key={p.placeId} role="option" aria-selected="false">
                <button
                  type="button"
                  onClick={() => {
                    onChange(p);
                    setText('');
                    setResults([]);
                  }}
                  className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50"
                >
                  <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" /> {p.address}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
