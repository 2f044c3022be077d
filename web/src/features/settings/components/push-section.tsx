import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import {
  type PushHere,
  type TurnOnResult,
  usePushHereQuery,
  useResubscribeMutation,
  useTurnPushOffMutation,
  useTurnPushOnMutation,
} from '../api/push-notifications';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** What the switch's row says under its label, for each state. */
const hints: Record<Exclude<PushHere, 'unsupported'>, string> = {
  on: 'Notices whose kind you set to “Push” appear on this device, even when Muster is closed.',
  off: 'Turn on to get notices whose kind you set to “Push” on this device, even when Muster is closed.',
  blocked: 'Notifications for Muster are blocked in this browser.',
};

/**
 * "Push notifications on this browser" (issue 34, decision 064): the last section of the
 * notification settings. A switch that asks the browser's permission and subscribes, or
 * unsubscribes; and what to do when the browser cannot, or was told not to.
 */
export function PushSection({ className = '' }: { className?: string }) {
  const here = usePushHereQuery();
  const on = useTurnPushOnMutation();
  const off = useTurnPushOffMutation();
  const { mutate: resubscribe } = useResubscribeMutation();
  const [dismissed, setDismissed] = useState(false);
  const id = useId();

  // Once per visit while push is on: the server hears of this browser again (it may have dropped it).
  const told = useRef(false);
  useEffect(() => {
    if (here.data !== 'on' || told.current) return;
    told.current = true;
    resubscribe();
  }, [here.data, resubscribe]);

  const pending = on.isPending || off.isPending;
  const state = here.data ?? 'unsupported';

  function toggle() {
    setDismissed(false);
    if (state === 'on')
      off.mutate(undefined, {
        onSuccess: () => toast.success('Push notifications are off for this browser'),
        onError: (err) => toast.error(errorMessage(err, 'Could not turn push notifications off')),
      });
    else
      on.mutate(undefined, {
        onSuccess: (result: TurnOnResult) => {
          if (result === 'on') toast.success('Push notifications are on for this browser');
          if (result === 'dismissed') setDismissed(true);
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not turn push notifications on')),
      });
  }

  return (
    <section className={`${card} ${className}`} aria-labelledby={`${id}-heading`} data-testid="push-section">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Push notifications on this browser
      </h2>
      {here.isPending ? (
        <div role="status" aria-label="Checking push notifications" className="mt-4 space-y-2">
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
        </div>
      ) : state === 'unsupported' || here.isError ? (
        <div className="mt-3 flex items-start gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          <Smartphone className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p>
            This browser can’t show push notifications. On an iPhone or iPad, add Muster to your Home Screen
            first (Share, then Add to Home Screen) and turn push on there.
          </p>
        </div>
      ) : (
        <>
          <div className="mt-3 flex items-start justify-between gap-4">
            <div className="flex min-w-0 items-start gap-3">
              {state === 'on' ? (
                <BellRing className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              ) : (
                <BellOff className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
                  Push to this browser
                </p>
                <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
                  {hints[state]}
                </p>
              </div>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={state === 'on'}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-hint`}
              aria-busy={pending}
              disabled={pending || state === 'blocked'}
              onClick={toggle}
              className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${state === 'on' ? 'bg-brand-600' : 'bg-slate-300'}`}
            >
              <span
                className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${state === 'on' ? 'translate-x-5.5' : 'translate-x-0.5'}`}
                aria-hidden="true"
              />
            </button>
          </div>
          <div aria-live="polite" className="text-sm">
            {pending && (
              <p className="mt-3 text-slate-500">
                {on.isPending
                  ? 'Turning on… your browser may ask whether Muster may notify you.'
                  : 'Turning off…'}
              </p>
            )}
            {state === 'blocked' && (
              <p className="mt-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-900">
                To get pushes, allow notifications for this site in your browser (the icon at the left of the
                address bar, or the browser’s site settings), then come back to this page.
              </p>
            )}
            {dismissed && state === 'off' && !pending && (
              <p className="mt-3 text-slate-600">
                You didn’t allow notifications, so push stays off. Turn it on again whenever you like.
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
