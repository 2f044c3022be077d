import {
  moderationRuleLabels,
  type appealByLinkSchema,
  type appealListQuerySchema,
  type appealSchema,
  type AppealSummary,
  type caseActionSchema,
  type decideAppealSchema,
  type ModerationRule,
  type Strike,
} from '@muster/contract/moderation-actions';
import { mayModerate } from '@muster/contract/moderation';
import type { z } from 'zod';
import { readAppealToken } from '../../platform/appeal-links.js';
import {
  forgetCachedSessions,
  requireRole,
  requireViewer,
  type Viewer,
} from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, HttpError, notFound, validationFailed } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, encodeCursor } from '../../platform/paging.js';
import { afterCommit, inTransaction } from '../../platform/transaction.js';
import { recordModeration } from './audit.queries.js';
import {
  appealStrike,
  closeCaseActioned,
  decideStrikeAppeal,
  findStrike,
  insertStrike,
  listAppeals,
  lockOpenCase,
  lockRoleOf,
  lockStrike,
  settleStanding,
  type StrikeRow,
  strikesOf,
} from './actions.queries.js';
import { getCase } from './cases.service.js';

const NO_SUCH_CASE = 'No case has that id';
const CASE_CLOSED = 'This case is already closed';
const NOT_ON_ADMINS = 'Moderators cannot act on an admin. Ask an admin to take this case.';
const NO_SUCH_STRIKE = 'No strike of yours has that id';
const APPEALED_ALREADY = 'You have already appealed this decision. A moderator will answer it.';
const DECIDED_ALREADY = 'This appeal has already been decided';
const OWN_DECISION =
  'You made this decision, so another moderator must decide its appeal. Leave it for a colleague.';
const INVALID_LINK = () =>
  new HttpError(
    400,
    'INVALID_APPEAL_LINK',
    'This appeal link is not valid: it may have been cut short or changed. Open the link from the mail again.',
  );

/** Content a case may hide or delete: the owners apply it through the moderation.content_* events. */
const contentTargets = ['post', 'comment', 'collaboration', 'message'] as const;
type ContentTarget = (typeof contentTargets)[number];
const isContent = (t: string | null): t is ContentTarget =>
  t !== null && (contentTargets as readonly string[]).includes(t);

export function presentStrike(s: StrikeRow): Strike {
  const state = !s.appealedAt
    ? 'none'
    : !s.appealDecision
      ? 'pending'
      : s.appealDecision === 'lift'
        ? 'lifted'
        : 'upheld';
  return {
    id: s.id,
    caseId: s.caseId,
    rule: s.rule as ModerationRule,
    ruleLabel: moderationRuleLabels[s.rule as ModerationRule] ?? s.rule,
    reason: s.reason,
    content: s.contentAction,
    account: s.accountAction,
    endsAt: s.endsAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    appeal: {
      state,
      text: s.appealText,
      appealedAt: s.appealedAt?.toISOString() ?? null,
      decidedAt: s.appealDecidedAt?.toISOString() ?? null,
      decisionReason: s.appealReason,
    },
    lifted: s.liftedAt !== null,
  };
}

/**
 * Closes an open case with a decision (decision 070), all in one transaction: the case closed as
 * actioned, a strike against the author, their suspension or limit settled from their strikes,
 * the content hidden or deleted by its owner (`within` events), the sessions of a suspended
 * author ended (accounts' `within` handler on `user.suspended`), the audit entry, and the notices
 * (on the queue). A moderator never acts on an admin; the author's role is read, locked, here.
 */
export async function actOnCase(
  deps: Deps,
  viewer: Viewer | null,
  caseId: string,
  input: z.infer<typeof caseActionSchema>,
) {
  const me = requireRole(viewer, 'moderator');
  const days = input.days ?? null;
  const authorId = await inTransaction(deps.db, async (trx) => {
    const found = await lockOpenCase(trx, caseId);
    if (!found) throw notFound(NO_SUCH_CASE);
    if (found.status !== 'open') throw conflict(CASE_CLOSED);
    // A person has no content to hide: what is done to them is the account's part.
    if (!isContent(found.targetType) && input.content !== 'none')
      throw validationFailed([{ path: 'content', message: 'A person’s case acts on the account only' }]);
    // The author's account is gone (deleted since the report): there is no one to strike.
    if (!found.authorId) throw conflict('The author’s account no longer exists: dismiss this case instead.');
    const authorRole = await lockRoleOf(trx, found.authorId);
    if (!authorRole) throw conflict('The author’s account no longer exists: dismiss this case instead.');
    if (!mayModerate(me.role, authorRole)) throw forbidden(NOT_ON_ADMINS);
    if (found.authorId === me.id) throw forbidden('You cannot act on a case about yourself.');

    const closed = await closeCaseActioned(trx, caseId, me.id, input.reason);
    if (!closed) throw conflict(CASE_CLOSED);
    const strikeId = newId();
    await insertStrike(trx, {
      id: strikeId,
      userId: found.authorId,
      caseId,
      actorId: me.id,
      rule: input.rule,
      reason: input.reason,
      content: input.content,
      account: input.account,
      days,
    });
    if (input.account === 'limit' || input.account === 'suspend') await settleStanding(trx, found.authorId);
    if (isContent(found.targetType)) {
      const target = { targetType: found.targetType, targetId: found.targetId };
      if (input.content === 'hide')
        await deps.events.emit(trx, 'moderation.content_hidden', { ...target, reason: input.reason });
      if (input.content === 'delete') await deps.events.emit(trx, 'moderation.content_deleted', target);
    }
    if (input.account === 'suspend')
      await deps.events.emit(trx, 'user.suspended', { userId: found.authorId });
    if (input.account === 'limit') await deps.events.emit(trx, 'user.limited', { userId: found.authorId });
    await recordModeration(trx, {
      actorId: me.id,
      action: 'case.action',
      targetType: found.targetType,
      targetId: found.targetId,
      subjectId: found.authorId,
      reason: input.reason,
      details: {
        caseId,
        strikeId,
        content: input.content,
        account: input.account,
        days,
        rule: input.rule,
        reporterCount: closed.reporterCount,
      },
    });
    await deps.events.emit(trx, 'moderation.case_actioned', {
      caseId,
      strikeId,
      authorId: found.authorId,
      reporterIds: closed.reporterIds,
    });
    return found.authorId;
  });
  // A limit is read from the viewer's row: every process reads the person afresh from now on.
  await forgetCachedSessions(deps, authorId);
  return getCase(deps, viewer, caseId);
}

/** The signed-in person's strikes, newest first. */
export async function myStrikes(deps: Deps, viewer: Viewer | null): Promise<Strike[]> {
  const me = requireViewer(viewer);
  return (await strikesOf(deps.db, me.id)).map(presentStrike);
}

/** Appeals one's own strike, once. */
export async function appealMine(
  deps: Deps,
  viewer: Viewer | null,
  strikeId: string,
  input: z.infer<typeof appealSchema>,
): Promise<Strike> {
  const me = requireViewer(viewer);
  const appealed = await appealStrike(deps.db, strikeId.toLowerCase(), input.text, me.id);
  if (appealed) return presentStrike(appealed);
  const strike = await findStrike(deps.db, strikeId.toLowerCase());
  if (!strike || strike.userId !== me.id) throw notFound(NO_SUCH_STRIKE);
  throw conflict(APPEALED_ALREADY);
}

/** The strike an appeal link names: the page shows it above the form. No sign-in: the token is the authority. */
export async function strikeByLink(deps: Deps, token: string): Promise<Strike> {
  const strikeId = await readAppealToken(deps, token);
  if (!strikeId) throw INVALID_LINK();
  const strike = await findStrike(deps.db, strikeId);
  if (!strike) throw notFound('This decision no longer exists.');
  return presentStrike(strike);
}

/** Appeals the strike an appeal link names, once: how a suspended person, who cannot sign in, appeals. */
export async function appealByLink(deps: Deps, input: z.infer<typeof appealByLinkSchema>): Promise<Strike> {
  const strikeId = await readAppealToken(deps, input.token);
  if (!strikeId) throw INVALID_LINK();
  const appealed = await appealStrike(deps.db, strikeId, input.text);
  if (appealed) return presentStrike(appealed);
  if (!(await findStrike(deps.db, strikeId))) throw notFound('This decision no longer exists.');
  throw conflict(APPEALED_ALREADY);
}

/** The cursor: the row's appealed (pending) or decided time and its id, in platform/paging's checked encoding. */
function appealCursor(row: StrikeRow, state: 'pending' | 'decided') {
  const at = state === 'pending' ? row.appealedAt! : row.appealDecidedAt!;
  return encodeCursor({ createdAt: at, id: row.id });
}

/** Appeals waiting for a decision (oldest first), or decided ones (newest first). */
export async function appealsQueue(
  deps: Deps,
  viewer: Viewer | null,
  query: z.infer<typeof appealListQuerySchema>,
): Promise<{ data: AppealSummary[]; meta: { nextCursor: string | null } }> {
  requireRole(viewer, 'moderator');
  const after = decodeCursor(query.cursor);
  const rows = await listAppeals(
    deps.db,
    query.state,
    after && { at: after.createdAt.toISOString(), id: after.id },
    query.limit,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => ({ strike: presentStrike(r), author: r.author, actedBy: r.actedBy })),
    meta: { nextCursor: rows.length > query.limit && last ? appealCursor(last, query.state) : null },
  };
}

/**
 * Decides an appeal: by a moderator other than the one who acted, once. 'lift' ends what the
 * strike did — the suspension or limit it set (the person's standing settled from the strikes
 * still standing) and a hidden content restored by its owner — and it no longer counts.
 */
export async function decideAppeal(
  deps: Deps,
  viewer: Viewer | null,
  strikeId: string,
  input: z.infer<typeof decideAppealSchema>,
): Promise<Strike> {
  const me = requireRole(viewer, 'moderator');
  const id = strikeId.toLowerCase();
  const decided = await inTransaction(deps.db, async (trx) => {
    const strike = await lockStrike(trx, id);
    if (!strike || !strike.appealedAt) throw notFound('No appeal has that id');
    if (strike.appealDecidedAt) throw conflict(DECIDED_ALREADY);
    if (strike.actorId === me.id) throw forbidden(OWN_DECISION);
    if (strike.userId === me.id) throw forbidden('You cannot decide an appeal of your own.');
    const role = await lockRoleOf(trx, strike.userId);
    if (!role || !mayModerate(me.role, role)) throw forbidden(NOT_ON_ADMINS);
    const row = await decideStrikeAppeal(trx, {
      strikeId: id,
      decision: input.decision,
      reason: input.reason,
      decidedBy: me.id,
    });
    if (!row) throw conflict(DECIDED_ALREADY);
    if (input.decision === 'lift') {
      if (strike.accountAction === 'limit' || strike.accountAction === 'suspend')
        await settleStanding(trx, strike.userId);
      // Shown again wherever their suspension hid them: what keeps them out of sight drops it.
      if (strike.accountAction === 'suspend')
        await deps.events.emit(trx, 'user.suspended', { userId: strike.userId });
      if (strike.accountAction === 'limit')
        await deps.events.emit(trx, 'user.limited', { userId: strike.userId });
      if (strike.contentAction === 'hide' && isContent(strike.targetType) && strike.targetId)
        await deps.events.emit(trx, 'moderation.content_restored', {
          targetType: strike.targetType,
          targetId: strike.targetId,
        });
    }
    await recordModeration(trx, {
      actorId: me.id,
      action: input.decision === 'lift' ? 'appeal.lift' : 'appeal.uphold',
      targetType: strike.targetType ?? 'user',
      targetId: strike.targetId ?? strike.userId,
      subjectId: strike.userId,
      reason: input.reason,
      details: {
        strikeId: id,
        caseId: strike.caseId,
        content: strike.contentAction,
        account: strike.accountAction,
      },
    });
    await deps.events.emit(trx, 'moderation.appeal_decided', {
      strikeId: id,
      authorId: strike.userId,
      decision: input.decision,
    });
    afterCommit(trx, () => forgetCachedSessions(deps, strike.userId));
    return row;
  });
  return presentStrike(decided);
}
