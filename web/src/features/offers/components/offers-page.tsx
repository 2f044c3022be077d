import { UNTITLED_MISSION } from '@muster/contract/missions';
import { ListError } from '../../../components/list-error';
import {
  type Offer,
  type OfferBox,
  type OfferStatus,
  offerStatusLabels,
  offerStatuses,
} from '@muster/contract/offers';
import type { PublicUser } from '@muster/contract/users';
import { Check, HandHeart, Inbox, Undo2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { timeAgo } from '../../../lib/time';
import { useAcceptOfferMutation } from '../api/accept-offer';
import { useDeclineOfferMutation } from '../api/decline-offer';
import { useUnreadOfferCountQuery } from '../api/get-offer-counts';
import { useOffersQuery } from '../api/get-offers';
import { useMarkNeedFulfilledMutation } from '../api/mark-need-fulfilled';
import { useMarkOffersReadMutation } from '../api/mark-offers-read';
import { useWithdrawOfferMutation } from '../api/withdraw-offer';
import { personName } from '../../../lib/person-name';
import { Avatar } from '../../../components/avatar';
import { ShowMore } from '../../../components/person-row';

/** How to message a person (the chats feature's Message button, composed by the router). */
export type MessageAction = (person: PublicUser) => React.ReactNode;

const boxes: OfferBox[] = ['received', 'made'];
const boxLabels: Record<OfferBox, string> = { received: 'Received', made: 'Made' };
type Filter = OfferStatus | 'all';
const filters: Filter[] = ['all', ...offerStatuses];
const statusStyle: Record<OfferStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-600 ring-slate-200',
  withdrawn: 'bg-slate-100 text-slate-600 ring-slate-200',
};
const kindLabels: Record<string, string> = { need: 'Need', want: 'Want' };
const button =
  'inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-semibold disabled:opacity-60';
const buttons = {
  primary: `${button} bg-brand-600 text-white hover:bg-brand-700`,
  outline: `${button} border border-slate-300 text-slate-700 hover:bg-slate-50`,
};

/** /offers: offers of help I received and made, with what each calls for (issue 13). */
export function OffersPage({
  message,
  elsewhere,
}: {
  message?: MessageAction;
  /** Under Made: the offers sent to other servers (the federation feature's, composed in by the router). */
  elsewhere?: React.ReactNode;
}) {
  const [box, setBox] = useState<OfferBox>('received');
  const [filter, setFilter] = useState<Filter>('all');
  const tabList = useRef<HTMLDivElement>(null);
  useMarkReadOnVisit();

  const select = (next: OfferBox) => {
    setBox(next);
    tabList.current?.querySelector<HTMLButtonElement>(`#offers-tab-${next}`)?.focus();
  };
  const onTabKey = (e: React.KeyboardEvent) => {
    const i = boxes.indexOf(box);
    const next =
      e.key === 'ArrowRight'
        ? boxes[(i + 1) % boxes.length]
        : e.key === 'ArrowLeft'
          ? boxes[(i - 1 + boxes.length) % boxes.length]
          : e.key === 'Home'
            ? boxes[0]
            : e.key === 'End'
              ? boxes[boxes.length - 1]
              : undefined;
    if (next) {
      e.preventDefault();
      select(next);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Offers</h1>
      <p className="mt-1 text-sm text-slate-600">
        Offers of help on your needs and missions, and the help you've offered others.
      </p>
      <div
        ref={tabList}
        role="tablist"
        aria-label="Offers"
        className="mt-5 flex gap-1 border-b border-slate-200"
        onKeyDown={onTabKey}
      >
        {boxes.map((b) => (
          <button
            key={b}
            id={`offers-tab-${b}`}
            type="button"
            role="tab"
            aria-selected={box === b}
            aria-controls="offers-panel"
            tabIndex={box === b ? 0 : -1}
            onClick={() => setBox(b)}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold ${box === b ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {boxLabels[b]}
          </button>
        ))}
      </div>
      <div id="offers-panel" role="tabpanel" aria-labelledby={`offers-tab-${box}`} className="mt-4">
        <div
          role="group"
          aria-label="Filter by status"
          // The chips wrap at every width: in one scrolling row a 375 px phone showed "Wit…" and
          // nothing said there was more.
          className="flex flex-wrap gap-2 pb-1"
        >
          {filters.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`shrink-0 rounded-full px-3 py-1 text-sm font-medium ring-1 ${filter === f ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
            >
              {f === 'all' ? 'All' : offerStatusLabels[f]}
            </button>
          ))}
        </div>
        <OfferList
          key={`${box}-${filter}`}
          box={box}
          status={filter === 'all' ? undefined : filter}
          message={message}
          onShowAll={() => setFilter('all')}
        />
        {box === 'made' && elsewhere}
      </div>
    </div>
  );
}

/** Spec §4: visiting /offers with unread offers marks them read, once; the shell's badge clears. */
function useMarkReadOnVisit() {
  const count = useUnreadOfferCountQuery();
  const markRead = useMarkOffersReadMutation();
  const marked = useRef(false);
  const { mutate } = markRead;
  useEffect(() => {
    if (!marked.current && (count.data ?? 0) > 0) {
      marked.current = true;
      mutate();
    }
  }, [count.data, mutate]);
}

function OffersSkeleton() {
  return (
    <ul className="mt-4 space-y-3" role="status" aria-label="Loading offers">
      {[0, 1, 2].map((i) => (
        <li
          key={i}
          className="animate-pulse rounded-2xl border border-slate-200 bg-white p-4"
          aria-hidden="true"
        >
          <div className="flex gap-3">
            <div className="size-10 shrink-0 rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-3 w-40 max-w-full rounded bg-slate-200" />
              <div className="h-3 w-56 max-w-full rounded bg-slate-100" />
            </div>
          </div>
          <div className="mt-4 h-3 w-5/6 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

function OfferList({
  box,
  status,
  message,
  onShowAll,
}: {
  box: OfferBox;
  status?: OfferStatus;
  message?: MessageAction;
  onShowAll: () => void;
}) {
  const query = useOffersQuery({ box, status });

  if (query.isPending) return <OffersSkeleton />;
  if (query.isError) {
    return <ListError query={query} what="your offers" className="mt-4" />;
  }
  const offers = query.data.pages.flatMap((p) => p.data);
  if (!offers.length) {
    return (
      <div className="mt-4 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        {status ? (
          <>
            <Inbox className="size-9 text-slate-300" aria-hidden="true" />
            <p className="text-sm text-slate-600">
              No {offerStatusLabels[status].toLowerCase()} offers here.
            </p>
            <button type="button" className={buttons.outline} onClick={onShowAll}>
              Show all offers
            </button>
          </>
        ) : box === 'received' ? (
          <>
            <HandHeart className="size-9 text-slate-300" aria-hidden="true" />
            <p className="text-sm text-slate-600">
              No offers yet. Share a need and people can offer to help.
            </p>
            <Link to={paths.home} className={buttons.primary}>
              Share a need
            </Link>
          </>
        ) : (
          <>
            <HandHeart className="size-9 text-slate-300" aria-hidden="true" />
            <p className="text-sm text-slate-600">You haven't offered help yet.</p>
            <Link to={paths.home} className={buttons.primary}>
              Browse needs near you
            </Link>
          </>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className="mt-4 space-y-3" aria-busy={query.isFetching}>
        {offers.map((o) => (
          <OfferRow key={o._id} offer={o} message={message} />
        ))}
      </ul>
      <ShowMore query={query} label="Load more" className="mt-4" />
    </>
  );
}

/** What the offer is on: the need or want (its post) or the mission. */
function OfferSubject({ offer }: { offer: Offer }) {
  if (offer.post) {
    return (
      <Link to={paths.post(offer.post._id)} className="font-semibold text-slate-900 hover:underline">
        {offer.post.title || offer.post.excerpt || 'a post'}
      </Link>
    );
  }
  if (offer.mission)
    return (
      <Link to={paths.mission(offer.mission._id)} className="font-semibold text-slate-900 hover:underline">
        {offer.mission.title || UNTITLED_MISSION}
      </Link>
    );
  return <span className="text-slate-500">something no longer shared</span>;
}

/**
 * The other person's name: a link to their profile, or for a helper on another server (decision
 * 090) to their page there, with their server beside it.
 */
function PersonName({ person }: { person: Offer['person'] }) {
  const name = personName(person);
  if (!person.server)
    return (
      <Link to={paths.profile(person.username)} className="font-semibold text-slate-900 hover:underline">
        {name}
      </Link>
    );
  return (
    <>
      <a
        href={person._id}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-semibold text-slate-900 hover:underline"
        title={`@${person.username}`}
      >
        {name}
      </a>{' '}
      <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-medium text-slate-600 ring-1 ring-slate-200">
        <span className="sr-only">on the server </span>
        {person.server}
      </span>
    </>
  );
}

function OfferRow({ offer, message }: { offer: Offer; message?: MessageAction }) {
  const [confirm, setConfirm] = useState<'accept' | 'decline' | 'withdraw' | null>(null);
  const decline = useDeclineOfferMutation();
  const withdraw = useWithdrawOfferMutation();
  const person = offer.person;
  const name = personName(person);
  // A helper on another server has no profile or chat here (decision 090).
  const remote = !!person.server;
  const pending = offer.status === 'pending';
  const kind = offer.post ? (kindLabels[offer.post.kind] ?? 'Post') : offer.mission ? 'Mission' : null;

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        {remote ? (
          <span className="shrink-0" aria-hidden="true">
            <Avatar person={person} className="size-10" />
          </span>
        ) : (
          <Link to={paths.profile(person.username)} className="shrink-0" tabIndex={-1} aria-hidden="true">
            <Avatar person={person} className="size-10" />
          </Link>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-700">
            {offer.box === 'received' ? (
              <>
                <PersonName person={person} /> offered to help with{' '}
              </>
            ) : (
              <>
                You offered <PersonName person={person} /> help with{' '}
              </>
            )}
            <OfferSubject offer={offer} />
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            {kind && <>{kind} · </>}
            <time dateTime={offer.createdAt}>{timeAgo(offer.createdAt)} ago</time>
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusStyle[offer.status]}`}
        >
          <span className="sr-only">Status: </span>
          {offerStatusLabels[offer.status]}
        </span>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-[15px] leading-relaxed text-slate-800">
        {offer.message}
      </p>
      {(offer.give || offer.when) && (
        <dl className="mt-3 grid gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
          {offer.give && (
            <>
              <dt className="font-medium text-slate-600">Can give</dt>
              <dd className="break-words text-slate-800">{offer.give}</dd>
            </>
          )}
          {offer.when && (
            <>
              <dt className="font-medium text-slate-600">When</dt>
              <dd className="break-words text-slate-800">{offer.when}</dd>
            </>
          )}
        </dl>
      )}
      {(pending || offer.status === 'accepted') && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {pending && offer.box === 'received' && (
            <>
              <button type="button" className={buttons.primary} onClick={() => setConfirm('accept')}>
                <Check className="size-4" aria-hidden="true" /> Accept
              </button>
              <button type="button" className={buttons.outline} onClick={() => setConfirm('decline')}>
                <X className="size-4" aria-hidden="true" /> Decline
              </button>
            </>
          )}
          {pending && offer.box === 'made' && (
            <button type="button" className={buttons.outline} onClick={() => setConfirm('withdraw')}>
              <Undo2 className="size-4" aria-hidden="true" /> Withdraw
            </button>
          )}
          {!remote && message?.(person)}
        </div>
      )}
      {offer.box === 'received' && pending && (
        <AcceptOfferDialog
          offer={offer}
          open={confirm === 'accept'}
          onOpenChange={(o) => setConfirm(o ? 'accept' : null)}
        />
      )}
      <ConfirmDialog
        open={confirm === 'decline'}
        onOpenChange={(o) => setConfirm(o ? 'decline' : null)}
        title="Decline this offer?"
        description={
          remote
            ? `${name} will hear on ${person.server} that you declined.`
            : `${name} will see that you declined. You can still message them.`
        }
        confirmLabel="Decline"
        pendingLabel="Declining..."
        pending={decline.isPending}
        onConfirm={() =>
          decline.mutate(offer._id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success('Offer declined');
            },
            onError: (err) =>
              toast.error(errorMessage(err, 'Failed to decline the offer. Please try again.')),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'withdraw'}
        onOpenChange={(o) => setConfirm(o ? 'withdraw' : null)}
        title="Withdraw your offer?"
        description={`${name} will no longer see it as an offer of help.`}
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing..."
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(offer._id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success('Offer withdrawn');
            },
            onError: (err) =>
              toast.error(errorMessage(err, 'Failed to withdraw the offer. Please try again.')),
          })
        }
      />
    </li>
  );
}

/** Accept: opens the chat with the helper; on an open need, optionally closes it crediting them. */
function AcceptOfferDialog({
  offer,
  open,
  onOpenChange,
}: {
  offer: Offer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const accept = useAcceptOfferMutation();
  const fulfil = useMarkNeedFulfilledMutation();
  const navigate = useNavigate();
  const [covers, setCovers] = useState(false);
  const id = useId();
  const name = personName(offer.person);
  // A helper on another server: no chat opens here, and crediting names people here only (090).
  const server = offer.person.server;
  const canFulfil = !!offer.post && offer.post.status === 'open' && !server;
  const busy = accept.isPending || fulfil.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    accept.mutate(offer._id, {
      onSuccess: async ({ chatId }) => {
        if (canFulfil && covers && offer.post) {
          try {
            await fulfil.mutateAsync({ postId: offer.post._id, helperId: offer.person._id });
          } catch (err) {
            // Said on the chat this goes on to, not dismissed with this page (decision 052).
            toast.error(
              errorMessage(err, 'The offer was accepted, but the need could not be marked fulfilled.'),
              { forNextPage: true },
            );
          }
        }
        onOpenChange(false);
        if (chatId) {
          toast.success(`Offer accepted. Say hello to ${name}!`);
          navigate(paths.chat(chatId));
        } else toast.success(`Offer accepted. ${name} will hear of it on ${server ?? 'their server'}.`);
      },
      onError: (err) => toast.error(errorMessage(err, 'Failed to accept the offer. Please try again.')),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Accept this offer?"
      description={
        server
          ? `${name} is on ${server}: they'll hear of it there.`
          : `We'll open a chat with ${name}, starting with their offer.`
      }
      showDescription
    >
      <form onSubmit={submit} className="space-y-4">
        {canFulfil && (
          <div className="flex items-start gap-2">
            <input
              id={`${id}-covers`}
              type="checkbox"
              checked={covers}
              onChange={(e) => setCovers(e.target.checked)}
              className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            <label htmlFor={`${id}-covers`} className="text-sm text-slate-700">
              This covers my need — mark it fulfilled
              <span className="block text-xs text-slate-500">{name} is credited on the post.</span>
            </label>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
          >
            <Check className="size-4" aria-hidden="true" />
            {busy ? 'Accepting...' : 'Accept'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
