import { ProvisionAlertSlot } from '../../../lib/provision-alert-slot';
import { UNTITLED_MISSION } from '@muster/contract/missions-constants';
import type { Post } from '@muster/contract/posts';
import type { PublicUser } from '@muster/contract/users';
import {
  Bookmark,
  CheckCircle2,
  FileText,
  Globe,
  HandHeart,
  Heart,
  Link2,
  MapPin,
  MessageCircle,
  Pencil,
  Share2,
  Siren,
  Star,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useOfferedByMe } from '../../../lib/offered-marks';
import { paths } from '../../../lib/paths';
import { shareLink } from '../../../lib/share';
import { timeAgo } from '../../../lib/time';
import { useDeletePostMutation } from '../api/delete-post';
import { useLikePostMutation } from '../api/like-post';
import { useSavePostMutation } from '../api/save-post';
import { MarkFulfilledDialog } from './mark-fulfilled-dialog';
import { expiryLabel, KeepOpenButton, mayKeepOpen } from './need-lifecycle';
import { RichText } from './rich-text';
import { personName } from '../../../lib/person-name';
import { VerifiedBadge } from '../../../components/verified-badge';
import { Avatar } from '../../../components/avatar';
import { HiddenBanner, hiddenReasonOf } from '../../../components/hidden-banner';
import { ReportButton } from '../../../components/report-button';

const kindLabel: Record<Post['kind'], string> = {
  need: 'Need',
  want: 'Want',
  provision: 'Offer',
  general: 'Post',
  hunt: 'Hunt',
  mission_update: 'Mission update',
};
const kindStyle: Record<Post['kind'], string> = {
  need: 'bg-red-50 text-red-700 ring-red-200',
  want: 'bg-amber-50 text-amber-800 ring-amber-200',
  provision: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  general: 'bg-slate-100 text-slate-700 ring-slate-200',
  hunt: 'bg-violet-50 text-violet-700 ring-violet-200',
  mission_update: 'bg-brand-50 text-brand-700 ring-brand-200',
};

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${rating >= n ? 'fill-amber-400 text-amber-400' : rating >= n - 0.5 ? 'fill-amber-200 text-amber-400' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}

/** "A", "A and B", "A, B and C": each name a link to the profile. */
function PeopleNames({ people }: { people: PublicUser[] }) {
  return people.map((p, i) => (
    <span key={p._id}>
      {i > 0 && (i === people.length - 1 ? ' and ' : ', ')}
      <Link to={paths.profile(p.username)} className="font-semibold hover:underline">
        {personName(p)}
      </Link>
    </span>
  ));
}

// What a card opens on a tap loads then (decision 027): every card of a feed rendered its dialogs,
// closed, and the code of the comments, the edit form and the offer form came with the first page.
const CommentsSection = lazy(() =>
  import('./comments-section').then((m) => ({ default: m.CommentsSection })),
);
const EditPostDialog = lazy(() => import('./edit-post-dialog').then((m) => ({ default: m.EditPostDialog })));
const OfferHelpDialog = lazy(() =>
  import('./offer-help-dialog').then((m) => ({ default: m.OfferHelpDialog })),
);
const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** What a card shows beside a referenced mission (Join, from the missions feature via the router). */
export type MissionAction = (mission: NonNullable<Post['mission']>) => React.ReactNode;

/** A post as people see it in every list and on its own page (PRODUCT.md "Post card"). */
export function PostCard({
  post,
  viewerId,
  showAllComments = false,
  missionAction,
}: {
  post: Post;
  viewerId: string;
  showAllComments?: boolean;
  missionAction?: MissionAction;
}) {
  const like = useLikePostMutation();
  const save = useSavePostMutation();
  const remove = useDeletePostMutation();
  // The open dialog, mounted only while open (and its code loaded on the first opening).
  const [dialog, setDialog] = useState<'offer' | 'fulfilled' | 'edit' | 'delete' | null>(null);
  const dialogProps = (which: NonNullable<typeof dialog>) => ({
    post,
    open: true,
    onOpenChange: (o: boolean) => setDialog(o ? which : null),
  });
  const [commentsOpen, setCommentsOpen] = useState(showAllComments);
  const mine = post.author._id === viewerId;
  const isNeed = post.kind === 'need' || post.kind === 'want';
  const offered = useOfferedByMe(post._id);
  const name = `${post.author.firstName} ${post.author.lastName}`.trim();
  // Only its author is ever sent a hidden post (issue 35), so the banner needs no check of whose it is.
  const hiddenReason = hiddenReasonOf(post);
  const action =
    'inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:px-3';
  // Shown beside its icon from the small breakpoint up; on a phone the row of actions stays one line.
  const wide = 'sr-only sm:not-sr-only';

  const share = () =>
    shareLink({
      title: post.title || name,
      text: post.content.slice(0, 140),
      url: `${window.location.origin}/#${paths.post(post._id)}`,
    });

  return (
    <article
      className={`overflow-hidden rounded-2xl border bg-white shadow-sm ${post.emergencyEmoji ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200'}`}
      aria-labelledby={`post-${post._id}-author`}
    >
      {post.emergencyEmoji && (
        <p className="flex items-center gap-2 bg-red-600 px-4 py-1.5 text-xs font-bold uppercase tracking-wide text-white">
          <Siren className="size-4" aria-hidden="true" /> Emergency
        </p>
      )}
      <div className="p-4 sm:p-5">
        {hiddenReason && <HiddenBanner reason={hiddenReason} className="mb-3" />}
        {/* On a phone the kind, category and status sit under the name: beside it they squeezed the
            name onto two lines and cut the headline to a word (375 px). */}
        <header className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
          <Link
            to={paths.profile(post.author.username)}
            className="row-span-2 sm:row-span-1"
            tabIndex={-1}
            aria-hidden="true"
          >
            <Avatar person={post.author} className="size-11" />
          </Link>
          <div className="min-w-0">
            <Link
              id={`post-${post._id}-author`}
              to={paths.profile(post.author.username)}
              className="font-semibold text-slate-900 hover:underline"
            >
              {name}
            </Link>
            <VerifiedBadge organisation={post.author.verifiedOrg} />
            <p className="truncate text-xs text-slate-500">{post.author.headline}</p>
            <p className="text-xs text-slate-500">
              <Link to={paths.post(post._id)} className="hover:underline">
                {timeAgo(post.createdAt)} ago
              </Link>
              {post.via === 'public' && (
                <span
                  className="ml-1.5 inline-flex items-center gap-1 text-slate-500"
                  title="From outside your network: a recent post from anyone on Muster"
                >
                  <Globe className="size-3.5" aria-hidden="true" /> Recent on Muster
                  <span className="sr-only"> (from outside your network)</span>
                </span>
              )}
            </p>
          </div>
          <div className="col-start-2 mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 sm:col-start-3 sm:row-start-1 sm:mt-0 sm:flex-col sm:items-end">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${kindStyle[post.kind]}`}
            >
              {kindLabel[post.kind]}
              {post.huntType ? ` · ${post.huntType === 'product' ? 'Product' : 'Service'}` : ''}
            </span>
            {post.category && <span className="text-xs text-slate-500">{post.category}</span>}
            {isNeed && post.status === 'open' && (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
                <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" /> Open
                {mine && post.expiresAt ? ` · ${expiryLabel(post.expiresAt)}` : ''}
              </span>
            )}
            {isNeed && post.status && post.status !== 'open' && (
              <span
                className={`inline-flex items-center gap-1 text-xs font-medium ${post.status === 'fulfilled' ? 'text-emerald-700' : 'text-slate-500'}`}
              >
                <CheckCircle2 className="size-3.5" aria-hidden="true" />{' '}
                {post.status === 'fulfilled' ? 'Fulfilled' : 'Expired'}
              </span>
            )}
          </div>
        </header>

        {post.title && (
          <h3 className="mt-3 text-base font-semibold text-slate-900">
            <RichText text={post.title} />
          </h3>
        )}
        <p className="mt-2 whitespace-pre-line break-words text-[15px] leading-relaxed text-slate-800">
          <RichText text={post.content} />
        </p>
        {(post.helpers ?? []).length > 0 && (
          <p className="mt-3 flex items-start gap-1.5 text-sm text-emerald-800">
            <HandHeart className="mt-0.5 size-4 shrink-0" aria-hidden="true" />{' '}
            <span>
              Fulfilled with help from <PeopleNames people={post.helpers} />
            </span>
          </p>
        )}
        {mine && (post.offeredBy ?? []).length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <span className="font-medium">Offered by</span>
            {post.offeredBy.map((p) => (
              <Link
                key={p._id}
                to={paths.profile(p.username)}
                className="inline-flex items-center gap-1.5 rounded-full bg-slate-50 py-0.5 pl-0.5 pr-2 text-slate-800 ring-1 ring-slate-200 hover:bg-slate-100"
              >
                <Avatar person={p} className="size-5" /> {personName(p)}
              </Link>
            ))}
          </div>
        )}

        {post.review && (
          <div className="mt-3 rounded-xl bg-amber-50 p-3 text-sm">
            <div className="flex items-center gap-2">
              <Stars rating={post.review.rating} />{' '}
              <span className="font-medium text-slate-900">{post.review.title}</span>
            </div>
            {post.review.description && <p className="mt-1 text-slate-700">{post.review.description}</p>}
          </div>
        )}
        {post.mapLocation && (
          <p className="mt-3 flex items-start gap-1.5 text-sm text-slate-600">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              {post.mapLocation.address || 'Approximate location'}
              {/* Others see the place to about 1 km, without the street (issue 16); the author and accepted helpers see it exactly. */}
              {post.mapLocation.approximate && post.mapLocation.address && (
                <>
                  {' '}
                  <span className="whitespace-nowrap text-xs text-slate-500">
                    · Approximate location (~1 km)
                  </span>
                </>
              )}
            </span>
          </p>
        )}
        {post.file && (
          <a
            href={post.file.url}
            download={post.file.name}
            className="mt-3 flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
          >
            <FileText className="size-4 shrink-0 text-brand-600" aria-hidden="true" />{' '}
            <span className="truncate">{post.file.name}</span>
          </a>
        )}
        {post.mission && (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
            <span className="min-w-0">
              Mission:{' '}
              <Link to={paths.mission(post.mission.missionId)} className="font-semibold hover:underline">
                {post.mission.title || UNTITLED_MISSION}
              </Link>
            </span>
            {!mine && missionAction?.(post.mission)}
          </div>
        )}
        {post.linkPreview && (
          <a
            href={post.linkPreview.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            aria-label={`Link preview: ${post.linkPreview.title || post.linkPreview.siteName}`}
            className="mt-3 flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm hover:bg-slate-50"
          >
            <Link2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block truncate text-xs uppercase tracking-wide text-slate-500">
                {post.linkPreview.siteName}
              </span>
              {post.linkPreview.title && (
                <span className="block font-semibold text-slate-900">{post.linkPreview.title}</span>
              )}
              {post.linkPreview.description && (
                <span className="line-clamp-2 block text-slate-600">{post.linkPreview.description}</span>
              )}
            </span>
          </a>
        )}
      </div>
      {post.video && (
        <video src={post.video} controls preload="metadata" className="max-h-[32rem] w-full bg-black" />
      )}
      {post.image && (
        <img
          src={post.image}
          alt=""
          loading="lazy"
          className="max-h-[32rem] w-full bg-slate-100 object-cover"
        />
      )}

      <div className="flex items-center justify-between px-4 pt-2 text-xs text-slate-500 sm:px-5">
        <span className="flex gap-3">
          <span>
            {post.likeCount} {post.likeCount === 1 ? 'like' : 'likes'}
          </span>
          {/* Boosts come from other servers (decision 091): shown only when there are some. */}
          {post.boostCount > 0 && (
            <span title="Shared on by people on other servers (the fediverse)">
              {post.boostCount} {post.boostCount === 1 ? 'boost' : 'boosts'}
              <span className="sr-only"> from people on other servers</span>
            </span>
          )}
        </span>
        <span className="flex gap-3">
          {post.offerCount > 0 && (
            <span>
              {post.offerCount} {post.offerCount === 1 ? 'offer' : 'offers'}
            </span>
          )}
          <span>
            {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-1 border-t border-slate-100 px-2 py-1.5 sm:px-3">
        <button
          type="button"
          className={`${action} ${post.likedByMe ? 'text-red-600' : ''}`}
          aria-pressed={post.likedByMe}
          onClick={() => like.tap(post)}
        >
          <Heart
            className={`size-4 ${post.likedByMe ? 'fill-red-500 text-red-500' : ''}`}
            aria-hidden="true"
          />{' '}
          Like
        </button>
        <button
          type="button"
          className={action}
          aria-expanded={commentsOpen}
          onClick={() => setCommentsOpen((o) => !o)}
        >
          <MessageCircle className="size-4" aria-hidden="true" /> Comment
        </button>
        <button
          type="button"
          className={`${action} ${post.savedByMe ? 'text-brand-700' : ''}`}
          aria-pressed={post.savedByMe}
          onClick={() => save.tap(post)}
        >
          <Bookmark
            className={`size-4 ${post.savedByMe ? 'fill-brand-600 text-brand-600' : ''}`}
            aria-hidden="true"
          />{' '}
          {post.savedByMe ? 'Saved' : 'Save'}
        </button>
        <button type="button" className={action} onClick={share}>
          <Share2 className="size-4" aria-hidden="true" /> <span className={wide}>Share</span>
        </button>
        {!mine && isNeed && post.status === 'open' && !offered && (
          <button type="button" className={`${action} text-brand-700`} onClick={() => setDialog('offer')}>
            <HandHeart className="size-4" aria-hidden="true" /> Offer help
          </button>
        )}
        {!mine && isNeed && offered && (
          <Link to={paths.offers} className={`${action} text-emerald-700`}>
            <CheckCircle2 className="size-4" aria-hidden="true" /> Offered
          </Link>
        )}
        {mine && isNeed && post.status === 'open' && (
          <button type="button" className={action} onClick={() => setDialog('fulfilled')}>
            <CheckCircle2 className="size-4" aria-hidden="true" /> Mark fulfilled
          </button>
        )}
        {mine && mayKeepOpen(post) && <KeepOpenButton post={post} className={action} />}
        {/* Issue 37 item 2: the author's provision matched against new needs around its place. */}
        {mine && post.kind === 'provision' && post.mapLocation?.coordinates && (
          <ProvisionAlertSlot postId={post._id} className={action} />
        )}
        {!mine && (
          <ReportButton
            targetType="post"
            targetId={post._id}
            subject="this post"
            label="Report post"
            className={`${action} ml-auto hover:text-red-700`}
          />
        )}
        {mine && (
          <button
            type="button"
            className={`${action} ml-auto`}
            onClick={() => setDialog('edit')}
            aria-haspopup="dialog"
          >
            <Pencil className="size-4" aria-hidden="true" /> <span className={wide}>Edit</span>
          </button>
        )}
        {mine && (
          <button
            type="button"
            className={`${action} hover:text-red-600`}
            aria-label="Delete post"
            aria-haspopup="dialog"
            onClick={() => setDialog('delete')}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {commentsOpen && (
        <Suspense
          fallback={
            <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500" role="status">
              Loading comments…
            </p>
          }
        >
          <CommentsSection postId={post._id} postAuthorId={post.author._id} viewerId={viewerId} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialog === 'offer' && !mine && isNeed && <OfferHelpDialog {...dialogProps('offer')} />}
        {dialog === 'edit' && mine && <EditPostDialog {...dialogProps('edit')} />}
        {dialog === 'delete' && mine && (
          <ConfirmDialog
            open
            onOpenChange={(o) => !o && !remove.isPending && setDialog(null)}
            title="Delete this post?"
            description="It leaves every feed, with its comments and likes. This cannot be undone."
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(post._id, {
                onSuccess: () => toast.success('Post deleted'),
                onError: (e) => toast.error(errorMessage(e, 'Failed to delete the post')),
                onSettled: () => setDialog(null),
              })
            }
          />
        )}
      </Suspense>
      {dialog === 'fulfilled' && mine && isNeed && <MarkFulfilledDialog {...dialogProps('fulfilled')} />}
    </article>
  );
}
