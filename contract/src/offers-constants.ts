/**
 * Zod-free half of offers.ts (decision 030): the offer statuses, field limits and the dialog's
 * opening line, which the signed-in shell reads at start-up. Importing offers.ts builds all of its
 * zod schemas on load, a cost the shell's start-up task paid for these constants; it re-exports
 * everything here, so the server, the forms and the tests keep importing from it.
 */
export const offerStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof offerStatuses)[number];
export const offerStatusLabels: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
export const offerBoxes = ['received', 'made'] as const;
export type OfferBox = (typeof offerBoxes)[number];

export const OFFER_MESSAGE_MAX = 1000;
export const OFFER_GIVE_MAX = 300;
export const OFFER_WHEN_MAX = 200;

/** The friendly line the Offer help dialog starts from, quoting the need. */
export function offerPrefill(need: { title: string; content: string }) {
  const quoted = (need.title || need.content).replace(/\s+/g, ' ').trim();
  const short = quoted.length > 80 ? `${quoted.slice(0, 77)}…` : quoted;
  return `Hi! I saw your post “${short}” and I’d like to help.`;
}
