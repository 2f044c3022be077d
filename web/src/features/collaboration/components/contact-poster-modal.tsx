import { MESSAGE_MAX, sendMessageSchema } from '@muster/contract/chats';
import type { CollaborationRequest } from '@muster/contract/collaboration';
import { useState } from 'react';
import { DialogClose, Modal } from '../../../components/modal';
import { FieldError, FormError } from '../../../components/form-errors';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
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
  const form = useContractForm({ id: 'contact-poster', fields: ['message'] });
  const send = useContactPosterMutation();
  const blank = message.trim() === '';

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (blank || !request.user) return;
    const body = form.check(sendMessageSchema, { recipientId: request.user._id, message });
    if (!body) return;
    send.mutate(body, {
      onSuccess: () => {
        toast.success('Message sent', { duration: COLLAB_TOAST_MS });
        onClose();
      },
      // Spec §8: a failed send shows no message; it is logged. A refusal of the message is said on it.
      onError: (error) => {
        form.refused(error);
        console.error('Failed to contact poster', error);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={form.fieldId('message')} className="block text-sm font-medium text-slate-700">
        Message
      </label>
      <textarea
        id={form.fieldId('message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={MESSAGE_MAX}
        {...form.aria('message')}
        rows={5}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <FieldError form={form} field="message" />
      <FormError form={form} />
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
