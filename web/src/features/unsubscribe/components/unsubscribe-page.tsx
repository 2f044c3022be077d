import type { UnsubscribeState } from '@muster/contract/unsubscribe';
import { CheckCircle2, MailX, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { useUnsubscribeMutation, useUnsubscribeQuery } from '../api/unsubscribe';

/** Where a person chooses what reaches them (issue 34's settings page). */
const NOTIFICATION_SETTINGS = '/settings/notifications';

const NO_TOKEN =
  'This unsubscribe link has no token: it may have been cut short. Open the link from the mail again, or choose what reaches you in your notification settings.';

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * /unsubscribe?token=… (issue 34, decision 063): the page a mail's "Stop mail about …" link opens,
 * signed in or not. Opening it changes nothing — mail scanners follow every link in a mail — it
 * says what it will stop, and the button does it. Mail clients' own Unsubscribe button skips this
 * page (RFC 8058's one-click POST).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useUnsubscribeQuery(token);
  const stop = useUnsubscribeMutation(token);

  if (!token) return <Problem message={NO_TOKEN} />;
  if (query.isPending)
    return (
      <Card>
        <div role="status" className="flex flex-col items-center gap-4">
          <span
            className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
            aria-hidden="true"
          />
          <h1 className="text-xl font-semibold text-slate-900">Checking your link…</h1>
        </div>
      </Card>
    );
  if (query.isError)
    return <Problem message={errorMessage(query.error, 'This unsubscribe link could not be checked.')} />;

  const state: UnsubscribeState = query.data;
  if (state.stopped)
    return (
      <Card>
        <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-semibold text-slate-900">
          {stop.isSuccess ? 'You’re unsubscribed' : 'Already unsubscribed'}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {stop.isSuccess
            ? `You won’t get ${state.stops} any more.`
            : `${upperFirst(state.stops)} is already off.`}{' '}
          {state.kind === 'digest'
            ? 'Everything it would have gathered is still in Muster.'
            : 'These notices still show in Muster, under the bell.'}
        </p>
        <Ways />
      </Card>
    );

  return (
    <Card>
      <MailX className="mx-auto size-12 text-brand-600" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">Stop {state.stops}?</h1>
      <p className="mt-2 text-sm text-slate-600">
        {state.kind === 'digest'
          ? 'You won’t get the digest by mail. You can turn it back on any time in your notification settings.'
          : 'You won’t get these by mail. They will still show in Muster, under the bell, and you can turn mail back on any time in your notification settings.'}
      </p>
      <button
        type="button"
        onClick={() =>
          stop.mutate(undefined, {
            onError: (err) => toast.error(errorMessage(err, 'Could not unsubscribe. Please try again.')),
          })
        }
        disabled={stop.isPending}
        className="mt-6 w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {stop.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
      {stop.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(stop.error, 'Could not unsubscribe. Please try again.')}
        </p>
      )}
      <Link
        to={NOTIFICATION_SETTINGS}
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
      >
        Choose what reaches you instead
      </Link>
    </Card>
  );
}

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        aria-live="polite"
      >
        {children}
      </div>
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <Card>
      <XCircle className="mx-auto size-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">This link doesn’t work</h1>
      <p role="alert" className="mt-2 text-sm text-slate-600">
        {message}
      </p>
      <Ways />
    </Card>
  );
}

/** Where to go from here: the settings (sign-in first, for a visitor), or the app. */
function Ways() {
  return (
    <div className="mt-6 flex flex-col gap-3">
      <Link
        to={NOTIFICATION_SETTINGS}
        className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Notification settings
      </Link>
      <Link
        to={paths.home}
        className="text-sm font-medium text-slate-600 hover:text-slate-900 hover:underline"
      >
        Go to Muster
      </Link>
    </div>
  );
}
