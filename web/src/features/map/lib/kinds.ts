import type { MapKind } from '@muster/contract/map-constants';

/**
 * How each kind looks on the map and in its legend (decision 079): a colour, and a letter in a
 * shape, so the kinds are told apart without colour too (WCAG 1.4.1). The colours (Tailwind's red-600,
 * amber-700, emerald-700, indigo-600) are each ≥ 4.5:1 against the white letter.
 */
export const kindLook: Record<
  MapKind,
  {
    label: string;
    plural: string;
    letter: string;
    color: string;
    shape: 'drop' | 'square' | 'diamond' | 'circle';
  }
> = {
  need: { label: 'Need', plural: 'Needs', letter: 'N', color: '#dc2626', shape: 'drop' },
  want: { label: 'Want', plural: 'Wants', letter: 'W', color: '#b45309', shape: 'circle' },
  provision: { label: 'Provision', plural: 'Provisions', letter: 'P', color: '#047857', shape: 'square' },
  mission: { label: 'Mission', plural: 'Missions', letter: 'M', color: '#4f46e5', shape: 'diamond' },
};
