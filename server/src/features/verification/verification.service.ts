import type { z } from 'zod';
import type {
  staffVerificationListQuerySchema,
  verificationAskSchema,
  verificationDecisionSchema,
  verificationRevokeSchema,
} from '@muster/contract/verification';
import type { Db } from '../../db/database.js';
import { requireRole, requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import { inTransaction } from '../../platform/transaction.js';
import { presentRequest, presentStaffRequest } from './verification.present.js';
import {
  deleteWaitingRequest,
  findRequestForStaff,
  insertRequest,
  latestRequestOf,
  listRequestsForStaff,
  settleRequest,
  type StaffRequestRow,
} from './verification.queries.js';

/**
 * Writes one entry of the moderation audit log in the caller's transaction: the moderation
 * feature's recordModeration, handed over in app.ts (a feature never imports another).
 */
export type RecordAudit = (
  trx: Db,
  entry: {
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    subjectId: string;
    reason: string;
    details: Record<string, unknown>;
  },
) => Promise<unknown>;

const NO_REQUEST = 'No such verification request';

/** My latest request and its state, or null when I never asked (or withdrew). */
export async function myRequest(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  const row = await latestRequestOf(deps.db, me.id);
  return row ? presentRequest(row) : null;
}

/**
 * Asks to be verified as an organisation. One request waits at a time, and a verified person has
 * nothing to ask (409 for both); after a refusal or a revocation one may ask again.
 */
export async function ask(deps: Deps, viewer: Viewer | null, input: z.output<typeof verificationAskSchema>) {
  const me = requireViewer(viewer);
  const row = await insertRequest(deps.db, {
    id: newId(),
    userId: me.id,
    organisationName: input.organisationName,
    website: input.website,
    contactName: input.contactName,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    proof: input.proof,
  });
  if (row) return presentRequest(row);
  const open = await latestRequestOf(deps.db, me.id);
  throw conflict(
    open?.status === 'approved'
      ? `You are verified as ${open.organisationName} already`
      : 'Your request is waiting for a moderator: withdraw it to send another',
  );
}

/** Withdraws my waiting request; an answered one stays as it was answered. */
export async function withdraw(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  if (!(await deleteWaitingRequest(deps.db, me.id))) throw notFound('You have no request waiting');
}

/** Staff: waiting requests oldest first, or the verified organisations newest first. */
export async function listRequests(
  deps: Deps,
  viewer: Viewer | null,
  query: z.output<typeof staffVerificationListQuerySchema>,
) {
  requireRole(viewer, 'moderator');
  const rows = await listRequestsForStaff(deps.db, query.status, {
    cursor: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map(presentStaffRequest), meta: { nextCursor } };
}

export async function getRequest(deps: Deps, viewer: Viewer | null, id: string) {
  requireRole(viewer, 'moderator');
  const row = await findRequestForStaff(deps.db, id);
  if (!row) throw notFound(NO_REQUEST);
  return presentStaffRequest(row);
}

/**
 * Nobody answers for themselves, and a moderator does not act on an admin (decision 067): an
 * admin's request is an admin's to answer.
 */
function mayDecide(me: Viewer, row: StaffRequestRow) {
  if (row.userId === me.id) throw forbidden('Another moderator answers your own request');
  if (row.role === 'admin' && me.role !== 'admin') throw forbidden('Only an admin can answer for an admin');
}

/**
 * Approves or refuses a waiting request. The answer, its audit entry and the notice to its author
 * (queued) commit together; an answered request is a 409, so two moderators never both answer.
 */
export async function decide(
  deps: Deps,
  audit: RecordAudit,
  viewer: Viewer | null,
  id: string,
  input: z.output<typeof verificationDecisionSchema>,
) {
  const me = requireRole(viewer, 'moderator');
  const approve = input.decision === 'approve';
  return settle(deps, audit, me, id, {
    from: 'waiting',
    to: approve ? 'approved' : 'refused',
    reason: input.reason,
    action: approve ? 'organisation.approve' : 'organisation.refuse',
    answered: 'This request was answered already',
  });
}

/** Takes a verification back: the badge goes at once, and its holder reads why. */
export async function revoke(
  deps: Deps,
  audit: RecordAudit,
  viewer: Viewer | null,
  id: string,
  input: z.output<typeof verificationRevokeSchema>,
) {
  const me = requireRole(viewer, 'moderator');
  return settle(deps, audit, me, id, {
    from: 'approved',
    to: 'revoked',
    reason: input.reason,
    action: 'organisation.revoke',
    answered: 'This organisation is not verified',
  });
}

async function settle(
  deps: Deps,
  audit: RecordAudit,
  me: Viewer,
  id: string,
  change: {
    from: 'waiting' | 'approved';
    to: 'approved' | 'refused' | 'revoked';
    reason: string;
    action: string;
    answered: string;
  },
) {
  await inTransaction(deps.db, async (trx) => {
    const before = await findRequestForStaff(trx, id);
    if (!before) throw notFound(NO_REQUEST);
    mayDecide(me, before);
    const row = await settleRequest(trx, id, { ...change, decidedBy: me.id });
    if (!row) throw conflict(change.answered);
    await audit(trx, {
      actorId: me.id,
      action: change.action,
      targetType: 'organisation_request',
      targetId: row.id,
      subjectId: row.userId,
      reason: change.reason,
      details: { organisationName: row.organisationName, website: row.website },
    });
    await deps.events.emit(trx, 'organisation.decided', {
      requestId: row.id,
      userId: row.userId,
      outcome: change.to,
      organisationName: row.organisationName,
      reason: change.reason,
    });
  });
  const after = await findRequestForStaff(deps.db, id);
  if (!after) throw notFound(NO_REQUEST);
  return presentStaffRequest(after);
}
