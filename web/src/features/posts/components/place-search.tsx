import { type ChosenPlace, placeKeptAsTyped, placeNotChosenMessage } from '@muster/contract/geo';
import { MAP_SEARCH_MIN_CHARS } from '@muster/contract/limits';
import { MapPin, PenLine, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PlaceOptions } from '../../../components/place-options';
import { usePlaceSuggestions } from '../../../lib/use-place-suggestions';
import { searchPlaces } from '../api/search-places';

/**
 * Spec §5: asks after a 500 ms pause with at least 2 characters, and offers up to 5 places.
 * Issue 32: what was typed is never dropped. When the search finds nothing, it says so and offers
 * to keep the words as typed (a place with no point); the same offer closes the list of places
 * found. The form is told what sits in the box (`onTextChange`), so that on submit it can stop
 * with `error` rather than send the post without it (decision 049).
 */
export function PlaceSearch({
  value,
  onChange,
  onTextChange,
  error,
}: {
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
  onTextChange?: (text: string) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const found = usePlaceSuggestions(text, searchPlaces);
  const { places: results, failed, answered } = found;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  // The form stopped on the words in the box: the person is taken back to them.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  function type(next: string) {
    setText(next);
    onTextChange?.(next);
  }

  function choose(place: ChosenPlace) {
    onChange(place);
    setText('');
    found.clear();
    onTextChange?.('');
  }

  if (value) {
    const typed = !value.coordinates;
    return (
      <p className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span className="flex min-w-0 items-center gap-2">
          {typed ? (
            <PenLine className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          ) : (
            <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          )}
          <span className="truncate">{value.address}</span>
          {typed && <span className="shrink-0 text-xs text-slate-500">as typed, not on the map</span>}
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
  const q = text.trim();
  const searched = q.length >= MAP_SEARCH_MIN_CHARS;
  // "Nothing found" only for these very words, answered: not while the search is on its way.
  const nothing = searched && !failed && answered === q && results.length === 0;
  const open = searched && (results.length > 0 || failed);
  const keep = () => choose(placeKeptAsTyped(q));
  return (
    <div className="relative">
      <label htmlFor={`${id}-place`} className="block text-sm font-medium text-slate-700">
        Place <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <input
        ref={input}
        id={`${id}-place`}
        value={text}
        onChange={(e) => type(e.target.value)}
        placeholder="Search a town or city"
        autoComplete="off"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-places`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-place-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500"
      />
      {error && (
        <p id={`${id}-place-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
      {/* A polite live region, announced as it changes: a screen reader hears that nothing was
          found, and the offer. Always there, empty, so that what comes into it is announced; not a
          role="status", which the form's own status lines are (the composer's draft notice). */}
      <div aria-live="polite" data-testid="place-search-status">
        {nothing && (
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-lg">
            <span className="min-w-0 break-words text-slate-700">No place found — keep '{q}' as typed?</span>
            <button
              type="button"
              onClick={keep}
              className="shrink-0 rounded-full border border-brand-600 px-3 py-1 font-medium text-brand-700 hover:bg-brand-50 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
            >
              Keep as typed
            </button>
          </div>
        )}
      </div>
      {open && (
        <PlaceOptions id={`${id}-places`} places={results} failed={failed} onChoose={choose} className="z-10">
          {/* Not the place meant, or a search that failed: the words can still be kept. */}
          <li role="option" aria-selected="false" className="border-t border-slate-100">
            <button
              type="button"
              onClick={keep}
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-600 hover:bg-slate-50"
            >
              <PenLine className="size-4 shrink-0 text-slate-400" aria-hidden="true" /> Keep '{q}' as typed
            </button>
          </li>
        </PlaceOptions>
      )}
    </div>
  );
}

/**
 * A form's place field (decision 049): the place picked or kept, the words in the box that are
 * neither, and the message that stops a send without them. `props` go to <PlaceSearch>.
 */
export function usePlaceField(initial: ChosenPlace | null = null) {
  const [place, setPlace] = useState<ChosenPlace | null>(initial);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  return {
    place,
    /** False, with the field's message shown, while the box holds words neither picked nor kept. */
    ready: () => {
      if (place || !text.trim()) return true;
      setError(placeNotChosenMessage(text));
      return false;
    },
    reset: () => {
      setPlace(null);
      setText('');
      setError(undefined);
    },
    props: {
      value: place,
      onChange: (p: ChosenPlace | null) => {
        setPlace(p);
        setError(undefined);
      },
      onTextChange: (t: string) => {
        setText(t);
        if (!t.trim()) setError(undefined);
      },
      error,
    },
  };
}
