import type { Mission } from '@muster/contract/missions';
import { Suspense, useState } from 'react';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { OfferForm, type OfferValues } from '../../../lib/offer-form-slot';
import { useSendOfferMutation } from '../api/send-offer';
import { missionTitle } from './mission-bits';

const blank: OfferValues = { message: '', give: '', when: '' };

/** Offer help: a message to the owner, and what you can give and when (they find it on /offers). */
export function OfferHelpDialog({
  mission,
  open,
  onOpenChange,
}: {
  mission: Mission;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // What was typed stays while the dialog is closed, until the offer is sent.
  const [draft, setDraft] = useState(blank);
  const send = useSendOfferMutation();
  return (
    // It opens with its form, which loads with the first dialog (lib/offer-form-slot.tsx).
    <Suspense fallback={null}>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Offer help"
        description={`Tell the owner of ${missionTitle(mission)} how you can help.`}
        showDescription
      >
        <OfferForm
          initial={draft}
          onChange={setDraft}
          placeholders={{
            message: 'I can lend a truck on weekends…',
            give: 'A truck, two volunteers, design work…',
            when: 'Weekends in December…',
          }}
          send={async (offer) => {
            await send.mutateAsync({ missionId: mission._id, ...offer });
            toast.success('Offer sent');
            setDraft(blank);
            onOpenChange(false);
          }}
          onRefused={(err) => toast.error(errorMessage(err, 'Failed to send the offer. Please try again.'))}
          onCancel={() => onOpenChange(false)}
        />
      </Modal>
    </Suspense>
  );
}
