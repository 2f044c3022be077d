import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The shared frame of the verify-email, verify-email-signup and verify-email-change pages. */
export function TokenResultCard({
  state,
  verifyingText,
  successHeading,
  successText,
  errorHeading,
  errorText,
  link,
  actions,
}: {
  state: 'verifying' | 'success' | 'error';
  verifyingText: string;
  successHeading: string;
  successText: string;
  errorHeading: string;
  errorText: string;
  link: { to: string; label: string } | null;
  /** Ways on once the check is done, when one link is not enough (verify-email-signup). */
  actions?: ReactNode;
}) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        aria-live="polite"
      >
        {state === 'verifying' && (
          <div role="status" className="flex flex-col items-center gap-4">
            <span
              className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
              aria-hidden="true"
            />
            <h1 className="text-xl font-semibold text-slate-900">{verifyingText}</h1>
          </div>
        )}
        {state === 'success' && (
          <div className="flex flex-col items-center gap-3">
            <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
            <h1 className="text-xl font-semibold text-slate-900">{successHeading}</h1>
            <p className="text-sm text-slate-600">{successText}</p>
          </div>
        )}
        {state === 'error' && (
          <div className="flex flex-col items-center gap-3">
            <XCircle className="size-12 text-red-600" aria-hidden="true" />
            <h1 className="text-xl font-semibold text-slate-900">{errorHeading}</h1>
            <p role="alert" className="text-sm text-slate-600">
              {errorText}
            </p>
          </div>
        )}
        {link && state !== 'verifying' && (
          <Link
            to={link.to}
            className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {link.label}
          </Link>
        )}
        {actions && state !== 'verifying' && <div className="mt-6 flex flex-col gap-3">{actions}</div>}
      </div>
    </div>
  );
}
