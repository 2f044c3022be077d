import {
  type CreateReportInput,
  REPORT_DUPLICATE,
  REPORT_RECEIVED,
  type createReportSchema,
} from '@muster/contract/safety';
import type { z } from 'zod';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inTransaction } from '../../platform/transaction.js';
import { standingChanged } from '../../social/standing.js';
import {
  addBlock,
  addMute,
  insertReport,
  listHiddenBy,
  removeBlock,
  removeMute,
  reportTargetOwner,
} from './safety.queries.js';
import { presentHiddenPerson } from './safety.present.js';

const NO_SUCH_PERSON = 'No one on Muster has that id';

/** Blocking, muting and reporting are about someone else: never oneself. */
function someoneElse(viewerId: string, userId: string, what: string) {
  const id = userId.toLowerCase();
  if (id === viewerId)
    throw badRequest(`You cannot ${what} yourself`, [
      { path: 'userId', message: `You cannot ${what} yourself` },
    ]);
  return id;
}

/**
 * Blocks a person: each is hidden from the other everywhere (the kernel's `hiddenEitherWay`).
 * Blocking twice is blocking once; only a new block is announced, and what lay between the two
 * (connection, requests, notifications) is ended by the features that own it.
 */
export async function block(deps: Deps, viewer: Viewer | null, userId: string) {
  const me = requireViewer(viewer);
  const id = someoneElse(me.id, userId, 'block');
  // The block and what it ends (connections, requests, notices: the `within` handlers) commit
  // together, or not at all.
  await inTransaction(deps.db, async (trx) => {
    const { found, changed } = await addBlock(trx, me.id, id);
    if (!found) throw notFound(NO_SUCH_PERSON);
    if (changed) await deps.events.emit(trx, 'user.blocked', { blockerId: me.id, blockedId: id });
  });
  // What every process keeps of whom each may see goes before the answer is sent (decision 085).
  await standingChanged(deps, me.id, id);
  return { blocked: true };
}

/** Unblocks; nothing that blocking ended comes back (connections must be asked for again). */
export async function unblock(deps: Deps, viewer: Viewer | null, userId: string) {
  const me = requireViewer(viewer);
  const id = someoneElse(me.id, userId, 'unblock');
  if (!(await removeBlock(deps.db, me.id, id)).found) throw notFound(NO_SUCH_PERSON);
  await standingChanged(deps, me.id, id);
  return { blocked: false };
}

/** Mutes a person: their posts leave my feed and their notifications stop; they are told nothing. */
export async function mute(deps: Deps, viewer: Viewer | null, userId: string) {
  const me = requireViewer(viewer);
  const id = someoneElse(me.id, userId, 'mute');
  await inTransaction(deps.db, async (trx) => {
    if (!(await addMute(trx, me.id, id)).found) throw notFound(NO_SUCH_PERSON);
    await deps.events.emit(trx, 'user.muted', { muterId: me.id, mutedId: id });
  });
  return { muted: true };
}

export async function unmute(deps: Deps, viewer: Viewer | null, userId: string) {
  const me = requireViewer(viewer);
  const id = someoneElse(me.id, userId, 'unmute');
  if (!(await removeMute(deps.db, me.id, id)).found) throw notFound(NO_SUCH_PERSON);
  return { muted: false };
}

export async function myBlocked(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listHiddenBy(deps.db, me.id, 'blocks')).map(presentHiddenPerson);
}

export async function myMuted(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listHiddenBy(deps.db, me.id, 'mutes')).map(presentHiddenPerson);
}

const NOT_FOUND: Record<CreateReportInput['targetType'], string> = {
  post: 'This post no longer exists',
  comment: 'That comment no longer exists',
  user: NO_SUCH_PERSON,
  collaboration: 'This collaboration request no longer exists',
  message: 'Message not found',
};

/**
 * Stores a report for the moderation queue: one per reporter and target, about something the
 * reporter can see and did not write. The reported person is told nothing.
 */
export async function report(deps: Deps, viewer: Viewer | null, input: z.infer<typeof createReportSchema>) {
  const me = requireViewer(viewer);
  const targetId = input.targetId.toLowerCase();
  const owner = await reportTargetOwner(deps.db, me.id, input.targetType, targetId);
  if (!owner) throw notFound(NOT_FOUND[input.targetType]);
  if (owner === me.id)
    throw badRequest('You cannot report yourself or what you wrote', [
      { path: 'targetId', message: 'You cannot report yourself or what you wrote' },
    ]);
  const reportId = newId();
  // The report, the thing as it is now and its place in the moderation queue commit together
  // (the moderation feature's `within` handler, decision 068): an edit or a deletion that follows
  // hides nothing from the moderator.
  await inTransaction(deps.db, async (trx) => {
    const stored = await insertReport(trx, {
      id: reportId,
      reporterId: me.id,
      targetType: input.targetType,
      targetId,
      reason: input.reason,
      note: input.note,
    });
    if (!stored) throw conflict(REPORT_DUPLICATE);
    await deps.events.emit(trx, 'report.filed', {
      reportId,
      reporterId: me.id,
      targetType: input.targetType,
      targetId,
      ownerId: owner,
      reason: input.reason,
    });
  });
  return { message: REPORT_RECEIVED };
}
