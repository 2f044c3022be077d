import { collaborationCategories, toCategoryId } from '@muster/contract/collaboration';
import { ArrowLeft, CalendarDays, Clock, MapPin, Pencil, Send, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { shareLink } from '../../../lib/share';
import { formatDate, timeAgo } from '../../../lib/time';
import { useDeleteCollaborationRequestMutation } from '../api/delete-collaboration-request';
import { useCollaborationRequestQuery } from '../api/get-collaboration-request';
import { COLLAB_TOAST_MS } from '../constants';
import { posterInitial, posterName } from '../poster';
import { ContactPosterModal } from './contact-poster-modal';
import { DeleteCollaborationDialog } from './delete-collaboration-dialog';
import { HiddenBanner, hiddenReasonOf } from '../../../components/hidden-banner';
import { ReportButton } from '../../../components/report-button';

/** /collaboration/{categoryId}/{requestId} (spec §2 "Collaboration detail page"). */
export function CollaborationDetailPage({ viewerId }: { viewerId: string | undefined }) {
  const { categoryId = 'all', requestId = '' } = useParams();
  const category = collaborationCategories[toCategoryId(categoryId)];
  const query = useCollaborationRequestQuery(requestId);
  const remove = useDeleteCollaborationRequestMutation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [contacting, setContacting] = useState(false);
  const request = query.data;
  const backLabel = category.id === 'all' ? 'Back to All Opportunities' : category.name;

  const back = (
    <Link
      to={paths.collaboration(categoryId)}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> {backLabel}
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        {back}
        <div role="status" className="flex justify-center py-24">
          <span
            className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
            aria-hidden="true"
          />
          <span className="sr-only">Loading…</span>
        </div>
      </div>
    );
  }
  if (query.isError || !request) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        {back}
        <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Error loading collaboration request. Please try again.
        </p>
      </div>
    );
  }

  const isOwner = viewerId !== undefined && request.user?._id === viewerId;
  // Sent only to its owner once moderators hid it (issue 35).
  const hiddenReason = hiddenReasonOf(request);
  const action =
    'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm';

  async function share() {
    await shareLink({
      title: request!.title,
      text: request!.description.slice(0, 140),
      url: window.location.href,
    });
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      {back}
      <article className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {request.image && <img src={request.image} alt="" className="aspect-video w-full object-cover" />}
        <div className="space-y-5 p-5 sm:p-7">
          {hiddenReason && <HiddenBanner reason={hiddenReason} />}
          <div className="space-y-3">
            <span
              className="inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold text-white"
              style={{ backgroundColor: request.categoryColor }}
            >
              {request.categoryName}
            </span>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{request.title}</h1>
            <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
              <span className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden="true" /> Posted {timeAgo(request.createdAt)} ago
              </span>
              {request.deadline && (
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-4" aria-hidden="true" /> Due: {formatDate(request.deadline)}
                </span>
              )}
              {request.location && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden="true" /> {request.location}
                </span>
              )}
            </div>
          </div>

          <section>
            <h2 className="text-base font-semibold text-slate-900">Description</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{request.description}</p>
          </section>

          <section className="rounded-xl bg-slate-50 p-4">
            <h2 className="text-sm font-semibold text-slate-500">Posted By</h2>
            <div className="mt-3 flex items-start gap-3">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700"
                aria-hidden="true"
              >
                {posterInitial(request)}
              </span>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{posterName(request)}</p>
                {request.user && <p className="text-sm text-slate-500">@{request.user.username}</p>}
                {request.user?.bio && <p className="mt-1 text-sm text-slate-700">{request.user.bio}</p>}
              </div>
            </div>
          </section>

          <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:flex-wrap">
            {isOwner ? (
              <>
                <Link
                  to={paths.collaborationEdit(categoryId, request._id)}
                  className={`${action} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
                >
                  <Pencil className="size-4" aria-hidden="true" /> Edit
                </Link>
                <button
                  type="button"
                  onClick={() => setConfirming(true)}
                  className={`${action} bg-red-600 text-white hover:bg-red-700`}
                >
                  <Trash2 className="size-4" aria-hidden="true" /> Delete
                </button>
              </>
            ) : viewerId ? (
              <button
                type="button"
                onClick={() => setContacting(true)}
                className={`${action} bg-brand-600 text-white hover:bg-brand-700`}
              >
                <Send className="size-4" aria-hidden="true" /> Contact
              </button>
            ) : (
              <p className="self-center text-sm text-slate-600">
                <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
                  Sign in to contact this collaborator
                </Link>
              </p>
            )}
            <button
              type="button"
              onClick={share}
              className={`${action} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            >
              <Share2 className="size-4" aria-hidden="true" /> Share
            </button>
            {!isOwner && viewerId && (
              <ReportButton
                targetType="collaboration"
                targetId={request._id}
                subject="this collaboration request"
                label="Report collaboration request"
                text="always"
                className={`${action} border border-slate-300 bg-white text-slate-800 hover:border-red-300 hover:text-red-700 sm:ml-auto`}
              />
            )}
          </div>
        </div>
      </article>

      <DeleteCollaborationDialog
        open={confirming}
        onOpenChange={setConfirming}
        deleting={remove.isPending}
        onConfirm={() =>
          remove.mutate(request._id, {
            onSuccess: () => {
              toast.success('Collaboration request deleted', { duration: COLLAB_TOAST_MS });
              navigate(paths.collaboration(categoryId));
            },
            onError: (error) => {
              setConfirming(false);
              console.error('Failed to delete collaboration request', error);
            },
          })
        }
      />
      <ContactPosterModal request={contacting ? request : null} onClose={() => setContacting(false)} />
    </div>
  );
}
