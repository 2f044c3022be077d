import type { OfferList } from './get-offers';

const root = ['offers'] as const;
const lists = [...root, 'list'] as const;

/** The offers feature's query keys: every one starts at `offerKeys.all`. */
export const offerKeys = {
  all: root,
  /** The Offers badge. */
  counts: [...root, 'counts'] as const,
  /** Every list of /offers (an offer answered or withdrawn moves between them). */
  lists,
  list: (list: OfferList) => [...lists, list.box, list.status ?? 'all'] as const,
};
