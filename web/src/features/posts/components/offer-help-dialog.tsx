import { offerPrefill } from '@muster/contract/offers-constants';
import type { Post } from '@muster/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { ApiClientError, errorMessage } from '../../../lib/api-client';
import { useCreateOfferMutation } from '../api/create-offer';
import { markOffered } from '../../../lib/offered-marks';
import { OfferForm } from '../../../lib/offer-form-slot';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';

/** Offer help on a need or want: a message (started for you), and what you can give and when. */
export function OfferHelpDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const name = personName(post.author);
  return (
    // It opens with its form, which loads with the first dialog (lib/offer-form-slot.tsx).
    <Suspense fallback={null}>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Offer help"
        description={`Tell ${name} how you can help. They can accept and chat with you.`}
        showDescription
      >
        {/* Mounted only while open, so each opening starts again from the prefilled message. */}
        {open && <OfferHelpForm post={post} onDone={() => onOpenChange(false)} />}
      </Modal>
    </Suspense>
  );
}

function OfferHelpForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [already, setAlready] = useState(false);
  const create = useCreateOfferMutation();
  const queryClient = useQueryClient();
  return (
    <OfferForm
      initial={{ message: offerPrefill(post), give: '', when: '' }}
      placeholders={{
        give: 'A lift, a spare pram, two hours of tutoring…',
        when: 'Weekday evenings, this Saturday…',
      }}
      send={async (offer) => {
        await create.mutateAsync({ postId: post._id, offer });
        toast.success('Offer sent');
        onDone();
      }}
      onRefused={(err) => {
        // The form stays open with what was typed: the offer that stands is in Offers.
        if (err instanceof ApiClientError && err.status === 409) {
          toast.error('You have already offered help here');
          markOffered(queryClient, post._id);
          setAlready(true);
          return;
        }
        toast.error(errorMessage(err, 'Failed to send your offer. Please try again.'));
      }}
      onCancel={onDone}
      notice={
        already && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            You have already offered help on this. Your offer is under Made in{' '}
            <Link to={paths.offers} className="font-semibold underline">
              Offers
            </Link>
            .
          </p>
        )
      }
    />
  );
}
