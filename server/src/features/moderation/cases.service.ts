import type {
  addCaseNoteSchema,
  assignCaseSchema,
  caseListQuerySchema,
  dismissCaseSchema,
} from '@muster/contract/moderation-queue';
import type { z } from 'zod';
import { requireRole, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, encodeCursor } from '../../platform/paging.js';
import { inTransaction } from '../../platform/transaction.js';
import { strikeOfCase } from './actions.queries.js';
import { presentStrike } from './actions.service.js';
import { recordModeration } from './audit.queries.js';
import {
  addNote,
  assignCase,
  authorHistory,
  caseExists,
  caseNotes,
  caseReports,
  type CaseCursor,
  type CaseRow,
  dismissCase,
  fileReport,
  findCase,
  isStaff,
  listCases,
  takeSnapshot,
} from './cases.queries.js';
import { presentCase, presentCaseDetail, presentNote } from './cases.present.js';

const NO_SUCH_CASE = 'No case has that id';
const CASE_CLOSED = 'This case is already closed';

/**
 * Every report is filed in its target's open case with the thing as it is now, in the report's
 * own transaction (decision 068): if this fails, the report is not stored either, so no report
 * ever sits outside the queue.
 */
export function subscribeModerationQueue(deps: Deps) {
  deps.events.within('report.filed', async (trx, r) => {
    const snapshot = await takeSnapshot(trx, r.targetType, r.targetId);
    if (!snapshot) throw notFound('That is no longer there');
    await fileReport(trx, {
      newCaseId: newId(),
      reportId: r.reportId,
      targetType: r.targetType,
      targetId: r.targetId,
      ownerId: r.ownerId,
      danger: r.reason === 'danger',
      snapshot,
    });
  });
}

/*
 * The cursor: for open cases the queue's sort key (danger, reporters, first reported, id), for
 * closed ones (closed at, id). The time and id go through platform/paging's checked encoding; the
 * rest is two small integers in front, so a forged cursor is a 400, never a 500.
 */
function cursorOf(row: CaseRow, status: 'open' | 'closed'): string {
  if (status === 'closed') return `c.${encodeCursor({ createdAt: row.closedAt!, id: row.id })}`;
  return `o.${row.danger ? 0 : 1}.${row.reporterCount}.${encodeCursor({ createdAt: row.firstReportedAt, id: row.id })}`;
}

function readCursor(cursor: string | undefined, status: 'open' | 'closed'): CaseCursor | undefined {
  if (!cursor) return undefined;
  const parts = cursor.split('.');
  const invalid = () => validationFailed([{ path: 'cursor', message: 'Invalid cursor' }]);
  if (status === 'closed') {
    if (parts.length !== 2 || parts[0] !== 'c') throw invalid();
    const at = decodeCursor(parts[1])!;
    return { status, closedAt: at.createdAt.toISOString(), id: at.id };
  }
  if (parts.length !== 4 || parts[0] !== 'o' || !/^[01]$/.test(parts[1]!) || !/^\d{1,9}$/.test(parts[2]!))
    throw invalid();
  const at = decodeCursor(parts[3])!;
  return {
    status,
    notDanger: parts[1] === '1',
    negCount: -Number(parts[2]),
    first: at.createdAt.toISOString(),
    id: at.id,
  };
}

/** The queue: open cases most urgent first, or closed ones most recent first. */
export async function listQueue(
  deps: Deps,
  viewer: Viewer | null,
  query: z.infer<typeof caseListQuerySchema>,
) {
  const me = requireRole(viewer, 'moderator');
  const after = readCursor(query.cursor, query.status);
  const rows = await listCases(
    deps.db,
    {
      status: query.status,
      reason: query.reason,
      targetType: query.targetType,
      assigned: query.assigned,
      viewerId: me.id,
    },
    after,
    query.limit,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(presentCase),
    meta: { nextCursor: rows.length > query.limit && last ? cursorOf(last, query.status) : null },
  };
}

/** One case with every report's snapshot, reason and note, the notes, and the author's record. */
export async function getCase(deps: Deps, viewer: Viewer | null, caseId: string) {
  requireRole(viewer, 'moderator');
  const row = await findCase(deps.db, caseId);
  if (!row) throw notFound(NO_SUCH_CASE);
  const [reports, notes, history, strike] = await Promise.all([
    caseReports(deps.db, caseId),
    caseNotes(deps.db, caseId),
    row.authorId ? authorHistory(deps.db, row.authorId, caseId) : undefined,
    row.resolution === 'actioned' ? strikeOfCase(deps.db, caseId) : undefined,
  ]);
  return presentCaseDetail(row, reports, notes, history, strike ? presentStrike(strike) : null);
}

/** Gives an open case to a moderator or admin (oneself or another), or back to nobody. */
export async function assign(
  deps: Deps,
  viewer: Viewer | null,
  caseId: string,
  input: z.infer<typeof assignCaseSchema>,
) {
  const me = requireRole(viewer, 'moderator');
  const assigneeId = input.assigneeId?.toLowerCase() ?? null;
  if (assigneeId && !(await isStaff(deps.db, assigneeId)))
    throw badRequest('Only a moderator or an admin can take a case', [
      { path: 'assigneeId', message: 'Only a moderator or an admin can take a case' },
    ]);
  await inTransaction(deps.db, async (trx) => {
    const done = await assignCase(trx, caseId, assigneeId);
    if (!done) {
      if (await caseExists(trx, caseId)) throw conflict(CASE_CLOSED);
      throw notFound(NO_SUCH_CASE);
    }
    await recordModeration(trx, {
      actorId: me.id,
      action: 'case.assign',
      targetType: done.targetType,
      targetId: done.targetId,
      subjectId: assigneeId,
      details: { caseId },
    });
  });
  return getCase(deps, viewer, caseId);
}

/** An internal note: staff read it on the case, nobody else ever does. */
export async function note(
  deps: Deps,
  viewer: Viewer | null,
  caseId: string,
  input: z.infer<typeof addCaseNoteSchema>,
) {
  const me = requireRole(viewer, 'moderator');
  if (!(await caseExists(deps.db, caseId))) throw notFound(NO_SUCH_CASE);
  return presentNote(await addNote(deps.db, { id: newId(), caseId, authorId: me.id, body: input.body }));
}

/**
 * Dismisses an open case: it breaks no rule. The closing, its audit entry and the reporters'
 * notices (on the queue) commit together; each reporter is told once, and nobody is named.
 */
export async function dismiss(
  deps: Deps,
  viewer: Viewer | null,
  caseId: string,
  input: z.infer<typeof dismissCaseSchema>,
) {
  const me = requireRole(viewer, 'moderator');
  await inTransaction(deps.db, async (trx) => {
    const closed = await dismissCase(trx, caseId, me.id, input.reason);
    if (!closed) {
      if (await caseExists(trx, caseId)) throw conflict(CASE_CLOSED);
      throw notFound(NO_SUCH_CASE);
    }
    await recordModeration(trx, {
      actorId: me.id,
      action: 'case.dismiss',
      targetType: closed.targetType,
      targetId: closed.targetId,
      subjectId: closed.authorId,
      reason: input.reason,
      details: { caseId, reporterCount: closed.reporterCount },
    });
    if (closed.reporterIds.length)
      await deps.events.emit(trx, 'moderation.case_dismissed', { caseId, reporterIds: closed.reporterIds });
    if (isContentTarget(closed.targetType))
      await deps.events.emit(trx, 'moderation.content_approved', {
        targetType: closed.targetType,
        targetId: closed.targetId,
      });
  });
  return getCase(deps, viewer, caseId);
}

const contentTargets = ['post', 'comment', 'collaboration', 'message'] as const;
function isContentTarget(type: string): type is (typeof contentTargets)[number] {
  return (contentTargets as readonly string[]).includes(type);
}
