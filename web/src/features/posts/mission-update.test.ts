import { expect, it } from 'vitest';
import { withoutUpdatePrefix, withUpdatePrefix } from './mission-update';

it('prefills the bell, the next update number and the title before the text, and strips it again', () => {
  const text = withUpdatePrefix('Trucks arrived.', 'Ikeja water run', 2);
  expect(text).toBe('🔔 Update #3: Ikeja water run\nTrucks arrived.');
  expect(withoutUpdatePrefix(text, 'Ikeja water run', 2)).toBe('Trucks arrived.');
  expect(withoutUpdatePrefix('edited away', 'Ikeja water run', 2)).toBe('edited away');
});
