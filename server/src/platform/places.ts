import { approximateAddress, approximatePlace, type GivenPlace } from '@muster/contract/geo';

/**
 * The columns a post's place is stored in (issue 16, decision 022): `mapLocation`, what everybody
 * reads, approximate; `exactLocation`, as its author gave it, spliced in only for those who may see
 * it. Every write path stores a place through this, so the two never disagree.
 */
export function placeColumns(place: GivenPlace | undefined): {
  mapLocation: string | null;
  exactLocation: string | null;
} {
  if (!place) return { mapLocation: null, exactLocation: null };
  return { mapLocation: JSON.stringify(approximatePlace(place)), exactLocation: JSON.stringify(place) };
}

/**
 * The same for a place that has a text of its own beside it (a mission's `location`): the public
 * text without the street, and the exact pair `{ location, mapLocation }` kept together.
 */
export function placeAndTextColumns(
  location: string,
  place: GivenPlace | null | undefined,
): { location: string; mapLocation: string | null; exactLocation: string | null } {
  return {
    location: approximateAddress(location),
    mapLocation: place ? JSON.stringify(approximatePlace(place)) : null,
    exactLocation: location || place ? JSON.stringify({ location, mapLocation: place ?? null }) : null,
  };
}
