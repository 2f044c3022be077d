import { expect, it } from 'vitest';
import { fitWithin } from './downscale-image';

it('fits an image within 1600 × 1600 keeping its proportions, never enlarging it', () => {
  expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
  expect(fitWithin(1000, 5000, 1600)).toEqual({ width: 320, height: 1600 });
  expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
});
