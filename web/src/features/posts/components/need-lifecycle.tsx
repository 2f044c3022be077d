import type { Post } from '@muster/contract/posts';
import { NEED_NUDGE_DAYS } from '@muster/contract/posts-constants';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useKeepPostOpenMutation } from '../api/keep-post-open';
import { usePostQuery } from '../api/get-post';
import { MarkFulfilledDialog } from './mark-fulfilled-dialog';

const DAY_MS = 86_400_000;

/** 'expires today', 'expires tomorrow', 'expires in 12 days' (issue 16). */
export function expiryLabel(expiresAt: string, now = Date.now()): string {
  const days = Math.ceil((Date.parse(expiresAt) - now) / DAY_MS);
  if (days <= 0) return 'expires today';
  return days === 1 ? 'expires tomorrow' : `expires in ${days} days`;
}

/** The author is offered Keep open once the "Still needed?" window opens, and on an expired need. */
export function mayKeepOpen(post: Pick<Post, 'kind' | 'status' | 'expiresAt'>, now = Date.now()): boolean {
  if (post.kind !== 'need' && post.kind !== 'want') return false;
  if (post.status === 'expired') return true;
  return (
    post.status === 'open' && !!post.expiresAt && Date.parse(post.expiresAt) - now <= NEED_NUDGE_DAYS * DAY_MS
  );
}

/** Keep open (or open again) for another 30 days, with a toast for the result. */
export function KeepOpenButton({
  post,
  className,
}: {
  post: Pick<Post, '_id' | 'status'>;
  className: string;
}) {
  const keep = useKeepPostOpenMutation();
  const reopening = post.status === 'expired';
  return (
    <button
      type="button"
      className={className}
      disabled={keep.isPending}
      onClick={() =>
        keep.mutate(
          { id: post._id },
          {
            onSuccess: (saved) =>
              toast.success(
                `${reopening ? 'Open again' : 'Kept open'}: ${saved.expiresAt ? expiryLabel(saved.expiresAt) : 'open'}`,
              ),
            onError: (err) =>
              toast.error(errorMessage(err, 'Could not keep the post open. Please try again.')),
          },
        )
      }
    >
      <RefreshCw className="size-4" aria-hidden="true" /> {reopening ? 'Open again' : 'Keep open'}
    </button>
  );
}

/**
 * The answers to a "Still needed?" notice (issue 16): Keep open, or Mark fulfilled (crediting who
 * helped, as on the post's card). Once the need is settled the row says so instead.
 */
export function StillNeededActions({ postId }: { postId: string }) {
  const query = usePostQuery(postId);
  const [fulfilling, setFulfilling] = useState(false);
  const post = query.data;
  if (!post) return null;
  const button =
    'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50';
  if (post.status === 'fulfilled') {
    return (
      <p className="mt-1.5 flex items-center gap-1 pl-12 text-xs font-medium text-emerald-700">
        <CheckCircle2 className="size-3.5" aria-hidden="true" /> Fulfilled
      </p>
    );
  }
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2 pl-12" role="group" aria-label="Still needed?">
      {post.status === 'open' && post.expiresAt && !mayKeepOpen(post) ? (
        <span className="text-xs text-slate-600">Open · {expiryLabel(post.expiresAt)}</span>
      ) : (
        <KeepOpenButton post={post} className={button} />
      )}
      <button type="button" className={button} onClick={() => setFulfilling(true)}>
        <CheckCircle2 className="size-4" aria-hidden="true" /> Mark fulfilled
      </button>
      <MarkFulfilledDialog post={post} open={fulfilling} onOpenChange={setFulfilling} />
    </div>
  );
}
