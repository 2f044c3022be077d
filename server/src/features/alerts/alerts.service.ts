import {
  ALERT_NOTICES_PER_DAY,
  ALERTS_PER_PERSON,
  type AlertCreate,
  type AlertUpdate,
  DEFAULT_ALERT_KINDS,
} from '@muster/contract/alerts';
import { NEAR_RADIUS_DEFAULT_KM } from '@muster/contract/map-constants';
import type { z } from 'zod';
import type { alertCreateSchema, alertUpdateSchema } from '@muster/contract/alerts';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import {
  type AlertColumns,
  countAlerts,
  deleteOwnAlert,
  findAlertFromPost,
  findFittingAlerts,
  findOwnAlert,
  findOwnPost,
  findTellablePost,
  insertAlert,
  listAlerts,
  lockPeople,
  markSeenAll,
  updateOwnAlert,
} from './alerts.queries.js';
import { alertMessage, alertNameFromPost, presentAlert } from './alerts.present.js';

type CreateInput = z.output<typeof alertCreateSchema>;
type UpdateInput = z.output<typeof alertUpdateSchema>;
// The input types are the contract's; kept here so a route and a test name the same shapes.
export type { AlertCreate, AlertUpdate };

/** The kinds a new post can be told of by an alert (a hunt or a mission update is for no alert). */
const TOLD_KINDS = new Set(['need', 'want', 'provision']);

const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

const placeColumns = (place: NonNullable<CreateInput['place']>) => ({
  place: JSON.stringify({
    address: place.address,
    ...(place.name ? { name: place.name } : {}),
    coordinates: place.coordinates,
    ...(place.placeId ? { placeId: place.placeId } : {}),
    ...(place.parts ? { parts: place.parts } : {}),
  }),
  lon: place.coordinates[0],
  lat: place.coordinates[1],
});

/** GET /users/me/alerts. */
export async function myAlerts(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listAlerts(deps.db, me.id)).map(presentAlert);
}

/**
 * POST /users/me/alerts: a saved search near a place, or (`fromPostId`) one of my provisions'
 * "Tell me about needs near this", made once per provision (asked again, the same alert answers).
 */
export async function createAlert(deps: Deps, viewer: Viewer | null, input: CreateInput) {
  const me = requireViewer(viewer);
  let columns: AlertColumns;
  let fromPostId: string | null = null;
  if (input.fromPostId) {
    const post = await findOwnPost(deps.db, me.id, input.fromPostId);
    if (!post) throw notFound('This post no longer exists');
    const detail = (message: string) => badRequest(message, [{ path: 'fromPostId', message }]);
    if (post.kind !== 'provision') throw detail('Only an offer (a provision) can be matched against needs');
    const coordinates = post.place?.coordinates;
    if (!post.place?.address || !coordinates)
      throw detail('Give this offer a place on the map first: needs are found around it');
    const mine = await findAlertFromPost(deps.db, me.id, post.id);
    if (mine) return presentAlert(mine);
    fromPostId = post.id;
    columns = {
      name: alertNameFromPost(post.title, post.content),
      words: null,
      category: orNull(post.category ?? undefined),
      kinds: [...DEFAULT_ALERT_KINDS],
      ...placeColumns({ address: post.place.address, name: post.place.name, coordinates }),
      radiusKm: input.radiusKm ?? NEAR_RADIUS_DEFAULT_KM,
    };
  } else {
    // The schema asks for both without fromPostId; this only narrows their types.
    if (!input.name || !input.place) throw badRequest('Give the alert a name and a place');
    columns = {
      name: input.name,
      words: orNull(input.words),
      category: orNull(input.category),
      kinds: input.kinds,
      ...placeColumns(input.place),
      radiusKm: input.radiusKm,
    };
  }
  if ((await countAlerts(deps.db, me.id)) >= ALERTS_PER_PERSON)
    throw conflict(
      `You have ${ALERTS_PER_PERSON} alerts, the most one person keeps: delete one to add another`,
    );
  const row = await insertAlert(deps.db, { id: newId(), userId: me.id, fromPostId, ...columns });
  return presentAlert(row);
}

/** PATCH /users/me/alerts/:id: what is given changes; someone else's alert is 404. */
export async function updateAlert(deps: Deps, viewer: Viewer | null, id: string, input: UpdateInput) {
  const me = requireViewer(viewer);
  const changes: Partial<AlertColumns> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.words !== undefined ? { words: orNull(input.words) } : {}),
    ...(input.category !== undefined ? { category: orNull(input.category) } : {}),
    ...(input.kinds !== undefined ? { kinds: input.kinds } : {}),
    ...(input.place !== undefined ? placeColumns(input.place) : {}),
    ...(input.radiusKm !== undefined ? { radiusKm: input.radiusKm } : {}),
  };
  const row =
    Object.keys(changes).length > 0
      ? await updateOwnAlert(deps.db, me.id, id, changes)
      : await findOwnAlert(deps.db, me.id, id);
  if (!row) throw notFound('This alert no longer exists');
  return presentAlert(row);
}

/** DELETE /users/me/alerts/:id: someone else's alert is 404, as a missing one. */
export async function deleteAlert(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  if (!(await deleteOwnAlert(deps.db, me.id, id))) throw notFound('This alert no longer exists');
}

/**
 * A new or edited need, want or provision: the owners of the alerts it fits are told (decision
 * 080), each once per alert and post and at most ALERT_NOTICES_PER_DAY a day, by the notifications
 * feature's one insert ('alert.matched' → 'alertMatch'), which drops it again for a silenced
 * sender or a post its recipient may not read. A person whose several alerts fit hears once; every
 * fitting alert marks the post seen, so none tells of it later. Runs in the job's transaction, in
 * four statements however many owners fit (decision 085).
 */
export async function tellAlerts(deps: Deps, postId: string) {
  const post = await findTellablePost(deps.db, postId);
  if (!post) return;
  const fitting = await findFittingAlerts(deps.db, postId);
  if (fitting.length === 0) return;
  // Whatever the number of owners: their locks, then every mark at once (a statement each).
  await lockPeople(deps.db, [...new Set(fitting.map((a) => a.userId))].sort());
  const marked = await markSeenAll(deps.db, postId, fitting, ALERT_NOTICES_PER_DAY);
  const names = new Map(fitting.map((a) => [a.alertId, a.name]));
  const message = alertMessage(post);
  for (const { alertId, userId } of marked.filter((m) => m.told))
    await deps.events.emit(deps.db, 'alert.matched', {
      userId,
      alertId,
      alertName: names.get(alertId)!,
      postId,
      authorId: post.authorId,
      message,
    });
}

/**
 * Alerts listen for saved posts on a queue of their own: matching's heavier work must not hold
 * them up, nor they it. A run's marks and notices are written in its transaction: a run that fails
 * leaves none, and its retry tells nobody twice.
 */
export function subscribeAlerts(deps: Deps) {
  deps.events
    .subscriber('alerts')
    .on('post.saved', (trx, { postId }) => tellAlerts({ ...deps, db: trx }, postId), {
      when: ({ kind }) => TOLD_KINDS.has(kind),
    });
}
