import type { CreateOfferInput } from '@muster/contract/offers';
import { createContext, useContext } from 'react';

export type OfferValues = { message: string; give: string; when: string };

/** What an offer dialog hands the offers feature's one form (decision 056). */
export type OfferFormProps = {
  /** Where the fields start: a need's prefilled message, or what was typed before the dialog closed. */
  initial: OfferValues;
  /** Told of every change, for a dialog that keeps what was typed while it is closed. */
  onChange?: (values: OfferValues) => void;
  placeholders: { message?: string; give: string; when: string };
  /**
   * Sends the offer the form checked with the contract's schema. Resolves when it was sent; a
   * refusal rejects, and its field details are said under the fields.
   */
  send: (offer: CreateOfferInput) => Promise<unknown>;
  /** Said when a refusal rejected `send`, after the form has shown its field details. */
  onRefused: (error: unknown) => void;
  onCancel: () => void;
  /** A line above the buttons (the dialog's "already offered" note). */
  notice?: React.ReactNode;
};

type RenderOfferForm = (props: OfferFormProps) => React.ReactNode;
const Slot = createContext<RenderOfferForm | null>(null);

/**
 * The posts' and the missions' Offer help dialogs show the offers feature's form, which no
 * feature may import: app/ hands it in here (as the router hands the missions the place search).
 */
export function OfferFormProvider({ form, children }: { form: RenderOfferForm; children: React.ReactNode }) {
  return <Slot.Provider value={form}>{children}</Slot.Provider>;
}

/**
 * The offer form, as app/ handed it in. It suspends while its module loads with the first dialog
 * that shows it: a dialog puts itself in a Suspense boundary, so it opens with its form.
 */
export function OfferForm(props: OfferFormProps) {
  const render = useContext(Slot);
  if (!render) throw new Error('OfferForm needs an OfferFormProvider (app/layouts/app-shell.tsx)');
  return render(props);
}
