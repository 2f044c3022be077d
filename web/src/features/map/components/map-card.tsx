import type { MapItem } from '@muster/contract/map';
import { ExternalLink, MapPin, Siren, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { FromServerBadge, OpenOnServerButton } from '../../../components/remote-listing-bits';
import { ReportButton } from '../../../components/report-button';
import { timeAgo } from '../../../lib/time';
import { kindLook } from '../lib/kinds';
import { KindMark } from './kind-mark';

/** What Offer help on another server's listing needs (app/ renders the federation feature's button). */
export type RemoteOfferTarget = { objectId: string; server: string; title: string };

/**
 * An item's card over the map: what it is, where (the public place only), and the next step —
 * Offer help on a need or want (composed by app/), or its own page. Another Muster's listing
 * (decision 089) says "From <server>" and opens there, in a new tab. Escape closes it.
 */
export function MapCard({
  item,
  onClose,
  renderOfferHelp,
  renderRemoteOfferHelp,
  focusOnOpen,
}: {
  item: MapItem;
  onClose: () => void;
  renderOfferHelp?: (postId: string) => React.ReactNode;
  renderRemoteOfferHelp?: (listing: RemoteOfferTarget) => React.ReactNode;
  focusOnOpen: boolean;
}) {
  const remote = item.remote;
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnOpen) card.current?.focus();
  }, [item._id, focusOnOpen]);
  const isMission = item.kind === 'mission';
  const helpable = item.kind === 'need' || item.kind === 'want';
  const headingId = `map-card-${item._id}`;
  return (
    <section
      ref={card}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="map-card"
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-xl focus:outline-none"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close card"
        className="absolute right-2 top-2 rounded-full p-1.5 text-slate-500 hover:bg-slate-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
        <KindMark kind={item.kind} />
        {kindLook[item.kind].label}
        {item.category && <span className="font-normal normal-case tracking-normal">· {item.category}</span>}
      </p>
      <h2 id={headingId} className="mt-1.5 pr-6 text-base font-semibold text-slate-900">
        {item.title}
      </h2>
      {remote && <FromServerBadge server={remote.server} className="mt-1.5" />}
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span className="truncate">{item.place}</span>
        <span className="shrink-0 text-xs text-slate-500">(approximate)</span>
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        {item.emergency && (
          <span className="inline-flex items-center gap-1 font-semibold text-red-700">
            <Siren className="size-3.5" aria-hidden="true" /> Emergency
          </span>
        )}
        {item.status && <span className="capitalize">{item.status}</span>}
        <span>Posted {timeAgo(item.createdAt)} ago</span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {helpable &&
          item.status === 'open' &&
          (remote
            ? renderRemoteOfferHelp?.({ objectId: remote.objectId, server: remote.server, title: item.title })
            : renderOfferHelp?.(item._id))}
        {remote ? (
          <>
            <OpenOnServerButton url={remote.url} server={remote.server} />
            {/* Reported to its own server's moderators (decision 094). */}
            <ReportButton
              remote={{ objectId: remote.objectId, server: remote.server }}
              subject="this listing"
              label={`Report listing from ${remote.server}`}
              text="always"
              className="inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold text-slate-600 hover:bg-slate-50 hover:text-red-700"
            />
          </>
        ) : (
          <Link
            to={isMission ? paths.mission(item._id) : paths.post(item._id)}
            className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {isMission ? 'Open mission' : 'Open post'}
          </Link>
        )}
      </div>
    </section>
  );
}
