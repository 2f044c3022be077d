import { ROLE_REASON_MAX, setRoleSchema, type StaffPerson } from '@muster/contract/admin';
import { type Role, roles } from '@muster/contract/moderation';
import { useState } from 'react';
import { FieldError, FormError } from '../../../components/form-errors';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { personName } from '../../../lib/person-name';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSetRoleMutation } from '../api/set-role';
import { roleLabels } from './admin-frame';

const roleHints: Record<Role, string> = {
  member: 'No moderation tools.',
  moderator: 'Works the report queue: hides, warns, limits and suspends members and moderators.',
  admin: 'All a moderator can do, on anyone, and grants and takes roles.',
};

/**
 * Sets one person's role, with the reason the audit log keeps. Mounted open, one per person
 * (the caller keys it by the person), so each opening starts from their role and no reason.
 */
export function RoleDialog({ person, onClose }: { person: StaffPerson; onClose: () => void }) {
  const [role, setRole] = useState<Role>(person.role);
  const [reason, setReason] = useState('');
  const form = useContractForm({ id: 'role', fields: ['role', 'reason'] });
  const mutation = useSetRoleMutation();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(setRoleSchema, { role, reason });
    if (!body) return;
    mutation.mutate(
      { userId: person.user._id, body },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onClose();
        },
        onError: (err) => {
          if (!form.refused(err)) form.clear();
          toast.error(errorMessage(err, 'Could not change the role'));
        },
      },
    );
  }

  const name = personName(person.user);
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Role of ${name}`}
      description="The change and its reason go into the audit log. It takes effect on their next request."
      showDescription
    >
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Role</legend>
          <div className="mt-2 space-y-2">
            {roles.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="role"
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>
                  <span className="block font-medium">{roleLabels[r]}</span>
                  <span className="block text-xs text-slate-600">{roleHints[r]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError form={form} field="role" alert className="mt-2 text-sm text-red-700" />
        </fieldset>
        <label htmlFor={form.fieldId('reason')} className="mt-4 block text-sm font-medium text-slate-700">
          Reason
        </label>
        <textarea
          id={form.fieldId('reason')}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...form.aria('reason', 'role-reason-help')}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <FieldError form={form} field="reason" />
        <p id="role-reason-help" className="mt-1 text-xs text-slate-500">
          Kept in the audit log for the other admins, up to {ROLE_REASON_MAX} characters.
        </p>
        <div className="mt-4 empty:hidden">
          <FormError form={form} />
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={mutation.isPending}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
          >
            {mutation.isPending ? 'Saving...' : 'Save role'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
