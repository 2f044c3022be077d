import { HandHeart } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import toast from '../lib/toast';
import { usePostQuery } from '../features/posts/api/get-post';

// Loaded on first use, as the post card loads it: the dialog brings the offers contract's schemas,
// which the shell (a matchFound notification shows this button) need not build at start (030).
const OfferHelpDialog = lazy(() =>
  import('../features/posts/components/offer-help-dialog').then((m) => ({ default: m.OfferHelpDialog })),
);

/**
 * Offer help on a need by its id, wherever a match shows it (issue 16: /matches and the matchFound
 * notification): the posts feature's dialog, opened as soon as the post has loaded.
 */
export function OfferHelpButton({ postId, size = 'md' }: { postId: string; size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  const style = size === 'sm' ? 'px-3 py-1 text-xs' : 'px-3.5 py-1.5 text-sm';
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`inline-flex items-center gap-1.5 rounded-full bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700 ${style}`}
      >
        <HandHeart className="size-4" aria-hidden="true" /> Offer help
      </button>
      {open && <LoadedOfferDialog postId={postId} onClose={() => setOpen(false)} />}
    </>
  );
}

function LoadedOfferDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const query = usePostQuery(postId);
  useEffect(() => {
    if (query.isError) {
      toast.error('This post no longer exists');
      onClose();
    }
  }, [query.isError, onClose]);
  if (!query.data) return null;
  return (
    <Suspense fallback={null}>
      <OfferHelpDialog post={query.data} open onOpenChange={(next) => !next && onClose()} />
    </Suspense>
  );
}
