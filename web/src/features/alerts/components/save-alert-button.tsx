import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { useCreateAlertMutation } from '../api/alerts';
import type { AlertDraft, PlaceField } from '../place-field';
import { AlertForm } from './alert-form';

/**
 * "Get alerts like this" (issue 37 item 2): a dialog prefilled with a search's words, category and
 * kinds (or the map's view), asking where and how far. The search page and the map offer it.
 */
export function SaveAlertButton({
  draft,
  placeField,
  className = 'inline-flex items-center gap-1.5 rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50',
}: {
  draft: AlertDraft;
  placeField?: PlaceField | undefined;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const create = useCreateAlertMutation();
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Get alerts like this"
      description="We tell you when a new post like this is made near a place you choose: by your notification settings for alerts, at most three a day."
      showDescription
      trigger={
        <button type="button" className={className}>
          <Bell className="size-4" aria-hidden="true" /> Get alerts like this
        </button>
      }
    >
      <Suspense fallback={null}>
        <AlertForm
          draft={draft}
          placeField={placeField}
          submitLabel="Save alert"
          pendingLabel="Saving…"
          send={async (body) => {
            await create.mutateAsync(body);
            setOpen(false);
            toast.success('Alert saved: we will tell you of new posts like this');
          }}
          onRefused={(err) => toast.error(errorMessage(err, 'Could not save the alert'))}
          onCancel={() => setOpen(false)}
        />
        <p className="mt-3 text-xs text-slate-500">
          See and change your alerts in{' '}
          <Link to={paths.alertSettings} className="font-medium text-brand-700 underline">
            Settings › Alerts
          </Link>
          .
        </p>
      </Suspense>
    </Modal>
  );
}
