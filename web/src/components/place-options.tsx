import type { Place } from '@muster/contract/geo';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The list of places found under a place box (usePlaceSuggestions): each a button that picks it,
 * or the line saying the search failed. `empty` is said when none was found (the map says so in
 * the list; the composer offers to keep the words instead, elsewhere); `children` are options
 * after the places (the composer's "Keep as typed").
 */
export function PlaceOptions({
  id,
  places,
  failed,
  onChoose,
  empty,
  label,
  className,
  children,
}: {
  id: string;
  places: readonly Place[];
  failed: boolean;
  onChoose: (place: Place) => void;
  empty?: string;
  label?: string;
  /** Where the list sits: its stacking above what it covers. */
  className: string;
  children?: ReactNode;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className={`absolute mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg ${className}`}
    >
      {failed ? (
        <li className="px-3 py-2 text-sm text-red-600" role="alert">
          Unable to load location suggestions.
        </li>
      ) : places.length === 0 && empty ? (
        <li className="px-3 py-2 text-sm text-slate-600">{empty}</li>
      ) : (
        places.map((p) => (
          <li key={p.placeId} role="option" aria-selected="false">
            <button
              type="button"
              onClick={() => onChoose(p)}
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
            >
              <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" /> {p.address}
            </button>
          </li>
        ))
      )}
      {children}
    </ul>
  );
}
