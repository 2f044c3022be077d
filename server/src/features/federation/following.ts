import { Follow, isActor, Undo, type Actor } from '@fedify/fedify/vocab';
import type { RemoteFollow, followRemoteSchema } from '@muster/contract/federation';
import type { z } from 'zod';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { findLocalActor, publicInboxes, remoteOf, type MusterFederation } from './federation.js';
import {
  deleteFollowing,
  followingList,
  followingOf,
  insertFollowing,
  isBlockedHost,
  setRemoteActorAvatar,
  upsertRemoteActor,
} from './federation.queries.js';

/*
 * People here following accounts elsewhere on the fediverse (issue 38 "What comes in", decision
 * 087). A follow is stored pending and a Follow signed as the person goes out through the job
 * queue (Fedify's sendActivity on our queue); the remote actor's Accept, read by the inbox
 * (incoming.ts), makes it accepted, a Reject removes it.
 */

export const federationOff = () => new HttpError(404, 'NOT_FOUND', 'Federation is off on this server');
export const serverBlocked = () =>
  new HttpError(403, 'SERVER_BLOCKED', 'This server does not federate with that one');
const notFederating = () =>
  new HttpError(
    403,
    'NOT_FEDERATING',
    'Turn on "Share my public posts with other servers" in your privacy settings to follow people elsewhere',
  );

/** The context Fedify signs and sends with, outside any request (our own origin, our deps). */
const contextOf = (deps: Deps, federation: MusterFederation) =>
  federation.createContext(new URL(deps.config.publicUrl), deps);

/** The person's own actor (their signature), or a 403 when their posts do not federate. */
export async function ownActor(deps: Deps, me: Viewer) {
  const actor = await findLocalActor(deps, me.username);
  if (!actor || actor.kind !== 'person') throw notFederating();
  return actor;
}

export const avatarOf = async (actor: Actor, deps: Deps, federation: MusterFederation) => {
  try {
    const icon = await actor.getIcon(contextOf(deps, federation));
    const url = icon?.url instanceof URL ? icon.url : icon?.url?.href;
    return url instanceof URL && /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null; // an icon that cannot be read leaves the default avatar
  }
};

/** Follows a remote account by handle or actor URL: stored pending, the Follow queued. */
export async function followRemote(
  deps: Deps,
  federation: MusterFederation | undefined,
  viewer: Viewer | null,
  input: z.infer<typeof followRemoteSchema>,
): Promise<RemoteFollow> {
  const me = requireViewer(viewer);
  if (!federation) throw federationOff();
  const local = await ownActor(deps, me);
  const ctx = contextOf(deps, federation);
  const handle = input.handle.replace(/^@/, '');
  // A handle's server is known before anything is fetched: a blocked one is not even asked.
  const named = handle.includes('@') && !URL.canParse(input.handle) ? handle.split('@')[1]! : null;
  if (named && (await isBlockedHost(deps.db, named))) throw serverBlocked();
  let found: unknown;
  try {
    found = await ctx.lookupObject(URL.canParse(input.handle) ? input.handle : `@${handle}`);
  } catch (err) {
    deps.log.debug({ err, handle: input.handle }, 'federation: looking up a remote actor failed');
    found = null;
  }
  if (!isActor(found)) throw notFound('No account answers to that handle');
  const remote = remoteOf(found);
  if (!remote) throw notFound('No account answers to that handle');
  if (await isBlockedHost(deps.db, remote.host)) throw serverBlocked();
  // Our own actors are followed here with the network feature, not over ActivityPub.
  if (remote.host === new URL(deps.config.publicUrl).host.toLowerCase())
    throw notFound('That account is on this server');
  if (!(await publicInboxes(deps, remote))) throw notFound('No account answers to that handle');

  await upsertRemoteActor(deps.db, remote);
  await setRemoteActorAvatar(deps.db, remote.uri, await avatarOf(found, deps, federation));
  const id = newId();
  const followId = new URL(`${ctx.getActorUri(local.identifier).href}#follows/${id}`);
  if (
    !(await insertFollowing(deps.db, { id, userId: me.id, remoteActor: remote.uri, followId: followId.href }))
  )
    throw conflict('You already follow that account');
  // Sent through our job queue (Fedify's queue is ours: federation.store.ts): retried, never lost.
  // Fedify enqueues in a transaction of its own, so the two writes cannot share one: should the
  // enqueue fail, the follow is taken back, and the person sees the error and may try again.
  try {
    await ctx.sendActivity(
      { identifier: local.identifier },
      found,
      new Follow({ id: followId, actor: ctx.getActorUri(local.identifier), object: found.id }),
    );
  } catch (err) {
    await deleteFollowing(deps.db, id);
    throw err;
  }
  const row = (await followingList(deps.db, me.id)).find((r) => r.id === id)!;
  return present(row);
}

/** Stops following: an Undo(Follow) goes out and the follow is gone here at once. */
export async function unfollowRemote(
  deps: Deps,
  federation: MusterFederation | undefined,
  viewer: Viewer | null,
  id: string,
): Promise<void> {
  const me = requireViewer(viewer);
  const row = await followingOf(deps.db, me.id, id);
  if (!row) throw notFound('You do not follow that account');
  await deleteFollowing(deps.db, row.id);
  if (federation) await sendUndoFollow(deps, federation, row.username, row.remoteActor, row.followId);
}

/**
 * Tells a remote actor a person here no longer follows them: an Undo(Follow), signed as the person,
 * through the queue. Federation turned off since (the person's): nothing signed can go, so the
 * remote server is not told; the follow has gone here all the same.
 */
export async function sendUndoFollow(
  deps: Deps,
  federation: MusterFederation,
  username: string,
  remoteActor: string,
  followId: string,
): Promise<void> {
  const local = await findLocalActor(deps, username);
  if (!local) return;
  const ctx = contextOf(deps, federation);
  const actor = ctx.getActorUri(local.identifier);
  let remote: unknown;
  try {
    remote = await ctx.lookupObject(remoteActor);
  } catch {
    remote = null;
  }
  if (!isActor(remote)) return; // gone: nobody left to tell
  await ctx.sendActivity(
    { identifier: local.identifier },
    remote,
    new Undo({
      id: new URL(`${actor.href}#undo/${newId()}`),
      actor,
      object: new Follow({ id: new URL(followId), actor, object: new URL(remoteActor) }),
    }),
  );
}

/** My follows of remote accounts, newest first. */
export async function myRemoteFollows(deps: Deps, viewer: Viewer | null): Promise<RemoteFollow[]> {
  const me = requireViewer(viewer);
  return (await followingList(deps.db, me.id)).map(present);
}

function present(row: Awaited<ReturnType<typeof followingList>>[number]): RemoteFollow {
  return {
    id: row.id,
    actor: row.remoteActor,
    handle: row.handle,
    name: row.name,
    avatar: row.avatar,
    host: row.host ?? new URL(row.remoteActor).host,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
  };
}
