import type { RequestContext } from '@fedify/fedify';
import { isActor } from '@fedify/fedify/vocab';
import type { RemoteBlock, blockRemoteSchema } from '@muster/contract/federation';
import type { z } from 'zod';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { remoteOf, type MusterFederation } from './federation.js';
import { isBlockedHost, upsertRemoteActor } from './federation.queries.js';
import { sendUndoFollow } from './following.js';
import {
  deleteRemoteBlock,
  hasRemoteBlocks,
  insertRemoteBlock,
  isRemoteBlocked,
  knownRemoteActor,
  purgeBetween,
  remoteBlockList,
} from './remote-blocks.queries.js';

/*
 * Blocking a person on another server (issue 38 "Safety", decision 092), as a block here works:
 * each is out of the other's sight. What lay between them goes in the block's transaction (their
 * follow of me, so nothing of mine reaches them; my follow of them; their likes, boosts and
 * replies on my posts); what they send about me afterwards is dropped (incoming.ts, federation.ts);
 * our actor, outbox and posts answer 404 to a fetch they sign (federation.ts). They are not told,
 * as a person blocked here is not: no Block activity goes, only the Undo of my Follow of them,
 * which any unfollow sends.
 */

const federationOff = () => new HttpError(404, 'NOT_FOUND', 'Federation is off on this server');
const nobody = () => notFound('No account answers to that handle');

/**
 * The remote actor a handle names: one we know already (a follower, someone followed, an author
 * of a reply) needs no request, so a server that is down or blocked can still be named; else
 * WebFinger, as following does.
 */
async function resolve(deps: Deps, federation: MusterFederation | undefined, handle: string) {
  const bare = handle.replace(/^@/, '');
  const known = await knownRemoteActor(deps.db, URL.canParse(handle) ? handle : `@${bare}`);
  if (known) return known.uri;
  if (!federation) throw federationOff();
  const named = bare.includes('@') && !URL.canParse(handle) ? bare.split('@')[1]! : null;
  // A blocked server is not asked anything; nobody on it reaches anyone here anyway.
  if (named && (await isBlockedHost(deps.db, named)))
    throw new HttpError(403, 'SERVER_BLOCKED', 'This server is blocked here: nobody on it reaches you');
  let found: unknown;
  try {
    const ctx = federation.createContext(new URL(deps.config.publicUrl), deps);
    found = await ctx.lookupObject(URL.canParse(handle) ? handle : `@${bare}`);
  } catch (err) {
    deps.log.debug({ err, handle }, 'federation: looking up a remote actor to block failed');
  }
  if (!isActor(found)) throw nobody();
  const remote = remoteOf(found);
  if (!remote) throw nobody();
  if (remote.host === new URL(deps.config.publicUrl).host.toLowerCase()) throw ourOwn();
  await upsertRemoteActor(deps.db, remote);
  return remote.uri;
}

const ourOwn = () =>
  badRequest('That account is on this server: block them from their profile', [
    { path: 'handle', message: 'That account is on this server: block them from their profile' },
  ]);

/** Blocks a person on another server; blocking twice is blocking once. */
export async function blockRemote(
  deps: Deps,
  federation: MusterFederation | undefined,
  viewer: Viewer | null,
  input: z.infer<typeof blockRemoteSchema>,
): Promise<RemoteBlock> {
  const me = requireViewer(viewer);
  const ownHost = new URL(deps.config.publicUrl).host.toLowerCase();
  if (!URL.canParse(input.handle) && input.handle.toLowerCase().endsWith(`@${ownHost}`)) throw ourOwn();
  const remoteActor = await resolve(deps, federation, input.handle);
  const { id, followId } = await inTransaction(deps.db, async (trx) => {
    const id = await insertRemoteBlock(trx, me.id, remoteActor);
    return { id, ...(await purgeBetween(trx, me.id, remoteActor)) };
  });
  // The one thing that goes: the Undo of my follow of them, as an unfollow sends.
  if (followId && federation) await sendUndoFollow(deps, federation, me.username, remoteActor, followId);
  return present((await remoteBlockList(deps.db, me.id)).find((row) => row.id === id)!);
}

/** Unblocks: nothing the block ended comes back (follows must be made again). */
export async function unblockRemote(deps: Deps, viewer: Viewer | null, id: string): Promise<void> {
  const me = requireViewer(viewer);
  if (!(await deleteRemoteBlock(deps.db, me.id, id))) throw notFound('You have not blocked that account');
}

/** My blocks of people on other servers, newest first. */
export async function myRemoteBlocks(deps: Deps, viewer: Viewer | null): Promise<RemoteBlock[]> {
  const me = requireViewer(viewer);
  return (await remoteBlockList(deps.db, me.id)).map(present);
}

function present(row: Awaited<ReturnType<typeof remoteBlockList>>[number]): RemoteBlock {
  return {
    id: row.id,
    actor: row.remoteActor,
    handle: row.handle,
    name: row.name,
    avatar: row.avatar,
    host: row.host ?? new URL(row.remoteActor).host,
    since: row.createdAt.toISOString(),
  };
}

/**
 * Whether a fetch of something of the person's may be answered (Fedify's `authorize`; false is
 * answered 404): not when it is signed by someone they blocked. Unsigned fetches are answered, as
 * anyone's are (we do not require signed fetches, as Mastodon without secure mode does not), so
 * this keeps a blocked person's server from showing them our person's things, not a determined
 * stranger. The key's owner is read from the verified key, not fetched; a person with no blocks
 * costs one probe and no verification.
 */
export async function fetchAllowed(ctx: RequestContext<Deps>, personId: string | null): Promise<boolean> {
  if (!personId || !(await hasRemoteBlocks(ctx.data.db, personId))) return true;
  let key;
  try {
    key = await ctx.getSignedKey();
  } catch {
    return true; // a signature that cannot be checked is no signature: answered as unsigned
  }
  const signer = key?.ownerId?.href ?? key?.id?.href.replace(/#.*$/, '');
  return !signer || !(await isRemoteBlocked(ctx.data.db, personId, signer));
}
