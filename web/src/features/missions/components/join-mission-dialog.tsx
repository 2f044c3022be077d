import type { MemberRole } from '@muster/contract/missions';
import { JOIN_MESSAGE_MAX } from '@muster/contract/missions-constants';
import { useId, useState } from 'react';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/person-row';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useJoinMissionMutation } from '../api/join-mission';
import { fieldStyle, labelStyle } from './mission-bits';

/** Spec §5 "Mission-join dialog": closed, open, joining. */
export type JoinDialogState = 'closed' | 'open' | 'joining';

const roles: Array<{ value: MemberRole; label: string; hint: string }> = [
  { value: 'collaborator', label: 'Collaborator', hint: 'Help with the work' },
  { value: 'partner', label: 'Partner', hint: 'Co-lead, as a person or an organisation' },
];

/**
 * Join: a button that opens the confirmation dialog (choose a role, add an optional message);
 * sending makes it 'joining' until the server answers, then it closes with a toast, or opens
 * again on failure so nothing typed is lost.
 */
export function JoinMissionButton({
  missionId,
  missionTitle,
  onJoined,
  className = buttonStyles.primary,
  label = 'Join',
  beforeOpen,
}: {
  missionId: string;
  missionTitle: string;
  onJoined?: () => void;
  className?: string;
  label?: string;
  /** Asked before the dialog opens (where the viewer stands may not be known yet); false keeps it closed. */
  beforeOpen?: () => Promise<boolean>;
}) {
  const [checking, setChecking] = useState(false);
  const [state, setState] = useState<JoinDialogState>('closed');
  const [role, setRole] = useState<MemberRole>('collaborator');
  const [message, setMessage] = useState('');
  const join = useJoinMissionMutation();
  const id = useId();
  const form = useContractForm({ id, fields: ['role', 'message'] });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The schema loads with the first join, not with every post card that offers one: building
    // the missions contract's schemas was part of the signed-in shell's start-up (decision 030).
    const { joinMissionSchema } = await import('@muster/contract/missions');
    const body = form.check(joinMissionSchema, { role, message });
    if (!body) return;
    setState('joining');
    join.mutate(
      { missionId, role: body.role, message: body.message },
      {
        onSuccess: () => {
          toast.success('Request to join sent');
          setState('closed');
          setMessage('');
          onJoined?.();
        },
        onError: (err) => {
          toast.error(errorMessage(err, 'Failed to send the request. Please try again.'));
          setState('open');
          form.refused(err);
        },
      },
    );
  }

  return (
    <>
      <button
        type="button"
        className={className}
        data-state={state}
        disabled={checking}
        aria-busy={checking}
        onClick={async () => {
          if (beforeOpen) {
            setChecking(true);
            const ok = await beforeOpen().finally(() => setChecking(false));
            if (!ok) return;
          }
          setState('open');
        }}
      >
        {label}
      </button>
      <Modal
        open={state !== 'closed'}
        // While joining, the dialog stays: closing it would hide whether the request went through.
        onOpenChange={(open) => state !== 'joining' && setState(open ? 'open' : 'closed')}
        title="Join mission"
        description={`Ask to join ${missionTitle}. The owner reviews your request.`}
        showDescription
        size="md"
      >
        <form onSubmit={submit} className="space-y-4" aria-busy={state === 'joining'}>
          <fieldset>
            <legend className={labelStyle}>Join as</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {roles.map((r) => (
                <label
                  key={r.value}
                  className={`cursor-pointer rounded-xl border p-3 text-sm ${role === r.value ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50'}`}
                >
                  <input
                    type="radio"
                    name={`${id}-role`}
                    value={r.value}
                    checked={role === r.value}
                    onChange={() => setRole(r.value)}
                    className="sr-only"
                  />
                  <span className="block font-semibold text-slate-900">{r.label}</span>
                  <span className="block text-slate-600">{r.hint}</span>
                </label>
              ))}
            </div>
            <FieldError form={form} field="role" alert />
          </fieldset>
          <div>
            <label htmlFor={form.fieldId('message')} className={labelStyle}>
              Message <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea
              id={form.fieldId('message')}
              className={`${fieldStyle} min-h-24`}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={JOIN_MESSAGE_MAX}
              placeholder="Say what you can bring"
              {...form.aria('message')}
            />
            <FieldError form={form} field="message" alert />
          </div>
          <FormError form={form} />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className={buttonStyles.ghost}
              disabled={state === 'joining'}
              onClick={() => setState('closed')}
            >
              Cancel
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={state === 'joining'}>
              {state === 'joining' ? 'Joining...' : 'Send request'}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
