import {
  APPROXIMATE_DECIMALS,
  approximateAddress,
  approximateCoordinates,
  approximatePlace,
} from '@muster/contract/geo';
import { describe, expect, it } from 'vitest';
import { placeAndTextColumns, placeColumns } from './places.js';

/** Great-circle distance in km between two [longitude, latitude] points. */
function km([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('approximateAddress: the place without the street', () => {
  it.each([
    ['12 Rizal Street, Tacloban City, Leyte, Philippines', 'Tacloban City, Leyte, Philippines'],
    ['Cebu City', 'Cebu City'],
    ['Cebu City, Central Visayas, Philippines', 'Cebu City, Central Visayas, Philippines'],
    // Nominatim's display names: house number, street, numbered barangay, postcode.
    [
      '12, Rizal Street, Barangay 56, Tacloban City, Leyte, Eastern Visayas, 6500, Philippines',
      'Tacloban City, Leyte, Eastern Visayas, Philippines',
    ],
    [
      'Robinsons Place, Justice Romualdez Street, Tacloban City, Leyte, Eastern Visayas, 6500, Philippines',
      'Tacloban City, Leyte, Eastern Visayas, Philippines',
    ],
    [
      'Osmeña Boulevard, Cebu City, Central Visayas, 6000, Philippines',
      'Cebu City, Central Visayas, Philippines',
    ],
    // A named place without a street: only the coarsest four parts stay.
    [
      'Tacloban City Hall, Kanhuraw Hill, Tacloban City, Leyte, Eastern Visayas, Philippines',
      'Tacloban City, Leyte, Eastern Visayas, Philippines',
    ],
    ['1600 Pennsylvania Avenue NW, Washington, DC 20500, USA', 'Washington, DC, USA'],
    ['10 Downing Street, London SW1A 2AA, United Kingdom', 'London, United Kingdom'],
    ['Hauptstraße 5, 10115 Berlin, Germany', 'Berlin, Germany'],
    ['Calle Mayor 10, 28013 Madrid, España', 'Madrid, España'],
    [
      'Blk 5 Lot 12, Phase 2, Bagong Silang, Caloocan, Metro Manila, Philippines',
      'Bagong Silang, Caloocan, Metro Manila, Philippines',
    ],
    ['Unit 4B, 221B Baker St, Marylebone, London NW1 6XE, UK', 'Marylebone, London, UK'],
    ['Purok 3, Sitio Malinao, Ormoc City, Leyte', 'Ormoc City, Leyte'],
    ['Jl. Malioboro No. 52, Yogyakarta, Indonesia', 'Yogyakarta, Indonesia'],
    // "St." first is a saint's town, not a street.
    ['St. Louis, Missouri, United States', 'St. Louis, Missouri, United States'],
    ['Umlazi, Durban, South Africa', 'Umlazi, Durban, South Africa'],
    ['Berlin, Germany (remote)', 'Berlin, Germany (remote)'],
    ['Accra', 'Accra'],
    // A street alone says nothing coarser: nothing is left.
    ['Rizal Street', ''],
    ['  ,  ', ''],
  ])('%s → %s', (given, shown) => {
    expect(approximateAddress(given)).toBe(shown);
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

describe('approximatePlace', () => {
  it('keeps a city-level name, drops a street or shop name and the geocoder id, and says it is approximate', () => {
    expect(
      approximatePlace({
        address: 'Cebu City, Central Visayas, Philippines',
        name: 'Cebu City',
        coordinates: [123.89071, 10.31672],
        placeId: 'gazetteer:PH:Cebu City:Central Visayas',
      }),
    ).toEqual({
      address: 'Cebu City, Central Visayas, Philippines',
      name: 'Cebu City',
      coordinates: [123.89, 10.32],
      approximate: true,
    });
    expect(
      approximatePlace({
        address: '12, Rizal Street, Tacloban City, Leyte, 6500, Philippines',
        name: 'Rizal Street',
        coordinates: [125.00434, 11.24435],
        placeId: 'nominatim:123456',
      }),
    ).toEqual({ address: 'Tacloban City, Leyte, Philippines', coordinates: [125, 11.24], approximate: true });
    expect(approximatePlace({ address: 'Accra' })).toEqual({ address: 'Accra', approximate: true });
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
      address: 'Tacloban City, Leyte, Philippines',
      coordinates: [125, 11.24],
      approximate: true,
    });
    expect(placeColumns(undefined)).toEqual({ mapLocation: null, exactLocation: null });
    expect(placeAndTextColumns('5 Osmeña Blvd, Cebu City', null)).toEqual({
      location: 'Cebu City',
      mapLocation: null,
      exactLocation: JSON.stringify({ location: '5 Osmeña Blvd, Cebu City', mapLocation: null }),
    });
    expect(placeAndTextColumns('', undefined)).toEqual({
      location: '',
      mapLocation: null,
      exactLocation: null,
    });
  });
});
