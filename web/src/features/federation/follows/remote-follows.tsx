import { followRemoteSchema, type RemoteFollow } from '@muster/contract/federation';
import { Globe, UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, PersonRowsSkeleton } from '../../../components/person-row';
import { ApiClientError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import {
  useFederationAvailableQuery,
  useFollowRemoteMutation,
  useRemoteFollowsQuery,
  useUnfollowRemoteMutation,
} from '../follows-api';

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/** The privacy switch a person must turn on before they can follow anyone elsewhere (its words, exactly). */
export const FEDERATE_SWITCH = 'Share my public posts with other servers (the fediverse)';

/**
 * "Following on other servers" (decision 093): follow an account on Mastodon, another Muster or
 * anywhere on the fediverse by its handle, and the accounts I follow there, Requested until their
 * server accepts. Nothing at all on a server that does not federate.
 */
export function RemoteFollows() {
  const available = useFederationAvailableQuery();
  if (available.data !== true) return null;
  return (
    <section className={card} aria-labelledby="remote-follows-heading">
      <h2 id="remote-follows-heading" className="font-semibold text-slate-900">
        Following on other servers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        People on Mastodon, other Muster servers and the rest of the fediverse: follow them by their handle.
      </p>
      <FollowForm />
      <FollowList />
    </section>
  );
}

/** `@user@host` (or an actor's URL) → its host, for the messages. */
const hostOf = (handle: string) =>
  URL.canParse(handle) ? new URL(handle).host : (handle.replace(/^@/, '').split('@')[1] ?? handle);
const asHandle = (handle: string) => (handle.startsWith('@') || URL.canParse(handle) ? handle : `@${handle}`);

/** A refusal said in words a person can act on: on the field, or (not federating) with the way out. */
type Refusal = { field: string } | { notFederating: true };

function refusalOf(err: unknown, handle: string): Refusal | null {
  if (!(err instanceof ApiClientError)) return null;
  if (err.code === 'NOT_FEDERATING') return { notFederating: true };
  if (err.code === 'SERVER_BLOCKED')
    return {
      field: `This server does not connect with ${hostOf(handle)}, so you can’t follow accounts there.`,
    };
  if (err.status === 404) {
    const host = hostOf(handle).toLowerCase();
    return {
      field:
        host === window.location.host.toLowerCase() || host === window.location.hostname.toLowerCase()
          ? `${asHandle(handle)} is on this server: find them with search and connect with them instead.`
          : `No account found at ${asHandle(handle)}. Check the spelling: a handle looks like @name@server.example.`,
    };
  }
  if (err.status === 409) return { field: `You already follow ${asHandle(handle)}.` };
  return null;
}

function FollowForm() {
  const [handle, setHandle] = useState('');
  const [notFederating, setNotFederating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useContractForm({ id: 'remote-follow', fields: ['handle'] });
  const follow = useFollowRemoteMutation();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setNotFederating(false);
    const body = form.check(followRemoteSchema, { handle });
    if (!body) return;
    follow.mutate(body, {
      onSuccess: (made) => {
        setHandle('');
        form.clear();
        toast.success(
          made.state === 'accepted'
            ? `You now follow ${made.handle ?? body.handle}`
            : `Follow request sent to ${made.handle ?? body.handle}`,
        );
      },
      onError: (err) => {
        const refusal = refusalOf(err, body.handle);
        if (refusal && 'notFederating' in refusal) {
          form.clear();
          setNotFederating(true);
        } else if (refusal) {
          form.setError('handle', refusal.field);
          input.current?.focus();
        } else if (!form.refused(err)) {
          form.clear();
          toast.error(errorMessage(err, 'Could not follow that account'));
        }
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <label htmlFor={form.fieldId('handle')} className="block text-sm font-medium text-slate-700">
        Follow someone on another server
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <input
            ref={input}
            id={form.fieldId('handle')}
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={handle}
            placeholder="@name@mastodon.social"
            onChange={(e) => setHandle(e.target.value)}
            {...form.aria('handle', 'remote-follow-help')}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-400"
          />
          <FieldError form={form} field="handle" />
          <p id="remote-follow-help" className="mt-1 text-xs text-slate-500">
            Their full handle, as their profile shows it: @name@server.
          </p>
        </div>
        <button type="submit" disabled={follow.isPending} className={`${buttonStyles.primary} sm:mt-0.5`}>
          {follow.isPending ? 'Following...' : 'Follow'}
        </button>
      </div>
      {notFederating && (
        <div role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          To follow people on other servers, your own public posts have to be shared with them. Turn on “
          {FEDERATE_SWITCH}” in{' '}
          <Link to={paths.privacySettings} className="font-semibold text-amber-950 underline">
            your privacy settings
          </Link>
          , then try again.
        </div>
      )}
    </form>
  );
}

function FollowList() {
  const query = useRemoteFollowsQuery();
  const unfollow = useUnfollowRemoteMutation();
  const [leaving, setLeaving] = useState<RemoteFollow | null>(null);
  const leavingName = leaving ? (leaving.handle ?? leaving.actor) : '';
  return (
    <div className="mt-5 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">Accounts you follow elsewhere</h3>
      {query.isPending ? (
        <PersonRowsSkeleton rows={2} label="Loading the accounts you follow on other servers" />
      ) : query.isError ? (
        <ListError query={query} what="the accounts you follow on other servers" className="mt-3" />
      ) : query.data.length === 0 ? (
        <EmptyState icon={Globe} title="You don’t follow anyone on other servers yet">
          Ask people for their fediverse handle (it looks like @name@mastodon.social) and enter it above.
        </EmptyState>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label="Accounts you follow on other servers">
          {query.data.map((f) => (
            <FollowRow key={f.id} follow={f} onUnfollow={() => setLeaving(f)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title={`Unfollow ${leavingName}?`}
        description={
          leaving?.state === 'pending'
            ? `Your request is withdrawn and ${leaving.host} is told. You can follow them again at any time.`
            : `You stop following them and ${leaving?.host ?? 'their server'} is told. You can follow them again at any time.`
        }
        confirmLabel="Unfollow"
        pendingLabel="Unfollowing..."
        pending={unfollow.isPending}
        onConfirm={() =>
          leaving &&
          unfollow.mutate(leaving, {
            onSuccess: () => {
              toast.success(`You no longer follow ${leavingName}`);
              setLeaving(null);
            },
            onError: (err) => {
              setLeaving(null);
              toast.error(errorMessage(err, 'Could not unfollow that account'));
            },
          })
        }
      />
    </div>
  );
}

function FollowRow({ follow, onUnfollow }: { follow: RemoteFollow; onUnfollow: () => void }) {
  const handle = follow.handle ?? follow.actor;
  const user = handle.replace(/^@/, '').split('@')[0] ?? handle;
  const name = follow.name?.trim() || user;
  const accepted = follow.state === 'accepted';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      {/* Their picture is not fetched from their server: it would tell it who looks (decision 093). */}
      <a
        href={follow.actor}
        target="_blank"
        rel="noopener noreferrer"
        className="flex min-w-0 flex-1 basis-56 items-center gap-3 rounded-lg"
      >
        <Avatar
          person={{ _id: follow.id, username: user, firstName: name, lastName: '', profilePicture: '' }}
          className="size-12 shrink-0"
        />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900 hover:underline">{name}</span>
          <span className="block break-all text-sm text-slate-600">{handle}</span>
          <span className="block truncate text-xs text-slate-500">On {follow.host}</span>
        </span>
        <span className="sr-only">(opens their profile on {follow.host})</span>
      </a>
      <div className="flex shrink-0 flex-wrap items-center gap-2 pl-[3.75rem] sm:pl-0">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            accepted
              ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
              : 'bg-amber-50 text-amber-900 ring-amber-200'
          }`}
          title={accepted ? undefined : `Waiting for ${follow.host} to accept`}
        >
          {accepted ? 'Following' : 'Requested'}
        </span>
        <button
          type="button"
          className={buttonStyles.ghost}
          aria-label={`Unfollow ${handle}`}
          onClick={onUnfollow}
        >
          <UserMinus className="size-4" aria-hidden="true" /> Unfollow
        </button>
      </div>
    </li>
  );
}
