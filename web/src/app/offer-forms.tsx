import { lazy } from 'react';
import { OfferFormProvider, type OfferFormProps } from '../lib/offer-form-slot';

// Loaded with the first offer dialog that shows it: the form brings the offers contract's schemas,
// which the shell need not build at start (decision 030).
const OfferForm = lazy(() =>
  import('../features/offers/components/offer-form').then((m) => ({ default: m.OfferForm })),
);

const renderOfferForm = (props: OfferFormProps) => <OfferForm {...props} />;

/** The offers feature's one form, for the posts' and the missions' Offer help dialogs (decision 056). */
export function OfferForms({ children }: { children: React.ReactNode }) {
  return <OfferFormProvider form={renderOfferForm}>{children}</OfferFormProvider>;
}
