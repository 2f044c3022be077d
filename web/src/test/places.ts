import type { Place } from '@muster/contract/geo';

/** Cebu City as the gazetteer (GET /geo/search) gives it: the place the web tests search for. */
export const cebuPlace: Place = {
  placeId: 'gazetteer:1717512',
  name: 'Cebu City',
  address: 'Cebu City, Cebu, Philippines',
  coordinates: [123.89071, 10.31672],
  parts: { locality: 'Cebu City', region: 'Cebu', country: 'Philippines' },
};
