import type { SearchParams } from './advanced-search';

const root = ['search'] as const;

/** The search feature's query keys: every one starts at `searchKeys.all`. */
export const searchKeys = {
  all: root,
  /** One page, as the box asks for it. */
  results: (p: SearchParams) => [...root, 'results', p.query, p.section ?? 'all', p.category ?? ''] as const,
  /** The pages' infinite list: its own key, since its cached shape ({ pages }) differs from the box's. */
  pages: (p: SearchParams) =>
    [
      ...root,
      'pages',
      p.query,
      p.section ?? 'all',
      p.category ?? '',
      p.verifiedFirst === true,
      p.near ? `${p.near.lat},${p.near.lon},${p.near.radiusKm}` : '',
    ] as const,
  trending: [...root, 'trending'] as const,
};
