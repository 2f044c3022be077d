import type { Place } from '@muster/contract/geo';
import { MAP_SEARCH_MIN_CHARS } from '@muster/contract/limits';
import { LocateFixed, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { PlaceOptions } from '../../../components/place-options';
import toast from '../../../lib/toast';
import { usePlaceSuggestions } from '../../../lib/use-place-suggestions';

/**
 * "Centre on a town": the composer's place search (GET /geo/search, the offline gazetteer) handed
 * in by app/ as `findPlaces` and asked as the composer asks it (usePlaceSuggestions, PlaceOptions),
 * and "Near me", which asks the browser where it is only when pressed. The position only moves
 * the map: it is not stored, and reaches the server only as the viewport.
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
  const found = usePlaceSuggestions(text, findPlaces);
  const results = found.answered ? found.places : null;
  const [locating, setLocating] = useState(false);

  const choose = (p: Place) => {
    onPlace([p.coordinates[1], p.coordinates[0]], 12);
    setText('');
    found.clear();
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
            if (e.target.value.trim().length < MAP_SEARCH_MIN_CHARS) found.clear();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results?.[0]) {
              e.preventDefault();
              choose(results[0]);
            }
            if (e.key === 'Escape') found.clear();
          }}
          placeholder="Find a town or city"
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-places`}
          className="h-10 w-full rounded-full border border-slate-300 bg-white pl-9 pr-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        {open && (
          <PlaceOptions
            id={`${id}-places`}
            label="Places found"
            places={results}
            failed={found.failed}
            onChoose={choose}
            empty="No town or city found by that name."
            className="z-[1100]"
          />
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
