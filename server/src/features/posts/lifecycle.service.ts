import { NEED_NUDGE_DAYS, needExpiryAfter, type NeedOpenDays } from '@muster/contract/posts';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { inTransaction } from '../../platform/transaction.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { ScheduledJob } from '../../platform/scheduler.js';
import { claimNeedsToNudge, expireOverdueNeeds, keepNeedOpen } from './lifecycle.queries.js';
import { findPostForChange } from './posts.queries.js';
import { getPost, postsChanged } from './posts.service.js';

const DAY_MS = 86_400_000;
/** How often the job looks, across all processes: an expiry is honoured within a minute. */
const LIFECYCLE_EVERY_MS = 60_000;

/**
 * "Keep open" (issue 16): the author extends an open need or want by the period chosen, from now,
 * or opens an expired one again; they are asked "Still needed?" again before the new expiry. Only
 * the author's (anyone else's answers 404, as a missing post); a fulfilled need is done (409:
 * reopening it is an edit, which takes back the credits).
 */
export async function keepOpen(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  input: { openForDays: NeedOpenDays },
) {
  const me = requireViewer(viewer);
  const post = await findPostForChange(deps.db, id);
  if (!post || post.authorId !== me.id) throw notFound('This post no longer exists');
  if (post.kind !== 'need' && post.kind !== 'want')
    throw badRequest('Only a need or a want stays open for a while');
  if (post.status === 'fulfilled') throw conflict('This need has already been fulfilled');
  await inTransaction(deps.db, async (trx) => {
    await keepNeedOpen(trx, id, needExpiryAfter(new Date(), input.openForDays));
    // An expired need opened again is matchable again: matching scores it like an edited one.
    await deps.events.emit(trx, 'post.saved', { postId: id, authorId: me.id, kind: post.kind });
  });
  postsChanged(deps);
  return getPost(deps, me, id);
}

/** What a need is called in its author's notice: its title, or its text (cut short by the notice). */
const titleOf = (need: { title: string; content: string }) => need.title || need.content;

/**
 * One turn of the needs' lifecycle at `now` (issue 16): needs and wants past their expiry close
 * as expired, then the authors of those expiring within NEED_NUDGE_DAYS are asked "Still needed?"
 * (the notifications feature writes it on 'post.expiring'). Safe to run again at the same `now`
 * and from several processes at once: every row is claimed by the statement that changes it.
 */
export async function runNeedLifecycle(deps: Deps, now: Date) {
  let expired = 0;
  // Each batch closes with its 'post.expired' events (federation's Update, decision 086) in one
  // transaction: a run cut short leaves the rest open for the next one, never one closed untold.
  const expireBatch = () =>
    inTransaction(deps.db, async (trx) => {
      const batch = await expireOverdueNeeds(trx, now);
      for (const need of batch)
        await deps.events.emit(trx, 'post.expired', { postId: need.id, authorId: need.authorId });
      return batch.length;
    });
  for (let closed = await expireBatch(); closed; closed = await expireBatch()) expired += closed;
  if (expired) postsChanged(deps);
  const until = new Date(now.getTime() + NEED_NUDGE_DAYS * DAY_MS);
  let nudged = 0;
  // Each batch is claimed and its notices enqueued in one transaction: a run cut short leaves
  // the rest unclaimed for the next one, never a need marked as asked that nobody asked.
  const nudgeBatch = () =>
    inTransaction(deps.db, async (trx) => {
      const batch = await claimNeedsToNudge(trx, now, until);
      for (const need of batch)
        await deps.events.emit(
          trx,
          'post.expiring',
          {
            postId: need.id,
            authorId: need.authorId,
            kind: need.kind,
            title: titleOf(need),
            expiresAt: need.expiresAt.toISOString(),
            daysLeft: Math.max(1, Math.ceil((need.expiresAt.getTime() - now.getTime()) / DAY_MS)),
          },
          // Asked once for each expiry, whatever repeats.
          { key: `${need.id}:${need.expiresAt.toISOString()}` },
        );
      return batch.length;
    });
  for (let n = await nudgeBatch(); n; n = await nudgeBatch()) nudged += n;
  return { expired, nudged };
}

/** The lifecycle as a job of the server's scheduler (platform/scheduler.ts). */
export function needLifecycleJob(deps: Deps): ScheduledJob {
  return { name: 'needs-lifecycle', everyMs: LIFECYCLE_EVERY_MS, run: (now) => runNeedLifecycle(deps, now) };
}
