import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { staffPaths } from '../lib/staff-paths';

/**
 * Why moderators hid something, as its author sees it (issue 35): nobody else sees hidden content
 * at all, so the banner is only ever shown to the one who wrote it. Posts, comments, messages and
 * collaboration requests all carry `hiddenReason` in their contract shape.
 */
export function HiddenBanner({ reason, className = '' }: { reason: string; className?: string }) {
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}
    >
      <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        Hidden by moderators: {reason.replace(/[.!?\s]+$/, '')}. Only you can see this.{' '}
        <Link to={staffPaths.accountStanding} className="font-semibold underline hover:text-amber-950">
          See your account standing
        </Link>
      </span>
    </p>
  );
}

/**
 * The reason a thing was hidden, or null. Read defensively: the field joins the post, comment,
 * message and request shapes with the server's side of issue 35, and an answer without it is a
 * thing that was never hidden.
 */
export function hiddenReasonOf(thing: object): string | null {
  const reason = (thing as { hiddenReason?: unknown }).hiddenReason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}
