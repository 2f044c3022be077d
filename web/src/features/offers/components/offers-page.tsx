import { HandHeart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { timeAgo } from '../../../lib/time';
import { useUnreadOfferCountQuery } from '../api/get-offer-counts';
import { useOfferNotificationsQuery } from '../api/get-offer-notifications';
import { useMarkOffersReadMutation } from '../api/mark-offers-read';

/** /offers: offers of help I received; visiting with unread offers marks them read (spec §4). */
export function OffersPage() {
  const offers = useOfferNotificationsQuery();
  const count = useUnreadOfferCountQuery();
  const markRead = useMarkOffersReadMutation();
  const marked = useRef(false);

  useEffect(() => {
    if (!marked.current && (count.data ?? 0) > 0) {
      marked.current = true;
      markRead.mutate();
    }
  }, [count.data, markRead]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Offers</h1>
      <section className="mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="received-heading">
        <h2 id="received-heading" className="border-b border-slate-100 px-5 py-3 font-semibold text-slate-900">Offers received</h2>
        {offers.isPending ? (
          <p role="status" className="p-5 text-sm text-slate-600">Loading…</p>
        ) : !offers.data?.length ? (
          <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
            <HandHeart className="size-9 text-slate-300" aria-hidden="true" />
            <p className="text-sm text-slate-600">No offers yet. When someone offers to help with your needs or missions, it shows here.</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {offers.data.map((o) => (
              <li key={o._id} className="flex items-start gap-3 px-5 py-3">
                <img src={o.sender?.profilePicture ?? '/avatar.png'} alt="" className="size-9 rounded-full object-cover" />
                <div className="min-w-0">
                  <p className="text-sm text-slate-800"><strong>{o.sender ? `${o.sender.firstName} ${o.sender.lastName}` : 'Someone'}</strong> {o.message}</p>
                  <p className="text-xs text-slate-500">{timeAgo(o.createdAt)} ago</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
