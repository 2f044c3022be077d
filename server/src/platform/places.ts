import {
  type ApproximatePlace,
  approximateCoordinates,
  type GivenPlace,
  type PlaceParts,
} from '@muster/contract/geo';
import {
  type CityParts,
  countryNamedIn,
  foldedWords,
  nearestCityParts,
  recognisedNames,
} from './gazetteer.js';

/*
 * Public places are city-level by construction (issue 31, item 3; decision 041, after 022): the
 * text everybody reads is built from city-level parts — a geocoder's structured locality, region
 * and country, or the gazetteer city nearest the rounded point, or the gazetteer names recognised
 * in a text typed by hand — and never by deleting patterns from what was typed. What was typed
 * stays, whole, for those who may see it.
 */

/** A structured part the way a geocoder gives it: a name, not an address line (no digits, short). */
const cleanPart = (part: string | undefined) => {
  const p = part?.trim().replace(/\s+/gu, ' ');
  return p && p.length <= 100 && !/\p{N}/u.test(p) ? p : undefined;
};

function fromGeocoder(parts: PlaceParts | undefined): CityParts | undefined {
  const locality = cleanPart(parts?.locality);
  const region = cleanPart(parts?.region);
  const country = cleanPart(parts?.country);
  if (!locality && !region && !country) return undefined;
  return {
    ...(locality ? { locality } : {}),
    ...(region ? { region } : {}),
    ...(country ? { country } : {}),
  };
}

/** "Tacloban, Leyte, Philippines": the parts that are there, each once. */
function joined(parts: Array<string | undefined>): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (part && !kept.some((k) => foldedWords(k).join(' ') === foldedWords(part).join(' '))) kept.push(part);
  }
  return kept.join(', ');
}

/**
 * A text typed by hand (a profile's or a collaboration request's location, a mission's place
 * text, a hunt's), as strangers see it: only the gazetteer cities, regions and countries it names,
 * as whole words. "12 Rizal Street, Tacloban City, Leyte, Philippines" → "Tacloban, Leyte,
 * Philippines"; "Near the old church" → "" (the exact text stays with its owner).
 */
export function publicPlaceText(text: string): string {
  return joined(recognisedNames(text));
}

/**
 * A place as everyone but its owners sees it: coordinates on the 0.01° grid (approximateCoordinates,
 * decision 022) and a text built from city-level parts only — the geocoder's structured ones when
 * it gave them; else those of the gazetteer city nearest the rounded point (in the country the
 * address names, if it names one); else (typed by hand,
 * no point) the names the text holds. The name is the locality's; never the geocoder's place id,
 * which would look the exact point up again.
 */
export function publicPlace(place: GivenPlace): ApproximatePlace {
  const coordinates = place.coordinates ? approximateCoordinates(place.coordinates) : undefined;
  const parts =
    fromGeocoder(place.parts) ??
    (coordinates ? nearestCityParts(coordinates, countryNamedIn(place.address)) : undefined);
  let address: string;
  let name: string | undefined;
  if (parts) {
    address = joined([parts.locality, parts.region, parts.country]);
    name = parts.locality;
  } else {
    const names = recognisedNames(place.address);
    address = joined(names);
    // A typed name that is one of the names found (a city's, not a shop's) is kept, as found.
    const typed = place.name ? foldedWords(place.name).join(' ') : '';
    name = names.find((n) => foldedWords(n).join(' ') === typed);
  }
  return {
    address,
    ...(name ? { name } : {}),
    ...(coordinates ? { coordinates } : {}),
    approximate: true,
  };
}

/**
 * The columns a post's place is stored in (issue 16, decision 022): `mapLocation`, what everybody
 * reads, city-level; `exactLocation`, as its author gave it, spliced in only for those who may see
 * it. Every write path stores a place through this, so the two never disagree.
 */
export function placeColumns(place: GivenPlace | undefined): {
  mapLocation: string | null;
  exactLocation: string | null;
} {
  if (!place) return { mapLocation: null, exactLocation: null };
  return { mapLocation: JSON.stringify(publicPlace(place)), exactLocation: JSON.stringify(place) };
}

/**
 * The same for a place that has a text of its own beside it (a mission's `location`): the public
 * text is the public place's when there is a place that says something, else the typed text's
 * names; the exact pair `{ location, mapLocation }` is kept together.
 */
export function placeAndTextColumns(
  location: string,
  place: GivenPlace | null | undefined,
): { location: string; mapLocation: string | null; exactLocation: string | null } {
  const shown = place ? publicPlace(place) : null;
  return {
    location: shown?.address || publicPlaceText(location),
    mapLocation: shown ? JSON.stringify(shown) : null,
    exactLocation: location || place ? JSON.stringify({ location, mapLocation: place ?? null }) : null,
  };
}

/**
 * A location typed on a profile or a collaboration request: `location`, what everybody but its
 * owner reads, city-level; `exactLocation`, what the owner typed, shown to them alone (null when
 * nothing was typed).
 */
export function locationColumns(typed: string): { location: string; exactLocation: string | null } {
  return { location: publicPlaceText(typed), exactLocation: typed || null };
}
