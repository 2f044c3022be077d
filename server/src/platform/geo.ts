import type { Place, PlaceParts } from '@muster/contract/geo';
import { HttpError } from './errors.js';
import { searchTowns } from './gazetteer.js';

export type GeoProvider = { search: (query: string, limit: number) => Promise<Place[]> };

/**
 * The default: an offline gazetteer of GeoNames' ~135,000 towns of about 1,000 people or more,
 * with their alternate names (decision 049), so place search works without a network or an API
 * key. Matched by prefix, then by a later word, then with one typo; biggest towns first.
 */
export function createOfflineGazetteer(): GeoProvider {
  return {
    async search(query, limit) {
      return searchTowns(query, limit).map(({ town, address, parts }) => ({
        placeId: `gazetteer:${town.id}`,
        name: town.name,
        address,
        coordinates: [Number(town.lng.toFixed(5)), Number(town.lat.toFixed(5))],
        // The city-level parts a public place is built from (decision 041).
        parts,
      }));
    },
  };
}

/** A Nominatim-compatible service (GEO_NOMINATIM_URL), called by the server so no key reaches a browser. */
export function createNominatimProvider(baseUrl: string): GeoProvider {
  return {
    async search(query, limit) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      // addressdetails: the structured parts, of which only the city-level ones are kept (decision 041).
      url.search = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        limit: String(limit),
        addressdetails: '1',
      }).toString();
      const res = await fetch(url, {
        headers: { 'user-agent': 'Muster/1.0', accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const rows = (await res.json()) as Array<{
        place_id: number | string;
        name?: string;
        display_name: string;
        lat: string;
        lon: string;
        address?: Record<string, string>;
      }>;
      return rows.slice(0, limit).map((r) => ({
        placeId: `nominatim:${r.place_id}`,
        name: r.name || r.display_name.split(',')[0]!,
        address: r.display_name,
        coordinates: [Number(r.lon), Number(r.lat)],
        ...(r.address ? { parts: cityLevelParts(r.address) } : {}),
      }));
    },
  };
}

/**
 * Nominatim's `address` object down to its city-level parts: the settlement (city, town, village
 * or municipality — never a hamlet, suburb, road or house number), the state or region, the
 * country. A field that is missing stays out; the public place is built from what is left.
 */
export function cityLevelParts(address: Record<string, string>): PlaceParts {
  const first = (...keys: string[]) => keys.map((k) => address[k]?.trim()).find((v) => v && v.length <= 100);
  const locality = first('city', 'town', 'village', 'municipality');
  const region = first('state', 'region', 'province', 'state_district', 'county');
  const country = first('country');
  return {
    ...(locality ? { locality } : {}),
    ...(region ? { region } : {}),
    ...(country ? { country } : {}),
  };
}

export const geoUnavailable = () =>
  new HttpError(503, 'GEO_UNAVAILABLE', 'Unable to load location suggestions.');
