import { NEAR_RADIUS_DEFAULT_KM } from '@muster/contract/map-constants';
import { LoaderCircle, MapPin, X } from 'lucide-react';
import { useId, useState } from 'react';
import toast from '../../../lib/toast';

/** A "near me" circle for search (issue 37): the centre on the public 0.01° grid, the radius in km. */
export type NearCircle = { lat: number; lon: number; radiusKm: number };

/** The radii offered, in kilometres (the default among them). */
export const NEAR_RADII_KM = [5, 10, NEAR_RADIUS_DEFAULT_KM, 50, 100] as const;

/**
 * Rounded to the public grid (0.01°, decision 022) before it leaves the browser: a search needs no
 * more, and the server never sees more than the map would show of anyone.
 */
const onGrid = (degrees: number) => Math.round(degrees * 100) / 100;

/**
 * "Near me" on the search results page: asks the browser for the place only when pressed, keeps it
 * in the page's memory only (never stored: a reload forgets it), and offers a radius. While on,
 * needs, provisions and missions are those whose public place is within the radius; people are
 * not narrowed, and the hint says so.
 */
export function NearMeControl({
  value,
  onChange,
}: {
  value: NearCircle | undefined;
  onChange: (near: NearCircle | undefined) => void;
}) {
  const [locating, setLocating] = useState(false);
  const radiusId = useId();
  const hintId = useId();

  const locate = () => {
    if (!('geolocation' in navigator)) {
      toast.error('This browser cannot tell where you are');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({
          lat: onGrid(position.coords.latitude),
          lon: onGrid(position.coords.longitude),
          radiusKm: value?.radiusKm ?? NEAR_RADIUS_DEFAULT_KM,
        });
      },
      (err) => {
        setLocating(false);
        toast.error(
          err.code === err.PERMISSION_DENIED
            ? 'Location is turned off for Muster: allow it in your browser to search near you'
            : 'Could not find where you are. Try again in a moment',
        );
      },
      { maximumAge: 60_000, timeout: 15_000 },
    );
  };

  if (!value)
    return (
      <button
        type="button"
        onClick={locate}
        disabled={locating}
        aria-busy={locating}
        className="inline-flex h-9 w-fit items-center gap-2 rounded-full border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40 disabled:opacity-60"
      >
        {locating ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <MapPin className="size-4 text-brand-600" aria-hidden="true" />
        )}
        {locating ? 'Finding you…' : 'Near me'}
      </button>
    );

  return (
    <div
      role="group"
      aria-label="Near me"
      aria-describedby={hintId}
      className="flex flex-wrap items-center gap-2 text-sm text-slate-700"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1.5 font-medium text-brand-700">
        <MapPin className="size-4" aria-hidden="true" />
        Near me
      </span>
      <label htmlFor={radiusId} className="sr-only">
        Within
      </label>
      <select
        id={radiusId}
        value={value.radiusKm}
        onChange={(e) => onChange({ ...value, radiusKm: Number(e.target.value) })}
        className="h-9 rounded-full border border-slate-200 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      >
        {NEAR_RADII_KM.map((km) => (
          <option key={km} value={km}>
            within {km} km
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onChange(undefined)}
        className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
        aria-label="Stop searching near me"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <p id={hintId} className="w-full text-xs text-slate-500">
        Needs, provisions and missions by their approximate place; people are not narrowed.
      </p>
    </div>
  );
}
