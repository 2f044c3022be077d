import type { ConnectionState } from '@muster/contract/network';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { afterCommit, inTransaction } from '../../platform/transaction.js';
import type { JsonText } from '../../platform/json-text.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import { type Cursor, decodeCursor, pageOf } from '../../platform/paging.js';
import {
  acceptRequest,
  findListOwner,
  ignoreRequest,
  listConnectionsOf,
  listReceivedRequests,
  listSentRequests,
  removeConnection,
  sendRequest,
  severPair,
  suggestPeople,
  withdrawRequest,
} from './network.queries.js';
import { presentConnection, presentRequest } from './network.present.js';

type Outcome = { connection: ConnectionState; message: string };
type PageQuery = { cursor?: string | undefined; limit: number };

const NOT_THERE = 'That person is not on Muster';
const REQUEST_NOT_FOUND = 'Connection request not found';
const fullName = (v: Viewer) => `${v.firstName} ${v.lastName}`.trim() || v.username;

/**
 * Each viewer's "people you may know", kept for 5 s in this process (decision 009's micro-cache).
 * The statement checks a few hundred candidates against every rule — ~1–1.5 ms of PostgreSQL at
 * 100k people, several times a plain indexed read — while the answer barely moves from one visit
 * to the next. The promise is kept, so a burst from one viewer makes one query.
 *
 * What changes a list through this process drops it at once, so nobody is offered someone they
 * just acted on: connecting, asking, accepting, withdrawing and disconnecting drop both people's
 * lists (here); a block drops both (`user.blocked`), a mute the muter's (`user.muted`); a privacy
 * change (turning search off) empties the cache, as that person may be in anyone's list. Left to
 * expire within the 5 s: other people's new connections and cards, an unblock or unmute, new or
 * deleted accounts, and changes made through another API process (the session cache's trade-off).
 */
const suggestionsCache = microCachePerApp<Promise<JsonText[]>>({ ttlMs: 5_000, max: 10_000 });
/**
 * The Network badge counts the requests waiting for someone's answer (issue 15): once a write
 * that changes them has committed, that person's open tabs are told to refetch it.
 */
function networkBadgeChanged(deps: Deps, userId: string) {
  deps.realtime.publish([userId], { type: 'counts.changed', data: { counts: ['network'] } });
}

function suggestionsChanged(deps: Deps, ...people: string[]) {
  const cache = suggestionsCache(deps);
  for (const id of people) cache.delete(id);
}

/**
 * Asks to connect. A person hidden either way is not there (404), as everywhere; if they had
 * already asked me, this is my yes and we are connected at once.
 */
export async function connectWith(deps: Deps, viewer: Viewer | null, personId: string): Promise<Outcome> {
  const me = requireViewer(viewer);
  const userId = personId.toLowerCase(); // a UUID in capitals is the same person, myself included
  if (userId === me.id)
    throw badRequest('You cannot connect with yourself', [
      { path: 'userId', message: 'You cannot connect with yourself' },
    ]);
  const requestId = newId();
  // The request (or the connection, when they had asked me) and its notice commit together.
  const outcome = await inTransaction(deps.db, async (trx) => {
    const outcome = await sendRequest(trx, { id: requestId, senderId: me.id, recipientId: userId });
    if (!outcome.exists || outcome.hidden || outcome.connected) return outcome;
    if (outcome.theirs)
      await deps.events.emit(trx, 'connection.accepted', {
        senderId: userId,
        recipientId: me.id,
        recipientName: fullName(me),
      });
    else if (outcome.sent)
      await deps.events.emit(trx, 'connection.requested', {
        requestId,
        senderId: me.id,
        recipientId: userId,
      });
    return outcome;
  });
  suggestionsChanged(deps, me.id, userId);
  if (!outcome.exists || outcome.hidden) throw notFound(NOT_THERE);
  if (outcome.connected) throw conflict('You are already connected');
  if (outcome.theirs) {
    // Their request left my Network badge (my other tabs refetch it).
    networkBadgeChanged(deps, me.id);
    return { connection: 'connected', message: 'You are now connected' };
  }
  // Mine already there (a double click, or a request they ignored), or a twin of this one won the race.
  if (!outcome.sent) throw conflict('You have already sent this person a connection request');
  networkBadgeChanged(deps, userId);
  return { connection: 'pending-sent', message: 'Connection request sent' };
}

/** Requests waiting for my answer: the Network badge counts them. */
export async function myReceivedRequests(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listReceivedRequests(deps.db, me.id)).map(presentRequest);
}

export async function mySentRequests(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listSentRequests(deps.db, me.id)).map(presentRequest);
}

/** Only the recipient answers a request; anyone else's is not found. */
export async function accept(deps: Deps, viewer: Viewer | null, requestId: string): Promise<Outcome> {
  const me = requireViewer(viewer);
  const senderId = await inTransaction(deps.db, async (trx) => {
    const senderId = await acceptRequest(trx, requestId, me.id);
    if (!senderId) throw notFound(REQUEST_NOT_FOUND);
    await deps.events.emit(trx, 'connection.accepted', {
      senderId,
      recipientId: me.id,
      recipientName: fullName(me),
    });
    return senderId;
  });
  suggestionsChanged(deps, me.id, senderId);
  networkBadgeChanged(deps, me.id);
  return { connection: 'connected', message: 'You are now connected' };
}

/** Ignoring tells the sender nothing (their request still looks pending to them), as on LinkedIn. */
export async function ignore(deps: Deps, viewer: Viewer | null, requestId: string): Promise<Outcome> {
  const me = requireViewer(viewer);
  await inTransaction(deps.db, async (trx) => {
    const senderId = await ignoreRequest(trx, requestId, me.id);
    if (!senderId) throw notFound(REQUEST_NOT_FOUND);
    await deps.events.emit(trx, 'connection.request_dropped', { senderId, recipientId: me.id });
  });
  networkBadgeChanged(deps, me.id);
  return { connection: 'none', message: 'Request ignored' };
}

/** Only the sender withdraws a request. */
export async function withdraw(deps: Deps, viewer: Viewer | null, requestId: string): Promise<Outcome> {
  const me = requireViewer(viewer);
  const recipientId = await inTransaction(deps.db, async (trx) => {
    const recipientId = await withdrawRequest(trx, requestId, me.id);
    if (!recipientId) throw notFound(REQUEST_NOT_FOUND);
    await deps.events.emit(trx, 'connection.request_dropped', { senderId: me.id, recipientId });
    return recipientId;
  });
  suggestionsChanged(deps, me.id, recipientId);
  networkBadgeChanged(deps, recipientId);
  return { connection: 'none', message: 'Request withdrawn' };
}

/** Ends a connection for both; nobody is told. Not connected (or no such person) is not found. */
export async function disconnect(deps: Deps, viewer: Viewer | null, userId: string): Promise<Outcome> {
  const me = requireViewer(viewer);
  if (!(await removeConnection(deps.db, me.id, userId)))
    throw notFound('You are not connected to this person');
  suggestionsChanged(deps, me.id, userId);
  return { connection: 'none', message: 'Connection removed' };
}

export async function myConnections(deps: Deps, viewer: Viewer | null, query: PageQuery) {
  const me = requireViewer(viewer);
  return connectionsPage(deps, me.id, me.id, query, decodeCursor(query.cursor));
}

/**
 * Someone's connections as their privacy setting allows: a person hidden either way is not there
 * (404); a list they keep from the viewer is refused (403) — the profile already says so
 * (`connectionsVisible`). People hidden from the viewer are left out of the list.
 */
export async function connectionsOf(deps: Deps, viewer: Viewer | null, userId: string, query: PageQuery) {
  const me = requireViewer(viewer);
  const cursor = decodeCursor(query.cursor);
  const owner = await findListOwner(deps.db, me.id, userId);
  if (!owner) throw notFound(NOT_THERE);
  if (!owner.connectionsVisible) throw forbidden('This person keeps their connections private');
  return connectionsPage(deps, userId, me.id, query, cursor);
}

async function connectionsPage(
  deps: Deps,
  ownerId: string,
  viewerId: string,
  query: PageQuery,
  cursor: Cursor | undefined,
) {
  const rows = await listConnectionsOf(deps.db, ownerId, viewerId, { cursor, limit: query.limit });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { items: page.map(presentConnection), nextCursor };
}

/** People you may know (spec `GET /users/suggestions`), best first. */
export async function peopleYouMayKnow(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return suggestionsCache(deps).remember(me.id, () => suggestPeople(deps.db, me.id));
}

/**
 * Listens for what other features do to the graph: a block ends everything between the two; a
 * block, a mute, a privacy change or a suspension also drops the kept suggestions it changes.
 */
export function subscribeNetwork(deps: Deps) {
  deps.events.afterCommit('user.muted', ({ muterId }) => suggestionsChanged(deps, muterId));
  deps.events.afterCommit('user.privacy_changed', () => suggestionsCache(deps).clear());
  // A suspension (or its end) changes who may be suggested to anyone (decision 071): rare, so all go.
  deps.events.afterCommit('user.suspended', () => suggestionsCache(deps).clear());
  deps.events.afterCommit('user.blocked', ({ blockerId, blockedId }) =>
    suggestionsChanged(deps, blockerId, blockedId),
  );
  // Invariant of the block: in its transaction, nothing stays between the two (decision 060).
  deps.events.within('user.blocked', async (trx, { blockerId, blockedId }) => {
    for (const request of await severPair(trx, blockerId, blockedId)) {
      await deps.events.emit(trx, 'connection.request_dropped', request);
      afterCommit(trx, () => networkBadgeChanged(deps, request.recipientId));
    }
  });
}
