import { type CreateCollaborationInput, toCategoryId } from '@muster/contract/collaboration';
import type { z } from 'zod';
import type { updateCollaborationSchema } from '@muster/contract/collaboration';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { savingMedia } from '../../platform/media/media.js';
import { afterCommit } from '../../platform/transaction.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import {
  deleteCollaboration,
  findCollaboration,
  insertCollaboration,
  listCollaborations,
  setCollaborationHidden,
  updateCollaboration,
} from './collaboration.queries.js';
import { locationColumns } from '../../platform/places.js';
import { presentCollaboration } from './collaboration.present.js';

/** Request images: the browser already downscaled to 1600 px; the server re-encodes within it. */
const IMAGE_MAX_PX = 1600;

/**
 * Collaboration requests are public calls for help: anyone may read them, signed in or not. A
 * signed-in reader never sees those of someone blocked either way (the blocked are hidden everywhere).
 */
export async function listRequests(
  deps: Deps,
  viewer: Viewer | null,
  categoryId: string | undefined,
  query: { cursor?: string | undefined; limit: number },
) {
  const category = toCategoryId(categoryId);
  const rows = await listCollaborations(deps.db, {
    ...(category === 'all' ? {} : { category }),
    ...(query.cursor ? { cursor: decodeCursor(query.cursor)! } : {}),
    limit: query.limit,
    ...(viewer ? { viewerId: viewer.id } : {}),
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map((row) => presentCollaboration(row, viewer?.id)), meta: { nextCursor } };
}

/** One request; someone blocked either way finds it no more than a deleted one. */
export async function getRequest(deps: Deps, viewer: Viewer | null, id: string) {
  const row = await findCollaboration(deps.db, id, viewer?.id);
  if (!row) throw notFound('This collaboration request no longer exists');
  return presentCollaboration(row, viewer?.id);
}

export async function createRequest(deps: Deps, viewer: Viewer | null, input: CreateCollaborationInput) {
  const me = requireViewer(viewer);
  const { id } = await savingMedia(deps.media, async (media) =>
    insertCollaboration(deps.db, {
      id: newId(),
      userId: me.id,
      category: input.category ?? 'all',
      title: input.title,
      description: input.description,
      deadline: input.deadline || null,
      // City-level for everyone else, as typed for its owner (decision 041).
      ...locationColumns(input.location ?? ''),
      image: input.image ? await media.saveImage(input.image, { maxDimension: IMAGE_MAX_PX }) : null,
    }),
  );
  return getRequest(deps, viewer, id);
}

/** Only the owner edits or deletes: the server decides, whatever the UI shows. */
async function ownedRequest(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  const row = await findCollaboration(deps.db, id);
  if (!row) throw notFound('This collaboration request no longer exists');
  if (row.userId !== me.id) throw forbidden('Only the person who posted this request can change it');
  return row;
}

export async function updateRequest(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  input: z.infer<typeof updateCollaborationSchema>,
) {
  const row = await ownedRequest(deps, viewer, id);
  const image = await savingMedia(deps.media, async (media) => {
    let replaced: string | null | undefined;
    if (input.image === null || input.image === '') replaced = null;
    else if (input.image) replaced = await media.saveImage(input.image, { maxDimension: IMAGE_MAX_PX });
    await updateCollaboration(deps.db, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.deadline !== undefined ? { deadline: input.deadline || null } : {}),
      ...(input.location !== undefined ? locationColumns(input.location) : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(replaced !== undefined ? { image: replaced } : {}),
    });
    return replaced;
  });
  if (image !== undefined && row.image) await deps.media.remove(row.image);
  return getRequest(deps, viewer, id);
}

export async function deleteRequest(deps: Deps, viewer: Viewer | null, id: string) {
  const row = await ownedRequest(deps, viewer, id);
  await deleteCollaboration(deps.db, id);
  if (row.image) await deps.media.remove(row.image);
}

/**
 * A moderator's decision on a request (issue 35 item 3, decision 071), in the moderator's
 * transaction: hidden or shown again by its `hidden_reason` (its owner still reads it, with why),
 * or deleted as its owner's delete does, its picture once the decision commits.
 */
export function subscribeModeratedRequests(deps: Deps) {
  deps.events.within('moderation.content_hidden', async (trx, { targetType, targetId, reason }) => {
    if (targetType === 'collaboration') await setCollaborationHidden(trx, targetId, reason);
  });
  deps.events.within('moderation.content_restored', async (trx, { targetType, targetId }) => {
    if (targetType === 'collaboration') await setCollaborationHidden(trx, targetId, null);
  });
  deps.events.within('moderation.content_deleted', async (trx, { targetType, targetId }) => {
    if (targetType !== 'collaboration') return;
    const row = await findCollaboration(trx, targetId);
    if (!row) return;
    await deleteCollaboration(trx, targetId);
    const image = row.image;
    if (image)
      afterCommit(trx, () => {
        deps.media
          .remove(image)
          .catch((err: unknown) =>
            deps.log.warn({ err, targetId }, 'could not remove a deleted request’s picture'),
          );
      });
  });
}
