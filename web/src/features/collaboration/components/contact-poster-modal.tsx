import type { CollaborationRequest } from '@muster/contract/collaboration';
import { useState } from 'react';
import { DialogClose, Modal } from '../../../components/modal';
import toast from '../../../lib/toast';
import { useContactPosterMutation } from '../api/contact-poster';
import { COLLAB_TOAST_MS } from '../constants';
import { posterName } from '../poster';

const greeting = (request: CollaborationRequest) =>
  `Hi ${posterName(request).split(' ')[0]}, I saw your collaboration request "${request.title}" on Muster and I'd love to help.`;

/** 'Contact {name}': a direct message to the poster, prefilled once with a greeting. */
export function ContactPosterModal({
  request,
  onClose,
}: {
  request: CollaborationRequest | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request ? `Contact ${posterName(request)}` : ''}
      description="Your message goes to their Muster chats."
      showDescription
    >
      {request && <ContactForm key={request._id} request={request} onClose={onClose} />}
    </Modal>
  );
}

function ContactForm({ request, onClose }: { request: CollaborationRequest; onClose: () => void }) {
  const [message, setMessage] = useState(() => greeting(request));
  const send = useContactPosterMutation();
  const blank = message.trim() === '';

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (blank || !request.user) return;
    send.mutate(
      { recipientId: request.user._id, message: message.trim() },
      {
        onSuccess: () => {
          toast.success('Message sent', { duration: COLLAB_TOAST_MS });
          onClose();
        },
        // Spec §8: a failed send shows no message; it is logged.
        onError: (error) => console.error('Failed to contact poster', error),
      },
    );
  }

  return (
    <form onSubmit={submit}>
      <label htmlFor="contact-poster-message" className="block text-sm font-medium text-slate-700">
        Message
      </label>
      <textarea
        id="contact-poster-message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        required
        rows={5}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <div className="mt-4 flex justify-end gap-3">
        <DialogClose className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          Cancel
        </DialogClose>
        <button
          type="submit"
          disabled={blank || send.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {send.isPending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
