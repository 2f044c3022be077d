import { MESSAGE_MAX } from '@muster/contract/chats-constants';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { DialogClose, Modal } from '../../../components/modal';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { paths } from '../../../lib/paths';
import { useSendMessageMutation } from '../api/send-message';
import { newClientMessageId } from '../client-message-id';

const triggerStyles = {
  primary: 'border border-brand-600 bg-brand-600 text-white hover:bg-brand-700',
  outline: 'border border-brand-600 text-brand-700 hover:bg-brand-50',
} as const;

/**
 * Message a person from their profile or a list: the first message opens the conversation. Someone
 * who takes messages only from their connections gets it as a chat request (the server answers
 * 202): the dialog says so instead of opening a chat that does not exist yet.
 */
export function MessageButton({
  recipient,
  variant = 'primary',
}: {
  recipient: { _id: string; firstName: string; lastName: string };
  variant?: keyof typeof triggerStyles;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [requested, setRequested] = useState(false);
  // One id per message written: pressing Send twice (or again after a lost answer) sends it once.
  const [clientMessageId, setClientMessageId] = useState(newClientMessageId);
  const form = useContractForm({ id: 'profile', fields: ['message'] });
  const send = useSendMessageMutation();
  const navigate = useNavigate();
  const name = `${recipient.firstName} ${recipient.lastName}`.trim();

  function change(next: boolean) {
    setOpen(next);
    if (!next && requested) {
      setRequested(false);
      setText('');
      setClientMessageId(newClientMessageId());
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={`Message ${name}`}
      description="Write the first message of your conversation."
      trigger={
        <button
          type="button"
          className={`inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold ${triggerStyles[variant]}`}
        >
          <MessageSquare className="size-4" aria-hidden="true" /> Message
        </button>
      }
    >
      {requested ? (
        <div role="status">
          <p className="text-sm text-slate-700">
            {recipient.firstName || name} accepts messages only from their connections, so your message was
            sent as a request. They will see it when they accept; the conversation then appears in your chats.
          </p>
          <div className="mt-4 flex justify-end">
            <DialogClose className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              OK
            </DialogClose>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            if (!text.trim()) return;
            // The schema loads with the first message, not with every list that offers the button.
            const { sendMessageSchema } = await import('../send-message-schema');
            const body = form.check(sendMessageSchema, {
              recipientId: recipient._id,
              message: text,
              clientMessageId,
            });
            if (!body) return;
            send.mutate(body, {
              onSuccess: (answer) => {
                if ('message' in answer) return navigate(paths.chat(answer.message.chatId));
                toast.success('Message request sent');
                setRequested(true);
              },
              onError: (err) => {
                form.refused(err);
                toast.error(errorMessage(err, 'Failed to send your message'));
              },
            });
          }}
        >
          <label htmlFor={form.fieldId('message')} className="block text-sm font-medium text-slate-700">
            Message
          </label>
          <textarea
            id={form.fieldId('message')}
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={MESSAGE_MAX}
            {...form.aria('message')}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
          <FieldError form={form} field="message" />
          <FormError form={form} />
          <div className="mt-4 flex justify-end">
            <button
              type="submit"
              disabled={!text.trim() || send.isPending}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {send.isPending ? 'Sending...' : 'Send'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
