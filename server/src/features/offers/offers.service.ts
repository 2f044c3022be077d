import { UNTITLED_MISSION } from '@muster/contract/missions';
import type { CreateOfferInput, OfferBox, OfferStatus } from '@muster/contract/offers';
import { requireViewer, sessionEnded, type Viewer } from '../../platform/auth/session.js';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inTransaction } from '../../platform/transaction.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import {
  decideOffer,
  directChatOf,
  findMissionToOffer,
  findOffer,
  insertOffer,
  insertRemoteOffer,
  listOffers,
  offerNeedExpired,
  offerOnPostIfAllowed,
  type OfferRow,
  withdrawOffer,
  withdrawRemoteOffer,
} from './offers.queries.js';
import { postTitleOf, presentOffer } from './offers.present.js';

const GONE = 'This offer no longer exists';
const ALREADY = 'You have already offered help here';

/** The offer as the viewer may see it: someone else's, missing, or with a person blocked either way are the same 404. */
async function visibleOffer(db: Db, viewerId: string, id: string) {
  const offer = await findOffer(db, viewerId, id);
  if (!offer) throw notFound(GONE);
  return offer;
}

/** After a write, the offer as it now stands (the viewer just touched it, so it is theirs to see). */
async function reread(deps: Deps, viewerId: string, id: string) {
  return presentOffer(await visibleOffer(deps.db, viewerId, id));
}

/** What the offer is about, for events and notices. */
function titleOf(o: OfferRow) {
  if (o.missionId) return (o.missionTitle ?? '').trim() || UNTITLED_MISSION;
  return postTitleOf({ title: o.postTitle ?? '', content: o.postContent ?? '' });
}

/** An offer by a helper here (not on another server): the only kind that opens a chat or is told of here. */
type LocalOffer = OfferRow & { helperId: string };
const isLocal = (o: OfferRow): o is LocalOffer => o.helperId !== null;

function eventOf<T extends OfferRow>(o: T) {
  const postKind: 'need' | 'want' | null = o.postKind === 'need' || o.postKind === 'want' ? o.postKind : null;
  return {
    offerId: o.id,
    ownerId: o.ownerId,
    helperId: o.helperId as T['helperId'],
    postId: o.postId,
    missionId: o.missionId,
    title: titleOf(o),
    postKind,
  };
}

/** The helper's words as they open the chat on acceptance: the message, then what and when if they said. */
function chatBodyOf(o: OfferRow) {
  return [o.message, o.give && `I can give: ${o.give}`, o.available && `When: ${o.available}`]
    .filter(Boolean)
    .join('\n\n');
}

async function makeOffer(
  deps: Deps,
  viewerId: string,
  target: { postId: string | null; missionId: string | null; ownerId: string },
  input: CreateOfferInput,
) {
  const id = newId();
  const offer = await inTransaction(deps.db, async (trx) => {
    const made = await insertOffer(trx, {
      id,
      ...target,
      helperId: viewerId,
      message: input.message,
      give: input.give ?? '',
      available: input.when ?? '',
    });
    if (!made) throw conflict(ALREADY);
    const offer = await visibleOffer(trx, viewerId, id);
    await announceOffer(deps, trx, offer);
    return offer;
  });
  return presentOffer(offer);
}

/** A new offer: its receiver is told (notifications), in the transaction that writes it. */
async function announceOffer(deps: Deps, trx: Db, offer: OfferRow) {
  const remoteHelper = isLocal(offer)
    ? null
    : { name: offer.remoteName?.trim() || offer.remoteHost || 'Someone', handle: handleOf(offer) };
  await deps.events.emit(trx, 'offer.made', {
    ...eventOf(offer),
    message: offer.message,
    remoteHelper,
  });
}

/** A remote helper's handle, `@user@host`, or their actor URL when their server gave no username. */
const handleOf = (o: OfferRow) => o.remoteHandle ?? o.remoteHelper ?? '';

/**
 * An offer on someone's open need or want. The post must be the viewer's to see (missing and
 * hidden by a block either way are the same 404); one's own need is 403; a general post or a
 * provision takes no offers (400); a fulfilled or expired need no longer does (409). The route
 * takes the viewer from the session cache (`sessionCheckedByWrite`): the statement checks the session.
 */
export async function offerOnPost(
  deps: Deps,
  viewer: Viewer | null,
  postId: string,
  input: CreateOfferInput,
) {
  const me = requireViewer(viewer);
  // One statement checks all of the below and writes only when they hold (offers.queries).
  const row = await offerOnPostIfAllowed(
    deps.db,
    {
      sessionId: me.sessionId,
      id: newId(),
      postId,
      helperId: me.id,
      message: input.message,
      give: input.give ?? '',
      available: input.when ?? '',
    },
    // Written (every check below held): told in the statement's transaction (db/batched.ts).
    async (trx, row) => {
      if (row.id !== null) await announceOffer(deps, trx, row);
    },
  );
  // The viewer came from the session cache: the statement found the session ended, and wrote nothing.
  if (!row.live) throw sessionEnded(deps, me);
  if (!row.targetId) throw notFound('This post no longer exists');
  if (row.targetKind !== 'need' && row.targetKind !== 'want')
    throw badRequest('Help can be offered only on a need or a want');
  if (row.targetAuthorId === me.id) throw forbidden('You cannot offer help on your own post');
  if (row.targetStatus === 'fulfilled') throw conflict('This need has already been fulfilled');
  if (row.targetStatus === 'expired') throw conflict('This need has expired');
  if (row.id === null) throw conflict(ALREADY);
  return presentOffer(row);
}

/** An offer to a mission the viewer may see (else 404); its owner cannot offer to it (403). */
export async function offerToMission(
  deps: Deps,
  viewer: Viewer | null,
  missionId: string,
  input: CreateOfferInput,
) {
  const me = requireViewer(viewer);
  const mission = await findMissionToOffer(deps.db, me.id, missionId);
  if (!mission) throw notFound('This mission no longer exists');
  if (mission.ownerId === me.id) throw forbidden('You cannot offer help to your own mission');
  return makeOffer(deps, me.id, { postId: null, missionId, ownerId: mission.ownerId }, input);
}

/** A page of my Received or Made box, newest first. */
export async function myOffers(
  deps: Deps,
  viewer: Viewer | null,
  query: { box: OfferBox; status?: OfferStatus | undefined; cursor?: string | undefined; limit: number },
) {
  const me = requireViewer(viewer);
  const cursor = decodeCursor(query.cursor);
  const rows = await listOffers(deps.db, me.id, {
    box: query.box,
    status: query.status,
    cursor,
    limit: query.limit,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map(presentOffer), meta: { nextCursor } };
}

/**
 * The answer to an offer from a helper on another server goes back to them (decision 090): the
 * federation feature's, handed over in app.ts, which enqueues an Accept or a Reject of their Offer
 * in the decision's transaction. Undefined where nothing is sent (no federation wired).
 */
export type AnswerRemoteOffer = (
  deps: Deps,
  trx: Db,
  answer: {
    offerId: string;
    /** The Offer they sent, and their actor. */
    activityId: string;
    remoteHelper: string;
    /** The owner's username: their actor signs the answer. */
    ownerUsername: string;
    postId: string | null;
    decision: 'accepted' | 'declined';
  },
) => Promise<void>;

/**
 * An Offer from a helper on another server (decision 090), received by the federation feature
 * (handed over in app.ts): an offer on our open need or want, its owner told as of any offer.
 * False when nothing was written (a repeat, a second live offer, a need no longer open).
 */
export async function receiveRemoteOffer(
  deps: Deps,
  input: {
    activityId: string;
    postId: string;
    remoteHelper: string;
    message: string;
    give: string;
    available: string;
  },
): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    const id = newId();
    const made = await insertRemoteOffer(trx, {
      id,
      postId: input.postId,
      remoteHelper: input.remoteHelper,
      remoteActivity: input.activityId,
      message: input.message,
      give: input.give,
      available: input.available,
    });
    if (!made) return false;
    const offer = await findOffer(trx, made.ownerId, id);
    if (offer) await announceOffer(deps, trx, offer);
    return true;
  });
}

/** A remote helper's Undo of their Offer: withdrawn while it waits (only theirs). */
export function withdrawnRemotely(deps: Deps, input: { activityId: string; remoteHelper: string }) {
  return withdrawRemoteOffer(deps.db, { remoteActivity: input.activityId, remoteHelper: input.remoteHelper });
}

/** Accepts or declines a remote helper's offer: no chat (nobody here to talk to); the answer goes to their server. */
async function answerRemotely(
  deps: Deps,
  me: { id: string; username: string },
  offer: OfferRow,
  decision: 'accepted' | 'declined',
  answerRemote: AnswerRemoteOffer | undefined,
) {
  await inTransaction(deps.db, async (trx) => {
    if (!(await decideOffer(trx, { id: offer.id, ownerId: me.id, status: decision }))) {
      if (decision === 'accepted' && (await offerNeedExpired(trx, offer.id)))
        throw conflict('This need has expired');
      throw conflict('This offer has already been answered');
    }
    await answerRemote?.(deps, trx, {
      offerId: offer.id,
      activityId: offer.remoteActivity!,
      remoteHelper: offer.remoteHelper!,
      ownerUsername: me.username,
      postId: offer.postId,
      decision,
    });
  });
}

/** Only the receiver answers an offer, and only while it waits. */
async function pendingReceived(deps: Deps, viewerId: string, id: string, verb: string) {
  const offer = await visibleOffer(deps.db, viewerId, id);
  if (offer.ownerId !== viewerId) throw forbidden(`Only the person who received this offer can ${verb} it`);
  if (offer.status !== 'pending') throw conflict(`This offer is already ${offer.status}`);
  return offer;
}

/**
 * Accepts an offer: it moves once (a double click finds it answered, 409), then the chats feature
 * opens or reuses the two people's direct chat with the offer as the helper's first message, and
 * the helper is told. Answers the offer and that chat.
 */
export async function acceptOffer(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  answerRemote?: AnswerRemoteOffer,
): Promise<{ offer: ReturnType<typeof presentOffer>; chatId: string | null }> {
  const me = requireViewer(viewer);
  const offer = await pendingReceived(deps, me.id, id, 'accept');
  if (!isLocal(offer)) {
    await answerRemotely(deps, me, offer, 'accepted', answerRemote);
    return { offer: await reread(deps, me.id, id), chatId: null };
  }
  // The acceptance, the chat it opens (the chats feature, `within`) and the helper's notice
  // commit together: an accepted offer never lacks its chat, and a failure leaves it pending.
  const chatId = await inTransaction(deps.db, async (trx) => {
    if (!(await decideOffer(trx, { id, ownerId: me.id, status: 'accepted' }))) {
      // Refused by the statement: answered meanwhile, or its need's expiry has passed (the job may not have run yet).
      if (await offerNeedExpired(trx, id)) throw conflict('This need has expired');
      throw conflict('This offer has already been answered');
    }
    // The chat's id is known before the chats feature opens it, so the helper's notice can point at it.
    const chatId = (await directChatOf(trx, me.id, offer.helperId)) ?? newId();
    const ownerName = `${me.firstName} ${me.lastName}`.trim() || me.username;
    await deps.events.emit(trx, 'offer.accepted', {
      ...eventOf(offer),
      message: chatBodyOf(offer),
      chatId,
      ownerName,
    });
    // Another acceptance between the two may have opened their chat meanwhile: answer the one there is.
    const opened = await directChatOf(trx, me.id, offer.helperId);
    if (!opened) throw conflict('The conversation could not be opened; please try again');
    return opened;
  });
  return { offer: await reread(deps, me.id, id), chatId };
}

/** Declines an offer: the helper is thanked, with no details. */
export async function declineOffer(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  answerRemote?: AnswerRemoteOffer,
) {
  const me = requireViewer(viewer);
  const offer = await pendingReceived(deps, me.id, id, 'decline');
  if (!isLocal(offer)) {
    await answerRemotely(deps, me, offer, 'declined', answerRemote);
    return reread(deps, me.id, id);
  }
  await inTransaction(deps.db, async (trx) => {
    if (!(await decideOffer(trx, { id, ownerId: me.id, status: 'declined' })))
      throw conflict('This offer has already been answered');
    await deps.events.emit(trx, 'offer.declined', eventOf(offer));
  });
  return reread(deps, me.id, id);
}

/** The helper takes back their pending offer (the receiver cannot: 403); the row stays, withdrawn. */
export async function withdraw(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  const offer = await visibleOffer(deps.db, me.id, id);
  if (offer.helperId !== me.id) throw forbidden('Only the person who made this offer can withdraw it');
  if (offer.status !== 'pending') throw conflict(`This offer is already ${offer.status}`);
  if (!(await withdrawOffer(deps.db, { id, helperId: me.id })))
    throw conflict('This offer has already been answered');
  return reread(deps, me.id, id);
}
