import { BellPlus, BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { useCreateAlertMutation, useMyAlertsQuery } from '../api/alerts';

/**
 * On the author's own provision (decision 080): "Needs near this" makes an alert from it — its
 * category and place, needs and wants within the default radius — once; after that, a link to the
 * alert in settings says it is on.
 */
export function NeedsNearThisButton({ postId, className }: { postId: string; className: string }) {
  const alerts = useMyAlertsQuery();
  const create = useCreateAlertMutation();
  const on = alerts.data?.some((a) => a.fromPostId === postId);
  const wide = 'sr-only sm:not-sr-only';
  if (on)
    return (
      <Link
        to={paths.alertSettings}
        className={`${className} text-emerald-700`}
        aria-label="Telling you of needs near this: your alerts"
      >
        <BellRing className="size-4" aria-hidden="true" /> <span className={wide}>Alerts on</span>
      </Link>
    );
  return (
    <button
      type="button"
      className={className}
      disabled={create.isPending || alerts.isPending}
      title="Tell me about new needs near this"
      aria-label="Tell me about new needs near this"
      onClick={() =>
        create.mutate(
          { fromPostId: postId },
          {
            onSuccess: () => toast.success('We will tell you of new needs near this offer'),
            onError: (err) => toast.error(errorMessage(err, 'Could not set the alert')),
          },
        )
      }
    >
      <BellPlus className="size-4" aria-hidden="true" /> <span className={wide}>Needs near this</span>
    </button>
  );
}
