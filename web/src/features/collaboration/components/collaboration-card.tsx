import type { CollaborationRequest } from '@muster/contract/collaboration';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/time';
import { posterInitial, posterName } from '../poster';
import { HiddenBanner, hiddenReasonOf } from '../../../components/hidden-banner';

export function CollaborationCard({
  request,
  categoryId,
  onConnect,
}: {
  request: CollaborationRequest;
  categoryId: string;
  onConnect: (request: CollaborationRequest) => void;
}) {
  const detail = paths.collaborationRequest(categoryId, request._id);
  // Only its owner is sent a hidden request (issue 35): the card says so, and why.
  const hiddenReason = hiddenReasonOf(request);
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link
        to={detail}
        className="block aspect-video overflow-hidden bg-slate-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        {request.image ? (
          <img
            src={request.image}
            alt=""
            loading="lazy"
            className="size-full object-cover transition group-hover:scale-[1.02]"
          />
        ) : (
          <div
            className="size-full"
            style={{
              background: `linear-gradient(135deg, ${request.categoryColor}33, ${request.categoryColor}88)`,
            }}
          />
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {hiddenReason && <HiddenBanner reason={hiddenReason} />}
        <p className="flex items-center gap-2 text-xs font-medium text-slate-600">
          <span
            className="size-2.5 rounded-full"
            style={{ backgroundColor: request.categoryColor }}
            aria-hidden="true"
          />
          {request.categoryName}
        </p>
        <h3 className="text-base font-semibold leading-snug text-slate-900">
          <Link to={detail} className="hover:underline focus-visible:underline">
            {request.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-slate-600">{request.description}</p>
        <div className="mt-auto space-y-1 pt-2 text-xs text-slate-500">
          {request.deadline && (
            <p className="flex items-center gap-1.5">
              <CalendarDays className="size-3.5" aria-hidden="true" /> Due: {formatDate(request.deadline)}
            </p>
          )}
          {request.location && (
            <p className="flex items-center gap-1.5">
              <MapPin className="size-3.5" aria-hidden="true" /> {request.location}
            </p>
          )}
        </div>
        <div className="flex items-center justify-between border-t border-slate-100 pt-3">
          <span className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
            <span
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
              aria-hidden="true"
            >
              {posterInitial(request)}
            </span>
            <span className="truncate">{posterName(request)}</span>
          </span>
          <button
            type="button"
            onClick={() => onConnect(request)}
            className="rounded-full border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Connect
          </button>
        </div>
      </div>
    </article>
  );
}
