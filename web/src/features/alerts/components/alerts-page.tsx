import {
  type Alert,
  ALERT_NOTICES_PER_DAY,
  alertKindLabels,
  ALERTS_PER_PERSON,
} from '@muster/contract/alerts';
import { ArrowLeft, BellRing, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListError } from '../../../components/list-error';
import { Modal } from '../../../components/modal';
import { buttonStyles, EmptyState, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import {
  useCreateAlertMutation,
  useDeleteAlertMutation,
  useMyAlertsQuery,
  useUpdateAlertMutation,
} from '../api/alerts';
import type { PlaceField } from '../place-field';
import { AlertForm } from './alert-form';

/** "Needs and wants · “generator” · Energy": what an alert looks for, in a line. */
function describeAlert(a: Alert) {
  const kinds = a.kinds.map((k) => alertKindLabels[k]).join(' and ');
  return [kinds, a.words ? `“${a.words}”` : null, a.category].filter(Boolean).join(' · ');
}

/**
 * /settings/alerts (issue 37 item 2, decision 080): my saved alerts, each with what it looks for
 * and where; a new one, a change and a delete (asked first) from here. `placeField`: the place
 * search, handed in by app/.
 */
export function AlertsPage({ placeField }: { placeField: PlaceField }) {
  const alerts = useMyAlertsQuery();
  const create = useCreateAlertMutation();
  const update = useUpdateAlertMutation();
  const remove = useDeleteAlertMutation();
  const [editing, setEditing] = useState<Alert | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const full = (alerts.data?.length ?? 0) >= ALERTS_PER_PERSON;

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Settings & Privacy
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Alerts</h1>
        {alerts.data && alerts.data.length > 0 && (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={full}
            onClick={() => setEditing('new')}
          >
            <Plus className="size-4" aria-hidden="true" /> New alert
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Hear of new needs you can help with near a place: at most {ALERT_NOTICES_PER_DAY} a day, by your{' '}
        <Link to={paths.notificationSettings} className="font-medium text-brand-700 underline">
          notification settings
        </Link>{' '}
        for “Alerts near you”. Only you see your alerts and their places.
      </p>
      {full && (
        <p className="mt-2 text-sm text-amber-800">
          You have {ALERTS_PER_PERSON} alerts, the most one person keeps: delete one to add another.
        </p>
      )}
      <section
        className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-1 shadow-sm sm:px-5"
        aria-label="Your alerts"
      >
        {alerts.isPending ? (
          <PersonRowsSkeleton rows={2} label="Loading your alerts" />
        ) : alerts.isError ? (
          <ListError query={alerts} what="your alerts" className="my-4" />
        ) : alerts.data.length === 0 ? (
          <EmptyState icon={BellRing} title="No alerts yet">
            <p>Save one here, or search for what you can help with and choose “Get alerts like this”.</p>
            <button
              type="button"
              className={`${buttonStyles.primary} mt-3`}
              onClick={() => setEditing('new')}
            >
              <Plus className="size-4" aria-hidden="true" /> New alert
            </button>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {alerts.data.map((a) => (
              <li
                key={a._id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{a.name}</p>
                  <p className="text-sm text-slate-600">{describeAlert(a)}</p>
                  <p className="flex items-center gap-1 text-sm text-slate-500">
                    <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="truncate">
                      Within {a.radiusKm} km of {a.place.name ?? a.place.address}
                    </span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    className={buttonStyles.quiet}
                    aria-label={`Edit ${a.name}`}
                    onClick={() => setEditing(a)}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.ghost}
                    aria-label={`Delete ${a.name}`}
                    onClick={() => setDeleting(a)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" /> Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'New alert' : 'Edit alert'}
        description="What to look for, and how near to which place."
      >
        {editing !== null && (
          <AlertForm
            key={editing === 'new' ? 'new' : editing._id}
            alert={editing === 'new' ? undefined : editing}
            draft={{ kinds: ['need', 'want'] }}
            placeField={placeField}
            submitLabel={editing === 'new' ? 'Save alert' : 'Save changes'}
            pendingLabel="Saving…"
            send={async (body) => {
              if (editing === 'new') {
                await create.mutateAsync(body);
                toast.success('Alert saved');
              } else {
                await update.mutateAsync({ id: editing._id, changes: body });
                toast.success('Alert changed');
              }
              setEditing(null);
            }}
            onRefused={(err) => toast.error(errorMessage(err, 'Could not save the alert'))}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this alert?"
        description={`You will no longer hear of new posts for “${deleting?.name ?? ''}”.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success(`Deleted “${deleting.name}”`);
              setDeleting(null);
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not delete the alert')),
          });
        }}
      />
    </div>
  );
}
