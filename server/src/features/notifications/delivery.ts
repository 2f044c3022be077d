import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import type { JobQueue } from '../../platform/jobs.js';
import { pushLater } from '../../platform/push.js';
import { channelFor, isNoticeKind, quietUntil } from './notice-channels.js';
import { findNoticeForDelivery } from './notification-settings.queries.js';
import { mailNotice } from './notice-mail.js';

/**
 * Issue 34 (decision 061): a stored notice goes on to its recipient's chosen channel. Every notice
 * with a kind is a job on this queue, sent in the transaction that stored it (the outbox), so a
 * notice is told away from the app exactly when it exists.
 */
export const DELIVERY_QUEUE = 'notice-delivery';

export function deliverLater(jobs: JobQueue, trx: Db, notificationId: string) {
  return jobs.send(trx, DELIVERY_QUEUE, { notificationId }, { key: `notice:${notificationId}` });
}

type DeliveryJob = { notificationId: string };

export function defineDelivery(deps: Deps) {
  deps.jobs.define(DELIVERY_QUEUE, async (trx, data) => {
    const { notificationId } = data as DeliveryJob;
    const n = await findNoticeForDelivery(trx, notificationId);
    // Gone (the account deleted, a block took it back) or read in the app meanwhile: nothing to tell.
    if (!n || n.readAt || !isNoticeKind(n.kind)) return;
    const channel = channelFor(n.channels, n.kind);
    // 'digest' notices are read by the digest when it is made; 'app' ones are already told.
    if (channel === 'app' || channel === 'digest') return;
    const until = quietUntil(
      {
        enabled: n.quietEnabled ?? false,
        start: n.quietStart ?? '22:00',
        end: n.quietEnd ?? '07:00',
        timeZone: n.timeZone ?? 'UTC',
      },
      new Date(),
    );
    // Quiet hours: it waits for their end, and is told then unless it was read meanwhile.
    if (until) {
      await deps.jobs.send(trx, DELIVERY_QUEUE, data as DeliveryJob, {
        key: `notice:${notificationId}:${until.toISOString()}`,
        startAfter: until,
      });
      return;
    }
    if (channel === 'mail' && n.emailVerifiedAt)
      await mailNotice(deps, trx, notificationId, {
        userId: n.userId,
        email: n.email,
        firstName: n.firstName,
      });
    // To each of the person's browsers, on a queue of its own (decision 064): the push job reads
    // the notice as the list does when it sends, and a browser's push service failing is retried
    // there without delivering the notice again.
    if (channel === 'push') await pushLater(deps.jobs, trx, { userId: n.userId, notificationId });
  });
}
