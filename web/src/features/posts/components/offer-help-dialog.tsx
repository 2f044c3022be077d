import {
  createOfferSchema,
  OFFER_GIVE_MAX,
  OFFER_MESSAGE_MAX,
  OFFER_WHEN_MAX,
  offerPrefill,
} from '@muster/contract/offers';
import type { Post } from '@muster/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { ApiClientError, errorMessage } from '../../../lib/api-client';
import { useCreateOfferMutation } from '../api/create-offer';
import { markOffered } from '../../../lib/offered-marks';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';
const label = 'block text-sm font-medium text-slate-700';

type Errors = Partial<Record<'message' | 'give' | 'when', string>>;

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
  );
}

function OfferHelpForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [message, setMessage] = useState(() => offerPrefill(post));
  const [give, setGive] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [already, setAlready] = useState(false);
  const send = useCreateOfferMutation();
  const queryClient = useQueryClient();
  const id = useId();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = createOfferSchema.safeParse({
      message,
      ...(give.trim() ? { give } : {}),
      ...(when.trim() ? { when } : {}),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    send.mutate(
      { postId: post._id, offer: parsed.data },
      {
        onSuccess: () => {
          toast.success('Offer sent');
          onDone();
        },
        onError: (err) => {
          // The form stays open with what was typed: the offer that stands is in Offers.
          if (err instanceof ApiClientError && err.status === 409) {
            toast.error('You have already offered help here');
            markOffered(queryClient, post._id);
            setAlready(true);
            return;
          }
          if (err instanceof ApiClientError && err.details.length) {
            setErrors(
              Object.fromEntries(err.details.map((d) => [d.path.split('.').pop() ?? d.path, d.message])),
            );
          }
          toast.error(errorMessage(err, 'Failed to send your offer. Please try again.'));
        },
      },
    );
  }

  const describedBy = (key: keyof Errors, hint?: string) =>
    [hint, errors[key] ? `${id}-${key}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (key: keyof Errors) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} role="alert" className="mt-1 text-sm text-red-600">
        {errors[key]}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={`${id}-message`} className={label}>
          Message
        </label>
        <textarea
          id={`${id}-message`}
          className={`${field} min-h-28`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={OFFER_MESSAGE_MAX}
          aria-invalid={!!errors.message}
          aria-describedby={describedBy('message')}
        />
        {error('message')}
      </div>
      <div>
        <label htmlFor={`${id}-give`} className={label}>
          What you can give <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={`${id}-give`}
          className={field}
          value={give}
          onChange={(e) => setGive(e.target.value)}
          maxLength={OFFER_GIVE_MAX}
          placeholder="A lift, a spare pram, two hours of tutoring…"
          aria-invalid={!!errors.give}
          aria-describedby={describedBy('give')}
        />
        {error('give')}
      </div>
      <div>
        <label htmlFor={`${id}-when`} className={label}>
          When <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={`${id}-when`}
          className={field}
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          maxLength={OFFER_WHEN_MAX}
          placeholder="Weekday evenings, this Saturday…"
          aria-invalid={!!errors.when}
          aria-describedby={describedBy('when')}
        />
        {error('when')}
      </div>
      {already && (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          You have already offered help on this. Your offer is under Made in{' '}
          <Link to={paths.offers} className="font-semibold underline">
            Offers
          </Link>
          .
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          onClick={onDone}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={send.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {send.isPending ? 'Sending...' : 'Send offer'}
        </button>
      </div>
    </form>
  );
}
