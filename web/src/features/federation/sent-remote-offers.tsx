import type { SentRemoteOffer } from '@muster/contract/federation';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListError } from '../../components/list-error';
import { FromServerBadge, HomeServerLink } from '../../components/remote-listing-bits';
import { errorMessage } from '../../lib/api-client';
import { timeAgo } from '../../lib/time';
import toast from '../../lib/toast';
import { useSentRemoteOffersQuery, useWithdrawRemoteOfferMutation } from './api';
import { useFederationAvailableQuery } from './follows-api';

const stateLabels: Record<SentRemoteOffer['state'], string> = {
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
const stateStyle: Record<SentRemoteOffer['state'], string> = {
  sent: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-600 ring-slate-200',
  withdrawn: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/**
 * The help I offered on other servers' needs (decision 090), under /offers "Made": each with the
 * server it went to and where it stands there, Withdraw while unanswered. Nothing at all on a
 * server that does not federate, or for someone who never offered elsewhere (the Made list above
 * has its own empty state).
 */
export function SentRemoteOffers() {
  const available = useFederationAvailableQuery();
  // Asked only where there can be any: a server that federates.
  const query = useSentRemoteOffersQuery({ enabled: available.data === true });
  const withdraw = useWithdrawRemoteOfferMutation();
  const [leaving, setLeaving] = useState<SentRemoteOffer | null>(null);
  if (available.data !== true || query.isPending) return null;
  if (query.isError) return <ListError query={query} what="your offers on other servers" className="mt-6" />;
  if (!query.data.length) return null;
  return (
    <section className="mt-8" aria-labelledby="sent-remote-offers-heading">
      <h2 id="sent-remote-offers-heading" className="text-base font-semibold text-slate-900">
        On other servers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Help you offered on needs posted elsewhere. Their authors answer on their own server.
      </p>
      <ul className="mt-3 space-y-3">
        {query.data.map((offer) => (
          <li key={offer.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <HomeServerLink
                  url={offer.url}
                  server={offer.server}
                  className="font-semibold text-slate-900 underline-offset-2 hover:underline"
                >
                  {offer.title}
                </HomeServerLink>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <FromServerBadge server={offer.server} />
                  <time dateTime={offer.createdAt}>{timeAgo(offer.createdAt)} ago</time>
                </p>
              </div>
              <span
                className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${stateStyle[offer.state]}`}
              >
                <span className="sr-only">Status: </span>
                {stateLabels[offer.state]}
              </span>
            </div>
            <p className="mt-3 whitespace-pre-line break-words text-[15px] leading-relaxed text-slate-800">
              {offer.message}
            </p>
            {offer.state === 'sent' && (
              <button
                type="button"
                onClick={() => setLeaving(offer)}
                className="mt-3 inline-flex items-center rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
              >
                Withdraw<span className="sr-only">: your offer on {offer.title}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title="Withdraw this offer?"
        description={`${leaving?.server ?? 'Its server'} is told, and its author no longer sees it as pending.`}
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing..."
        pending={withdraw.isPending}
        onConfirm={() =>
          leaving &&
          withdraw.mutate(leaving.id, {
            onSuccess: () => {
              toast.success('Offer withdrawn');
              setLeaving(null);
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not withdraw your offer')),
          })
        }
      />
    </section>
  );
}
