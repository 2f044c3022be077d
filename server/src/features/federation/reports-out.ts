import type { Context } from '@fedify/fedify';
import { Flag, isActor, type Recipient } from '@fedify/fedify/vocab';
import type { RemoteReportInput } from '@muster/contract/federation';
import { REPORT_DUPLICATE, REPORT_RECEIVED, reportReasonLabels } from '@muster/contract/safety';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { instanceIdentifier, publicInboxes, remoteOf, type MusterFederation } from './federation.js';
import { isBlockedHost } from './federation.queries.js';
import {
  deleteReportOut,
  insertReportOut,
  reportableObject,
  storedRemoteActor,
} from './reports-out.queries.js';

/*
 * A person here reports a listing or reply that came from another server (decision 094). Our
 * moderators cannot hide what another server holds; its own moderators can. So the report goes
 * there as a Flag naming the object and its author, signed by this server's own actor rather than
 * the reporter (Mastodon forwards reports the same way: the reported person never learns who
 * reported them), and lands in that server's moderation queue (087's `onFlag` on a Muster).
 */

/** Reports what came from another server; the answer is the local report's words. */
export async function reportRemote(
  deps: Deps,
  federation: MusterFederation | undefined,
  viewer: Viewer | null,
  input: RemoteReportInput,
): Promise<{ message: string }> {
  const me = requireViewer(viewer);
  if (!federation) throw new HttpError(404, 'NOT_FOUND', 'Federation is off on this server');
  const object = await reportableObject(deps.db, input.objectId);
  // A blocked server's objects are never read back (087), so there is nothing to report either.
  if (!object || (await isBlockedHost(deps.db, object.host)))
    throw notFound('Nothing here came from that address');

  const ctx = federation.createContext(new URL(deps.config.publicUrl), deps);
  const identifier = instanceIdentifier(deps);
  const id = newId();
  const flagId = new URL(`${ctx.getActorUri(identifier).href}#flags/${id}`);
  const note = input.note?.trim() ?? '';
  const stored = await insertReportOut(deps.db, {
    id,
    reporterId: me.id,
    objectUri: input.objectId,
    remoteActor: object.remoteActor,
    host: object.host,
    reason: input.reason,
    note,
    flagId: flagId.href,
  });
  if (!stored) return { message: REPORT_DUPLICATE };

  // As the Follow is sent (following.ts): Fedify enqueues in a transaction of its own, so should the
  // enqueue fail the report is taken back and the person sees the error and may send it again.
  try {
    const recipient = await recipientOf(deps, ctx, object.remoteActor);
    if (!recipient) {
      await deleteReportOut(deps.db, id);
      throw notFound("The author's server cannot be reached");
    }
    await ctx.sendActivity(
      { identifier },
      recipient,
      new Flag({
        id: flagId,
        actor: ctx.getActorUri(identifier),
        // Mastodon files a Flag against the account it names, with the statuses beside it.
        objects: [new URL(object.remoteActor), new URL(input.objectId)],
        content: note ? `${reportReasonLabels[input.reason]}: ${note}` : reportReasonLabels[input.reason],
      }),
      { preferSharedInbox: true },
    );
  } catch (err) {
    if (!(err instanceof HttpError)) await deleteReportOut(deps.db, id);
    throw err;
  }
  return { message: REPORT_RECEIVED };
}

/** The author's inboxes: as kept when we followed them or they followed us, else fetched now. */
async function recipientOf(deps: Deps, ctx: Context<Deps>, uri: string): Promise<Recipient | null> {
  const stored = await storedRemoteActor(deps.db, uri);
  if (stored)
    return {
      id: new URL(stored.uri),
      inboxId: new URL(stored.inbox),
      endpoints: stored.sharedInbox ? { sharedInbox: new URL(stored.sharedInbox) } : null,
    };
  try {
    const actor = await ctx.lookupObject(uri);
    if (!isActor(actor)) return null;
    const remote = remoteOf(actor);
    // We would POST to its inboxes: none on a private address (as for a follower, 082).
    return remote && remote.uri === uri && (await publicInboxes(deps, remote)) ? actor : null;
  } catch (err) {
    deps.log.debug({ err, uri }, 'federation: looking up a reported author failed');
    return null;
  }
}
