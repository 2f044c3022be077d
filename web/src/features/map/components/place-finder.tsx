import type { Place } from '@muster/contract/geo';
import { MAP_SEARCH_DEBOUNCE_MS, MAP_SEARCH_MIN_CHARS } from '@muster/contract/limits';
import { LocateFixed, MapPin, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import toast from '../../../lib/toast';

/**
 * "Centre on a town": the composer's place search (GET /geo/search, the offline gazetteer) handed
 * in by app/ as `findPlaces`, and "Near me", which asks the browser where it is only when pressed.
 * The position only moves the map: it is not stored, and reaches the server only as the viewport.
 */
export function PlaceFinder({
  findPlaces,
  onPlace,
}: {
  findPlaces: (q: string) => Promise<Place[]>;
  onPlace: (center: [lat: number, lon: number], zoom: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Place[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [locating, setLocating] = useState(false);

  useEffect(() => {
    const q = text.trim();
    if (q.length < MAP_SEARCH_MIN_CHARS) return;
    let live = true;
    const timer = setTimeout(() => {
      findPlaces(q).then(
        (places) => live && (setResults(places), setFailed(false)),
        () => live && (setResults([]), setFailed(true)),
      );
    }, MAP_SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, findPlaces]);

  const choose = (p: Place) => {
    onPlace([p.coordinates[1], p.coordinates[0]], 12);
    setText('');
    setResults(null);
  };

  const nearMe = () => {
    if (!('geolocation' in navigator)) {
      toast.error('This browser cannot tell where you are. Search for a town instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onPlace([pos.coords.latitude, pos.coords.longitude], 12);
      },
      (err) => {
        setLocating(false);
        toast.error(
          err.code === err.PERMISSION_DENIED
            ? 'Location is blocked for Muster in this browser. Allow it in the site settings, or search for a town.'
            : 'Could not find where you are. Search for a town instead.',
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const open = text.trim().length >= MAP_SEARCH_MIN_CHARS && results !== null;
  return (
    <div className="flex items-end gap-2">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-q`} className="sr-only">
          Find a town or city on the map
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={`${id}-q`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim().length < MAP_SEARCH_MIN_CHARS) setResults(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results?.[0]) {
              e.preventDefault();
              choose(results[0]);
            }
            if (e.key === 'Escape') setResults(null);
          }}
          placeholder="Find a town or city"
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-places`}
          className="h-10 w-full rounded-full border border-slate-300 bg-white pl-9 pr-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        {open && (
          <ul
            id={`${id}-places`}
            role="listbox"
            aria-label="Places found"
            className="absolute z-[1100] mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          >
            {failed ? (
              <li className="px-3 py-2 text-sm text-red-600" role="alert">
                Unable to load location suggestions.
              </li>
            ) : results.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-600">No town or city found by that name.</li>
            ) : (
              results.map((p) => (
                <li key={p.placeId} role="option" aria-selected="false">
                  <button
                    type="button"
                    onClick={() => choose(p)}
                    className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
                  >
                    <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" /> {p.address}
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      <button
        type="button"
        onClick={nearMe}
        disabled={locating}
        className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        <LocateFixed className="size-4" aria-hidden="true" />
        {locating ? 'Locating…' : 'Near me'}
      </button>
    </div>
  );
}
