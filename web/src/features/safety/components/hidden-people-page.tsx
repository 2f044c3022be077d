import type { HiddenPerson } from '@muster/contract/safety';
import { ListError } from '../../../components/list-error';
import { ArrowLeft, Ban, VolumeX } from 'lucide-react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { buttonStyles, EmptyState, PersonRow, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/time';
import { paths } from '../../../lib/paths';
import { useBlockedQuery } from '../api/get-blocked';
import { useMutedQuery } from '../api/get-muted';
import { useUnblockUserMutation } from '../api/unblock-user';
import { useUnmuteUserMutation } from '../api/unmute-user';
import { RemoteBlocks } from './remote-blocks';

type Query = ReturnType<typeof useBlockedQuery>;
type Undo = ReturnType<typeof useUnblockUserMutation>;

/** The frame both lists share: a way back to settings, the title, what the list means, and the list. */
function HiddenPeople({
  title,
  intro,
  query,
  undo,
  undoLabel,
  since,
  done,
  empty,
  more,
}: {
  title: string;
  intro: string;
  query: Query;
  undo: Undo;
  undoLabel: string;
  since: string;
  done: (name: string) => string;
  empty: React.ReactNode;
  /** What follows the list (the blocked page's people on other servers). */
  more?: React.ReactNode;
}) {
  const name = (p: HiddenPerson) => `${p.user.firstName} ${p.user.lastName}`.trim() || `@${p.user.username}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Settings & Privacy
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <section
        className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-1 shadow-sm sm:px-5"
        aria-label={title}
      >
        {query.isPending ? (
          <PersonRowsSkeleton rows={3} label={`Loading ${title.toLowerCase()}`} />
        ) : query.isError ? (
          <ListError query={query} what={title.toLowerCase()} className="my-4" />
        ) : query.data.length === 0 ? (
          empty
        ) : (
          <ul className="divide-y divide-slate-100">
            {query.data.map((p) => (
              <PersonRow
                key={p.user._id}
                user={p.user}
                note={`${since} ${formatDate(p.since)}`}
                actions={
                  <button
                    type="button"
                    className={buttonStyles.quiet}
                    disabled={undo.isPending && undo.variables === p.user._id}
                    aria-label={`${undoLabel} ${name(p)}`}
                    onClick={() =>
                      undo.mutate(p.user._id, {
                        onSuccess: () => toast.success(done(name(p))),
                        onError: (err) =>
                          toast.error(errorMessage(err, `Could not ${undoLabel.toLowerCase()}`)),
                      })
                    }
                  >
                    {undoLabel}
                  </button>
                }
              />
            ))}
          </ul>
        )}
      </section>
      {more}
    </div>
  );
}

/** /settings/blocked: the people I blocked, each with Unblock; then those on other servers (decision 092). */
export function BlockedPage() {
  return (
    <HiddenPeople
      title="Blocked people"
      intro="You and the people you block can't see each other's profiles, posts or comments, and can't message each other. They are not told."
      query={useBlockedQuery()}
      undo={useUnblockUserMutation()}
      undoLabel="Unblock"
      since="Blocked"
      done={(name) => `You unblocked ${name}`}
      empty={
        <EmptyState icon={Ban} title="You haven't blocked anyone">
          To block someone, open their profile and choose Block from the ⋯ menu.
        </EmptyState>
      }
      more={<RemoteBlocks />}
    />
  );
}

/** /settings/muted: the people I muted, each with Unmute. */
export function MutedPage() {
  return (
    <HiddenPeople
      title="Muted people"
      intro="Posts and notifications from people you mute stay out of your feed and alerts. You can still visit their profiles, and they are not told."
      query={useMutedQuery()}
      undo={useUnmuteUserMutation()}
      undoLabel="Unmute"
      since="Muted"
      done={(name) => `You unmuted ${name}`}
      empty={
        <EmptyState icon={VolumeX} title="You haven't muted anyone">
          To quiet someone without blocking them, open their profile and choose Mute from the ⋯ menu.
        </EmptyState>
      }
    />
  );
}
