import { HandHeart } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/api-client';
import { OfferForm } from '../../lib/offer-form-slot';
import toast from '../../lib/toast';
import { useSendRemoteOfferMutation } from './api';

/** Another server's open need or want, as far as offering help on it goes. */
export type RemoteOfferTarget = { objectId: string; server: string; title: string };

/**
 * Offer help on another Muster's need or want (issue 38, decisions 089 and 090): the one offer
 * form (lib/offer-form-slot), sent to `POST /federation/offers` with the listing's Note id. The
 * offer goes to the listing's home server, where its author answers it.
 */
export function RemoteOfferButton({
  listing,
  size = 'md',
}: {
  listing: RemoteOfferTarget;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const style = size === 'sm' ? 'px-3 py-1 text-xs' : 'px-3.5 py-1.5 text-sm';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex items-center gap-1.5 rounded-full bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 ${style}`}
      >
        <HandHeart className="size-4" aria-hidden="true" /> Offer help
        <span className="sr-only">: {listing.title}</span>
      </button>
      {/* It opens with its form, which loads with the first dialog (lib/offer-form-slot.tsx). */}
      <Suspense fallback={null}>
        <Modal
          open={open}
          onOpenChange={setOpen}
          title="Offer help"
          description={`Your offer goes to ${listing.server}, where the person who posted “${listing.title}” can answer it.`}
          showDescription
        >
          {/* Mounted only while open, so each opening starts from an empty form. */}
          {open && <RemoteOfferForm listing={listing} onDone={() => setOpen(false)} />}
        </Modal>
      </Suspense>
    </>
  );
}

function RemoteOfferForm({ listing, onDone }: { listing: RemoteOfferTarget; onDone: () => void }) {
  const send = useSendRemoteOfferMutation();
  return (
    <OfferForm
      initial={{ message: '', give: '', when: '' }}
      placeholders={{
        message: 'I can help with this…',
        give: 'A lift, a spare generator, two hours of work…',
        when: 'Weekday evenings, this Saturday…',
      }}
      send={async (offer) => {
        await send.mutateAsync({ ...offer, objectId: listing.objectId });
        toast.success(`Offer sent to ${listing.server}`);
        onDone();
      }}
      // The form has put the server's field details under their fields; the rest is said here.
      onRefused={(err) => toast.error(errorMessage(err, 'Failed to send your offer. Please try again.'))}
      onCancel={onDone}
    />
  );
}
