import type { InboxContext } from '@fedify/fedify';
import { Accept, Offer, Reject, Undo, isActor, type Recipient } from '@fedify/fedify/vocab';
import { MUSTER_NS, type RemoteOfferInput, type SentRemoteOffer } from '@muster/contract/federation';
import { OFFER_GIVE_MAX, OFFER_MESSAGE_MAX, OFFER_WHEN_MAX } from '@muster/contract/offers';
import type { Db } from '../../db/database.js';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inTransaction } from '../../platform/transaction.js';
import { publicInboxes, remoteOf, textToHtml, type MusterFederation } from './federation.js';
import {
  isBlockedHost,
  remotePost,
  remotePostAuthor,
  setRemoteActorAvatar,
  upsertRemoteActor,
} from './federation.queries.js';
import { avatarOf, federationOff, ownActor, serverBlocked } from './following.js';
import { drop, isLimitedStranger, ourPostId, senderOf } from './incoming.js';
import { plainField, readExtension, sanitiseHtml } from './notes-in.js';
import { federationUrls } from './notes.js';
import {
  answerSentOffer,
  insertSentOffer,
  sentOfferOf,
  sentOffersOf,
  sentOfferToDeliver,
  storedRemoteActor,
  withdrawSentOffer,
  type SentOfferRow,
} from './offers-remote.queries.js';
import { publicNoteOf } from './outgoing.js';
import { postAuthorBlocked } from './remote-blocks.queries.js';

/*
 * Offer help on another server's listing (issue 38 "What comes in", decision 090). Both ways:
 * - a person here offers help on a listing this server keeps from another Muster: the offer is
 *   stored (`federation_offers_out`) and, in the same transaction, a job to send an ActivityStreams
 *   `Offer` to the listing's author only (object: the listing, content: the words, give and when in
 *   Muster's extension); their Accept or Reject of it comes back here and the person is told;
 * - an Offer from elsewhere on one of our open needs or wants becomes one of the author's offers
 *   (the offers feature's, handed over in app.ts), which they accept or decline as any other: the
 *   answer goes back as Accept(Offer) or Reject(Offer), a job enqueued in the decision's transaction.
 * Each job hands its activity to Fedify, whose deliveries are jobs on our queue too: Fedify enqueues
 * in a transaction of its own, so the hand-over cannot run inside the writer's (outgoing.ts).
 */

export const OFFER_QUEUE = 'federation-offers';

type Answer = {
  offerId: string;
  activityId: string;
  remoteHelper: string;
  ownerUsername: string;
  postId: string | null;
  decision: 'accepted' | 'declined';
};

type OfferJob = { kind: 'offer' | 'undo'; id: string } | ({ kind: 'answer' } & Answer);

/** What the offers feature does with an Offer from elsewhere (app.ts hands it over). */
export type RemoteOfferHandOff = {
  /** Stores it among the post's author's offers, who is told; false when nothing was written. */
  receive: (
    deps: Deps,
    offer: {
      activityId: string;
      postId: string;
      remoteHelper: string;
      message: string;
      give: string;
      available: string;
    },
  ) => Promise<boolean>;
  /** Their Undo: withdrawn while it waits. */
  withdraw: (deps: Deps, offer: { activityId: string; remoteHelper: string }) => Promise<boolean>;
};

const LISTING_GONE = 'That listing is not known on this server';

const contextOf = (deps: Deps, federation: MusterFederation) =>
  federation.createContext(new URL(deps.config.publicUrl), deps);

// ---- Muster's fields on an Offer ----

type JsonObject = Record<string, unknown>;
const OFFER_TERMS = new WeakMap<Offer, { give: string; when: string }>();

/**
 * An Offer whose JSON-LD carries what the helper can give and when under MUSTER_NS, in every
 * format Fedify asks for (it signs and sends its own serialisation, and keeps no unknown terms: the
 * same reason as notes.ts's Note). Full IRIs as keys, so no context needs to bind a prefix.
 */
class MusterOffer extends Offer {
  override async toJsonLd(options?: Parameters<Offer['toJsonLd']>[0]): Promise<unknown> {
    const json = await super.toJsonLd(options);
    const terms = OFFER_TERMS.get(this);
    if (!terms) return json;
    const entries = Object.entries(terms).filter(([, v]) => v !== '');
    if (options?.format === 'expand') {
      const [node, ...rest] = json as JsonObject[];
      const added = entries.map(([k, v]) => [`${MUSTER_NS}${k}`, [{ '@value': v }]]);
      return [{ ...node, ...Object.fromEntries(added) }, ...rest];
    }
    return {
      ...(json as JsonObject),
      ...Object.fromEntries(entries.map(([k, v]) => [`${MUSTER_NS}${k}`, v])),
    };
  }

  override clone(...args: Parameters<Offer['clone']>): Offer {
    const copy = super.clone(...args);
    const terms = OFFER_TERMS.get(this);
    if (terms) {
      Object.setPrototypeOf(copy, MusterOffer.prototype);
      OFFER_TERMS.set(copy, terms);
    }
    return copy;
  }
}

/** Our Offer of help on a listing, from the person's actor to its author only (never public). */
export function offerActivity(
  actor: URL,
  row: {
    activityId: string;
    objectUri: string;
    remoteActor: string;
    message: string;
    give: string;
    available: string;
  },
): Offer {
  const offer = new Offer({
    id: new URL(row.activityId),
    actor,
    object: new URL(row.objectUri),
    content: textToHtml(row.message),
    to: new URL(row.remoteActor),
  });
  Object.setPrototypeOf(offer, MusterOffer.prototype);
  OFFER_TERMS.set(offer, { give: row.give, when: row.available });
  return offer;
}

// ---- Sending (the helper's server) ----

function present(row: SentOfferRow): SentRemoteOffer {
  return {
    id: row.id,
    objectId: row.objectUri,
    url: row.url,
    title: row.title,
    server: row.host,
    state: row.state,
    message: row.message,
    give: row.give,
    when: row.available,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/**
 * Offers help on a listing this server keeps from another: a need or want, open, its server not
 * blocked, the person's posts federating (they sign the Offer), one live offer per listing.
 */
export async function offerRemotely(
  deps: Deps,
  federation: MusterFederation | undefined,
  viewer: Viewer | null,
  input: RemoteOfferInput,
): Promise<SentRemoteOffer> {
  const me = requireViewer(viewer);
  if (!federation) throw federationOff();
  const listing = await remotePost(deps.db, input.objectId);
  if (!listing) {
    // Kept but unread: its server is blocked (087's read-time rule).
    const kept = await remotePostAuthor(deps.db, input.objectId);
    if (kept && (await isBlockedHost(deps.db, kept.host))) throw serverBlocked();
    throw notFound(LISTING_GONE);
  }
  if (await isBlockedHost(deps.db, new URL(listing.remoteActor).host)) throw serverBlocked();
  const local = await ownActor(deps, me);
  if (listing.kind !== 'need' && listing.kind !== 'want')
    throw badRequest('Help can be offered only on a need or a want');
  if (listing.status === 'fulfilled') throw conflict('This need has already been fulfilled');
  if (listing.status === 'expired' || (listing.expiresAt && listing.expiresAt <= new Date()))
    throw conflict('This need has expired');

  const id = newId();
  const actor = contextOf(deps, federation).getActorUri(local.identifier);
  await inTransaction(deps.db, async (trx) => {
    const made = await insertSentOffer(trx, {
      id,
      userId: me.id,
      objectUri: listing.objectUri,
      remoteActor: listing.remoteActor,
      host: listing.host,
      title: listing.title.trim() || plainField(listing.text, 80),
      url: listing.url,
      message: input.message,
      give: input.give ?? '',
      available: input.when ?? '',
      activityId: `${actor.href}#offers/${id}`,
    });
    if (!made) throw conflict('You have already offered help here');
    await deps.jobs.send(trx, OFFER_QUEUE, { kind: 'offer', id } satisfies OfferJob);
  });
  return present((await sentOfferOf(deps.db, me.id, id))!);
}

/** My offers sent to other servers, newest first. */
export async function mySentOffers(deps: Deps, viewer: Viewer | null): Promise<SentRemoteOffer[]> {
  const me = requireViewer(viewer);
  return (await sentOffersOf(deps.db, me.id)).map(present);
}

/** Takes back an unanswered offer: withdrawn here, and an Undo(Offer) goes to the listing's author. */
export async function withdrawSent(
  deps: Deps,
  federation: MusterFederation | undefined,
  viewer: Viewer | null,
  id: string,
): Promise<SentRemoteOffer> {
  const me = requireViewer(viewer);
  const row = await sentOfferOf(deps.db, me.id, id);
  if (!row) throw notFound('This offer no longer exists');
  if (row.state !== 'sent') throw conflict(`This offer is already ${row.state}`);
  await inTransaction(deps.db, async (trx) => {
    if (!(await withdrawSentOffer(trx, id))) throw conflict('This offer has already been answered');
    // Federation turned off since: nothing signed can go, so the other server is not told.
    if (federation) await deps.jobs.send(trx, OFFER_QUEUE, { kind: 'undo', id } satisfies OfferJob);
  });
  return present((await sentOfferOf(deps.db, me.id, id))!);
}

/**
 * The answer to a remote helper's offer, enqueued in the decision's transaction (the offers
 * feature calls it, handed over in app.ts). With federation off nothing can be signed: not sent.
 */
export async function enqueueOfferAnswer(deps: Deps, trx: Db, answer: Answer): Promise<void> {
  if (!deps.config.federation.enabled) return;
  await deps.jobs.send(trx, OFFER_QUEUE, { kind: 'answer', ...answer } satisfies OfferJob);
}

/**
 * Where a remote actor is delivered to: as stored, or fetched (and stored). Throws when it cannot
 * be read now, so the job is retried; undefined when it is no actor, or on a private address.
 */
async function recipientOf(
  deps: Deps,
  ctx: ReturnType<typeof contextOf>,
  uri: string,
): Promise<Recipient | undefined> {
  const stored = await storedRemoteActor(deps.db, uri);
  if (stored) {
    if (!(await publicInboxes(deps, stored))) return undefined;
    return {
      id: new URL(stored.uri),
      inboxId: new URL(stored.inbox),
      endpoints: stored.sharedInbox ? { sharedInbox: new URL(stored.sharedInbox) } : null,
    };
  }
  const found = await ctx.lookupObject(uri);
  if (!isActor(found)) return undefined;
  const remote = remoteOf(found);
  if (!remote || remote.uri !== uri || !(await publicInboxes(deps, remote))) return undefined;
  await upsertRemoteActor(deps.db, remote);
  return found;
}

/** Hands one offer activity to Fedify, signed by the person it is from. */
async function deliver(deps: Deps, federation: MusterFederation, job: OfferJob) {
  const ctx = contextOf(deps, federation);
  const sent = job.kind === 'answer' ? undefined : await sentOfferToDeliver(deps.db, job.id);
  const from = job.kind === 'answer' ? job.ownerUsername : sent?.username;
  const to = job.kind === 'answer' ? job.remoteHelper : sent?.remoteActor;
  // The person left, or no longer federates (no keys to sign with): nothing can go.
  if (!from || !to || (await ctx.getActorKeyPairs(from)).length === 0) {
    deps.log.info({ job: job.kind }, 'federation: an offer activity has nobody to sign it');
    return;
  }
  if (await isBlockedHost(deps.db, new URL(to).host)) return;
  const recipient = await recipientOf(deps, ctx, to);
  if (!recipient) return;
  const actor = ctx.getActorUri(from);

  if (job.kind === 'answer') {
    const urls = federationUrls(deps.config.publicUrl);
    const offer = new Offer({
      id: new URL(job.activityId),
      actor: new URL(job.remoteHelper),
      object: job.postId ? urls.note(job.postId) : null,
    });
    const Answer = job.decision === 'accepted' ? Accept : Reject;
    await ctx.sendActivity(
      { identifier: from },
      recipient,
      new Answer({
        id: new URL(`${actor.href}#offer-answers/${job.offerId}`),
        actor,
        object: offer,
        to: new URL(to),
      }),
    );
    return;
  }
  if (!sent) return;
  const offer = offerActivity(actor, sent);
  await ctx.sendActivity(
    { identifier: from },
    recipient,
    job.kind === 'offer'
      ? offer
      : new Undo({ id: new URL(`${sent.activityId}/undo`), actor, object: offer, to: new URL(to) }),
  );
}

/** Defines the offers' delivery job; called once the federation exists (only when FEDERATION is on). */
export function subscribeRemoteOffers(deps: Deps, federation: MusterFederation) {
  deps.jobs.define(OFFER_QUEUE, (_db, data) => deliver(deps, federation, data as OfferJob), {
    transactional: false,
  });
}

// ---- Receiving ----

type Ctx = InboxContext<Deps>;

/** A term of Muster's extension as plain text, whether it came compacted or expanded. */
function termText(value: unknown, max: number): string {
  const one = Array.isArray(value) ? (value[0] as unknown) : value;
  const text = one !== null && typeof one === 'object' && '@value' in one ? one['@value'] : one;
  return typeof text === 'string' ? plainField(text, max) : '';
}

/**
 * An Offer of help on one of our open needs or wants that federates, from someone on a server not
 * blocked (and, on a limited server, whom someone here follows) whom its author has not blocked
 * (decision 092): one of the author's offers.
 */
export async function onOffer(ctx: Ctx, offer: Offer, handOff: RemoteOfferHandOff): Promise<void> {
  // Read first: Fedify gives the document back as it arrived (with Muster's terms) only until it
  // fetches anything the activity names (the actor, below).
  const terms = (readExtension((await offer.toJsonLd()) as JsonObject) ?? {}) as JsonObject;
  const sender = await senderOf(ctx, offer);
  const postId = ourPostId(ctx.data, offer.objectId);
  if (!sender || !offer.id || !postId) return drop(ctx, offer, 'not an offer on our post');
  const { db } = ctx.data;
  // Only a post a stranger may read now takes offers from elsewhere (not hidden, its author federating).
  if (!(await publicNoteOf(db, ctx.data.config.publicUrl, postId)))
    return drop(ctx, offer, 'not a federated post');
  if (await isLimitedStranger(ctx, sender)) return drop(ctx, offer, 'limited server, not followed here');
  if (await postAuthorBlocked(db, postId, sender.href)) return drop(ctx, offer, 'the author blocked them');
  const message = sanitiseHtml(offer.content?.toString() ?? '', OFFER_MESSAGE_MAX).text;
  if (!message) return drop(ctx, offer, 'an offer says nothing');
  const actor = await offer.getActor(ctx).catch(() => null);
  const remote = isActor(actor) ? remoteOf(actor) : null;
  if (!actor || !remote || remote.uri !== sender.href) return drop(ctx, offer, 'no actor');
  // The answer goes to their inbox: never to one on a private address (as for a follower).
  if (!(await publicInboxes(ctx.data, remote))) return drop(ctx, offer, 'inbox on a private address');
  await upsertRemoteActor(db, remote);
  await setRemoteActorAvatar(
    db,
    remote.uri,
    await avatarOf(actor, ctx.data, ctx.federation as MusterFederation),
  );
  const made = await handOff.receive(ctx.data, {
    activityId: offer.id.href,
    postId,
    remoteHelper: remote.uri,
    message,
    give: termText(terms.give, OFFER_GIVE_MAX),
    available: termText(terms.when, OFFER_WHEN_MAX),
  });
  if (!made) drop(ctx, offer, 'a repeat, a second live offer, or the need is no longer open');
}

/** The helper's Undo of their Offer: withdrawn (only the actor that offered can take it back). */
export async function onUndoOffer(ctx: Ctx, undoActor: URL, offer: Offer, handOff: RemoteOfferHandOff) {
  if (!offer.id || offer.actorId?.href !== undoActor.href) return;
  if (await isBlockedHost(ctx.data.db, undoActor.host)) return;
  await handOff.withdraw(ctx.data, { activityId: offer.id.href, remoteHelper: undoActor.href });
}

/**
 * An Accept or Reject of an Offer a person here sent: matched by the Offer's id and the listing's
 * author as the actor (only they may answer it); the person is told. False when it answers none of
 * ours (then it may be about a Follow: incoming.ts).
 */
export async function onOfferAnswer(ctx: Ctx, answer: Accept | Reject): Promise<boolean> {
  const sender = await senderOf(ctx, answer);
  const offerId = answer.objectId;
  if (!sender || !offerId) return false;
  return inTransaction(ctx.data.db, async (trx) => {
    const decision = answer instanceof Accept ? 'accepted' : 'declined';
    const row = await answerSentOffer(trx, {
      activityId: offerId.href,
      remoteActor: sender.href,
      state: decision,
    });
    if (!row) return false;
    const author = await storedRemoteActor(trx, sender.href);
    await ctx.data.events.emit(trx, 'offer.remote_answered', {
      offerId: row.id,
      helperId: row.userId,
      decision,
      ownerName: author?.name?.trim() || author?.handle || sender.host,
      title: row.title,
    });
    return true;
  });
}
