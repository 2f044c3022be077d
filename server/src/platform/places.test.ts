import { APPROXIMATE_DECIMALS, approximateCoordinates } from '@muster/contract/geo';
import { describe, expect, it } from 'vitest';
import { STREET_OR_LANDMARK, TYPED_PLACES } from '../../test/typed-places.js';
import { foldedWords, nearestCityParts, recognisedNames } from './gazetteer.js';
import { cityLevelParts } from './geo.js';
import {
  locationColumns,
  placeAndTextColumns,
  placeColumns,
  publicPlace,
  publicPlaceText,
} from './places.js';

/** Great-circle distance in km between two [longitude, latitude] points. */
function km([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('publicPlaceText: city-level by construction, from the gazetteer', () => {
  it(`has a table of at least 50 places typed by hand (${TYPED_PLACES.length})`, () => {
    expect(TYPED_PLACES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(TYPED_PLACES)('%s → %s', (typed, shown) => {
    const text = publicPlaceText(typed);
    expect(text).toBe(shown);
    expect(text).not.toMatch(STREET_OR_LANDMARK);
    // Every part is a gazetteer name as a whole: reading the public text again gives it back.
    for (const part of text ? text.split(', ') : []) expect(recognisedNames(part)).toEqual([part]);
  });

  it('reads a name only as whole words: a street named after a city is not that city', () => {
    expect(recognisedNames('Via Roma')).toEqual([]);
    expect(recognisedNames('Rome Street')).toEqual([]);
    expect(recognisedNames('Parisian Bakery')).toEqual([]);
    expect(recognisedNames('Rome')).toEqual(['Rome']);
    expect(foldedWords('Tromsø, NORWAY')).toEqual(['tromso', 'norway']);
  });
});

describe('approximateCoordinates: about a kilometre', () => {
  it('rounds to two decimals, the same point always to the same cell', () => {
    expect(APPROXIMATE_DECIMALS).toBe(2);
    expect(approximateCoordinates([125.00434, 11.24435])).toEqual([125, 11.24]);
    expect(approximateCoordinates([123.89071, 10.31672])).toEqual([123.89, 10.32]);
    expect(approximateCoordinates([-0.0012, 51.4779])).toEqual([0, 51.48]);
    expect(Object.is(approximateCoordinates([-0.0012, 0.001])[0], -0)).toBe(false);
  });

  it('is never more than 0.8 km off, and never the point itself unless it sits on the grid', () => {
    let worst = 0;
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const point: [number, number] = [random() * 360 - 180, random() * 170 - 85];
      worst = Math.max(worst, km(point, approximateCoordinates(point)));
    }
    // Half a cell each way: 0.005° of latitude is 0.556 km; corner to centre at the equator 0.786 km.
    expect(worst).toBeLessThan(0.79);
    expect(worst).toBeGreaterThan(0.6);
    expect(km([125.005, 11.245], approximateCoordinates([125.005, 11.245]))).toBeLessThan(0.79);
  });
});

describe('publicPlace: built from city-level parts, never cut from the address', () => {
  it("takes the geocoder's structured parts when it gave them, and drops the place id", () => {
    expect(
      publicPlace({
        address: 'Mango Avenue, corner General Maxilom Avenue, Cebu City, Central Visayas, 6000, Philippines',
        name: 'Mango Avenue',
        coordinates: [123.89071, 10.31672],
        placeId: 'nominatim:123456',
        parts: { locality: 'Cebu City', region: 'Central Visayas', country: 'Philippines' },
      }),
    ).toEqual({
      address: 'Cebu City, Central Visayas, Philippines',
      name: 'Cebu City',
      coordinates: [123.89, 10.32],
      approximate: true,
    });
    // A part that holds a number is an address line, not a place's name: it is left out.
    expect(
      publicPlace({
        address: 'x',
        coordinates: [125.00434, 11.24435],
        parts: { locality: '12 Rizal St', country: 'Philippines' },
      }),
    ).toEqual({ address: 'Philippines', coordinates: [125, 11.24], approximate: true });
  });

  it('else names the gazetteer city nearest the rounded point, whatever the address says', () => {
    const cases: Array<[string, [number, number], string]> = [
      ['12 Rizal Street, Tacloban City', [125.00434, 11.24435], 'Tacloban, Leyte, Philippines'],
      ['Mango Ave. corner Gen. Maxilom, Cebu City', [123.9003, 10.3113], 'Cebu City, Cebu, Philippines'],
      ['Via Roma 12', [12.4964, 41.9028], 'Rome, Lazio, Italy'],
      ['ул. Ленина 5', [82.9204, 55.0302], 'Novosibirsk, Russia'],
      ['Near the old church', [-58.3816, -34.6037], 'Buenos Aires, Argentina'],
      ['Behind the market', [36.8219, -1.2921], 'Nairobi, Kenya'],
      ['Hauptstraße 5', [13.405, 52.52], 'Berlin, Germany'],
    ];
    for (const [address, coordinates, shown] of cases) {
      const place = publicPlace({ address, name: address, coordinates, placeId: 'x' });
      expect(place.address, address).toBe(shown);
      expect(place.name).toBe(shown.split(', ')[0]);
      expect(place.coordinates).toEqual(approximateCoordinates(coordinates));
      expect(place.address).not.toMatch(STREET_OR_LANDMARK);
    }
    // Far from any listed city: the province and country; in the open sea, nothing.
    // (GeoNames lists villages of a thousand people: the Tibesti mountains are far from all of them.)
    expect(nearestCityParts([16, 22])).toEqual({ region: 'Tibesti', country: 'Chad' });
    expect(publicPlace({ address: 'A boat', coordinates: [-30, 30] })).toEqual({
      address: '',
      coordinates: [-30, 30],
      approximate: true,
    });
  });

  it('keeps only the gazetteer names of a place typed by hand without a point', () => {
    expect(publicPlace({ address: 'Behind the market, Tacloban City', name: 'Tacloban' })).toEqual({
      address: 'Tacloban',
      name: 'Tacloban',
      approximate: true,
    });
    expect(publicPlace({ address: 'Kalye Mabini', name: 'Kalye Mabini' })).toEqual({
      address: '',
      approximate: true,
    });
  });

  it("keeps Nominatim's city-level parts only", () => {
    expect(
      cityLevelParts({
        house_number: '12',
        road: 'Rizal Street',
        suburb: 'Barangay 56',
        city: 'Tacloban City',
        state: 'Eastern Visayas',
        postcode: '6500',
        country: 'Philippines',
      }),
    ).toEqual({ locality: 'Tacloban City', region: 'Eastern Visayas', country: 'Philippines' });
    expect(
      cityLevelParts({ hamlet: 'Sitio Malinao', village: 'Palo', county: 'Leyte', country: 'Philippines' }),
    ).toEqual({
      locality: 'Palo',
      region: 'Leyte',
      country: 'Philippines',
    });
    expect(cityLevelParts({ road: 'Via Roma', amenity: 'Chiesa' })).toEqual({});
  });

  it('is stored beside the exact place, which stays as given', () => {
    const given = {
      address: '12 Rizal Street, Tacloban City, Leyte, Philippines',
      name: 'Home',
      coordinates: [125.00434, 11.24435] as [number, number],
      placeId: 'x',
    };
    const columns = placeColumns(given);
    expect(JSON.parse(columns.exactLocation!)).toEqual(given);
    expect(JSON.parse(columns.mapLocation!)).toEqual({
      address: 'Tacloban, Leyte, Philippines',
      name: 'Tacloban',
      coordinates: [125, 11.24],
      approximate: true,
    });
    expect(placeColumns(undefined)).toEqual({ mapLocation: null, exactLocation: null });
    expect(placeAndTextColumns('5 Osmeña Blvd, Cebu City', null)).toEqual({
      location: 'Cebu City',
      mapLocation: null,
      exactLocation: JSON.stringify({ location: '5 Osmeña Blvd, Cebu City', mapLocation: null }),
    });
    // A mission's text follows its place when the place says something.
    expect(
      placeAndTextColumns('Near the old church', { address: 'x', coordinates: [125.00434, 11.24435] })
        .location,
    ).toBe('Tacloban, Leyte, Philippines');
    expect(placeAndTextColumns('', undefined)).toEqual({
      location: '',
      mapLocation: null,
      exactLocation: null,
    });
    expect(locationColumns('Kalye Mabini 45, Davao City')).toEqual({
      location: 'Davao',
      exactLocation: 'Kalye Mabini 45, Davao City',
    });
    expect(locationColumns('')).toEqual({ location: '', exactLocation: null });
  });
});
