import { describeReasons, type Match, type MatchPost, type MyMatches } from '@muster/contract/matching';
import { ListError } from '../../../components/list-error';
import { Handshake } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { timeAgo } from '../../../lib/time';
import { useMatchesQuery } from '../api/get-matches';
import type { OfferHelpAction } from './match-notice';
import { MatchReasons } from './match-reasons';
import { Avatar } from '../../../components/avatar';

const kindLabels: Record<MatchPost['kind'], string> = { need: 'Need', want: 'Want', provision: 'Offer' };
const kindStyles: Record<MatchPost['kind'], string> = {
  need: 'bg-amber-50 text-amber-800 ring-amber-200',
  want: 'bg-sky-50 text-sky-800 ring-sky-200',
  provision: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};
const outline =
  'inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50';

/** How sure the match is, in words a person reads at a glance. */
const strength = (score: number) =>
  score >= 0.8 ? 'Strong match' : score >= 0.65 ? 'Good match' : 'Possible match';
const titleOf = (p: MatchPost) => p.title || p.excerpt;

/**
 * /matches (issue 16): each of my open needs, wants and offers with the posts of the other side
 * that may fit it, best first, and why; an offer of mine can help a matching need at once.
 */
export function MatchesPage({ offerHelp }: { offerHelp: OfferHelpAction }) {
  const query = useMatchesQuery();
  const total = query.data?.reduce((n, m) => n + m.matches.length, 0) ?? 0;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Matches</h1>
      <p className="mt-1 text-sm text-slate-600">
        Offers that may answer your needs, and needs your offers could answer — matched by category, shared
        words and distance.
      </p>
      {query.isPending ? (
        <MatchesSkeleton />
      ) : query.isError ? (
        <ListError query={query} what="your matches" className="mt-5" />
      ) : total === 0 ? (
        <div className="mt-5 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Handshake className="size-9 text-slate-300" aria-hidden="true" />
          <p className="font-semibold text-slate-900">No matches yet — post a need or an offer</p>
          <p className="max-w-sm text-sm text-slate-600">
            {query.data.length
              ? `Your ${query.data.length === 1 ? 'open post is' : `${query.data.length} open posts are`} matched as new needs and offers arrive; we'll tell you when one fits.`
              : 'When you share a need, we look for people offering just that nearby — and when you offer help, for the people who need it.'}
          </p>
          <Link
            to={paths.home}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Share a need or an offer
          </Link>
        </div>
      ) : (
        <ul className="mt-5 space-y-4">
          {query.data.map((mine) => (
            <MyPostMatches key={mine.post._id} mine={mine} offerHelp={offerHelp} />
          ))}
        </ul>
      )}
    </div>
  );
}

function KindBadge({ kind }: { kind: MatchPost['kind'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${kindStyles[kind]}`}>
      {kindLabels[kind]}
    </span>
  );
}

function MyPostMatches({ mine, offerHelp }: { mine: MyMatches; offerHelp: OfferHelpAction }) {
  const headingId = `match-post-${mine.post._id}`;
  return (
    <li>
      <section
        aria-labelledby={headingId}
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <header className="border-b border-slate-100 bg-slate-50/70 px-4 py-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Your post</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <KindBadge kind={mine.post.kind} />
            <h2 id={headingId} className="min-w-0 break-words font-semibold text-slate-900">
              <Link to={paths.post(mine.post._id)} className="hover:underline">
                {titleOf(mine.post)}
              </Link>
            </h2>
            {mine.post.category && <span className="text-xs text-slate-500">{mine.post.category}</span>}
          </div>
        </header>
        {mine.matches.length ? (
          <ul className="divide-y divide-slate-100">
            {mine.matches.map((m) => (
              <MatchRow
                key={m.post._id}
                match={m}
                canOffer={mine.post.kind === 'provision'}
                offerHelp={offerHelp}
              />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-4 text-sm text-slate-600">
            No matches for this one yet. We'll tell you when one turns up.
          </p>
        )}
      </section>
    </li>
  );
}

function MatchRow({
  match,
  canOffer,
  offerHelp,
}: {
  match: Match;
  canOffer: boolean;
  offerHelp: OfferHelpAction;
}) {
  const { post, author } = match;
  return (
    <li className="px-4 py-4">
      <div className="flex items-start gap-3">
        <Link to={paths.profile(author.username)} className="shrink-0" aria-hidden="true" tabIndex={-1}>
          <Avatar person={author} className="size-10" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <Link
              to={paths.profile(author.username)}
              className="font-semibold text-slate-900 hover:underline"
            >
              {personName(author)}
            </Link>
            <KindBadge kind={post.kind} />
            <span className="text-xs text-slate-500">{timeAgo(post.createdAt)} ago</span>
          </p>
          <h3 className="mt-1 break-words font-medium text-slate-900">
            <Link to={paths.post(post._id)} className="hover:underline">
              {titleOf(post)}
            </Link>
          </h3>
          {post.title && post.excerpt && (
            <p className="mt-0.5 line-clamp-2 break-words text-sm text-slate-600">{post.excerpt}</p>
          )}
          <p className="mt-2 text-xs font-semibold text-brand-700">{strength(match.score)}</p>
          <MatchReasons reasons={describeReasons(match.reasons)} className="mt-1" />
          <div className="mt-3 flex flex-wrap gap-2">
            {canOffer ? (
              offerHelp(post._id)
            ) : (
              <Link to={paths.post(post._id)} className={outline}>
                View offer
              </Link>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

function MatchesSkeleton() {
  return (
    <ul className="mt-5 space-y-4" role="status" aria-label="Loading matches">
      {[0, 1].map((i) => (
        <li
          key={i}
          className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white"
          aria-hidden="true"
        >
          <div className="border-b border-slate-100 bg-slate-50 px-4 py-4">
            <div className="h-3 w-48 max-w-full rounded bg-slate-200" />
          </div>
          {[0, 1].map((j) => (
            <div key={j} className="flex gap-3 px-4 py-4">
              <div className="size-10 shrink-0 rounded-full bg-slate-200" />
              <div className="flex-1 space-y-2">
                <div className="h-3 w-40 max-w-full rounded bg-slate-200" />
                <div className="h-3 w-56 max-w-full rounded bg-slate-100" />
                <div className="h-4 w-64 max-w-full rounded-full bg-slate-100" />
              </div>
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}
