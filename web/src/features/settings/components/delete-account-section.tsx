import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { deleteAccountSchema, PASSWORD_MAX } from '@muster/contract/auth';
import type { SessionUser } from '@muster/contract/users';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useDeleteAccountMutation } from '../api/delete-account';

/** Deleting is for real: password (when there is one) and the word DELETE, then everything goes. */
export function DeleteAccountSection({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useContractForm({ id: 'delete', fields: ['password', 'confirm'] });
  const remove = useDeleteAccountMutation();
  const navigate = useNavigate();
  const ready = confirm === 'DELETE' && (!user.hasPassword || password.length > 0);

  return (
    <section
      className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="delete-heading"
    >
      <h2 id="delete-heading" className="text-lg font-semibold text-red-700">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your profile, posts, messages and everything else you made on Muster are removed. This cannot be
        undone.
      </p>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Trigger className="mt-4 rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
          Delete my account
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">
              Delete your account?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-600">
              Type DELETE to confirm. Everything goes, at once.
            </AlertDialog.Description>
            <form
              className="mt-4 space-y-3"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const body = form.check(deleteAccountSchema, {
                  ...(user.hasPassword ? { password } : {}),
                  confirm,
                });
                if (!body) return;
                remove.mutate(body, {
                  onSuccess: () => {
                    toast.success('Your account has been deleted.');
                    navigate('/muster', { replace: true });
                  },
                  onError: (err) => {
                    form.refused(err);
                    toast.error(errorMessage(err, 'Failed to delete your account'));
                  },
                });
              }}
            >
              {user.hasPassword && (
                <div>
                  <label
                    htmlFor={form.fieldId('password')}
                    className="block text-sm font-medium text-slate-700"
                  >
                    Password
                  </label>
                  <input
                    id={form.fieldId('password')}
                    type="password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    maxLength={PASSWORD_MAX}
                    autoComplete="current-password"
                    {...form.aria('password')}
                    className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-500 focus:outline-none focus:ring-2 focus:ring-red-500/30"
                  />
                  <FieldError form={form} field="password" />
                </div>
              )}
              <div>
                <label htmlFor={form.fieldId('confirm')} className="block text-sm font-medium text-slate-700">
                  Type DELETE
                </label>
                <input
                  id={form.fieldId('confirm')}
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  autoComplete="off"
                  {...form.aria('confirm')}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-500 focus:outline-none focus:ring-2 focus:ring-red-500/30"
                />
                <FieldError form={form} field="confirm" />
              </div>
              <FormError form={form} />
              <div className="flex justify-end gap-3 pt-2">
                <AlertDialog.Cancel className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
                  Cancel
                </AlertDialog.Cancel>
                <button
                  type="submit"
                  disabled={!ready || remove.isPending}
                  className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-50"
                >
                  {remove.isPending ? 'Deleting...' : 'Delete for ever'}
                </button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
