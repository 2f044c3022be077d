import { SUSPENSION_NOTICE } from '@muster/contract/notification-rules';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import type { JobQueue } from '../../platform/jobs.js';
import { pushLater } from '../../platform/push.js';
import { channelFor, isNoticeKind, quietUntil } from './notice-channels.js';
import { findNoticeForDelivery } from './notification-settings.queries.js';
import { mailNotice } from './notice-mail.js';
import { endNoticeBurst } from './notifications.queries.js';

/**
 * Issue 34 (decision 061): a stored notice goes on to its recipient's chosen channel. Every notice
 * with a kind is a job on this queue, sent in the transaction that stored it (the outbox), so a
 * notice is told away from the app exactly when it exists.
 */
export const DELIVERY_QUEUE = 'notice-delivery';

/**
 * Sends a notice on to its channel: at once, or, for a coalesced notice (`burstUntil`), once its
 * burst ends. Keyed by the notice, and by the burst for a coalesced one: every like of a burst
 * sends the same job, which goes once, and a later burst of the same notice is told again.
 */
export function deliverLater(jobs: JobQueue, trx: Db, notificationId: string, burstUntil?: Date | null) {
  if (!burstUntil)
    return jobs.send(trx, DELIVERY_QUEUE, { notificationId }, { key: `notice:${notificationId}` });
  const burst = burstUntil.toISOString();
  return jobs.send(trx, DELIVERY_QUEUE, { notificationId, burst } satisfies DeliveryJob, {
    key: `notice:${notificationId}:${burst}`,
    startAfter: burstUntil,
  });
}

/**
 * `burst`: the end of the coalesced notice's burst this job tells of (its mail is keyed by it).
 * `held`: the end of the quiet hours this job waited for.
 */
type DeliveryJob = { notificationId: string; burst?: string; held?: string };

/** How early a job held for quiet hours may run by this process's clock and still go (the queue starts it by the database's). */
const HELD_EARLY_MS = 5 * 60_000;

export function defineDelivery(deps: Deps) {
  deps.jobs.define(DELIVERY_QUEUE, async (trx, data) => {
    const { notificationId, burst, held } = data as DeliveryJob;
    // A coalesced notice's burst ends as it is told: a like from now on starts the next one.
    if (burst) await endNoticeBurst(trx, notificationId, burst);
    const n = await findNoticeForDelivery(trx, notificationId);
    // Gone (the account deleted, a block took it back) or read in the app meanwhile: nothing to tell.
    if (!n || n.readAt || !isNoticeKind(n.kind)) return;
    // A suspended person cannot sign in to read it: their suspension's notice is mailed whatever
    // the channel (decision 070), with the link that appeals it.
    const channel = n.subType === SUSPENSION_NOTICE ? 'mail' : channelFor(n.channels, n.kind);
    // 'digest' notices are read by the digest when it is made; 'app' ones are already told.
    if (channel === 'app' || channel === 'digest') return;
    const now = new Date();
    // Held until quiet hours end, and started a moment before that end by this clock: it goes now,
    // rather than asking again to wait for the same end (the same key, which would drop it).
    const heldEnough = held !== undefined && now.getTime() >= Date.parse(held) - HELD_EARLY_MS;
    const until = heldEnough
      ? null
      : quietUntil(
          {
            enabled: n.quietEnabled ?? false,
            start: n.quietStart ?? '22:00',
            end: n.quietEnd ?? '07:00',
            timeZone: n.timeZone ?? 'UTC',
          },
          now,
        );
    // Quiet hours: it waits for their end, and is told then unless it was read meanwhile.
    if (until) {
      await deps.jobs.send(
        trx,
        DELIVERY_QUEUE,
        { ...(data as DeliveryJob), held: until.toISOString() },
        {
          key: `notice:${notificationId}:${until.toISOString()}`,
          startAfter: until,
        },
      );
      return;
    }
    // A coalesced notice is mailed once per burst, as it stands then ("… and 9 others").
    if (channel === 'mail' && n.emailVerifiedAt)
      await mailNotice(
        deps,
        trx,
        notificationId,
        { userId: n.userId, email: n.email, firstName: n.firstName },
        burst ? { key: `notice:${notificationId}:${burst}` } : undefined,
      );
    // To each of the person's browsers, on a queue of its own (decision 064): the push job reads
    // the notice as the list does when it sends, and a browser's push service failing is retried
    // there without delivering the notice again. A coalesced notice is pushed once per burst.
    if (channel === 'push')
      await pushLater(
        deps.jobs,
        trx,
        { userId: n.userId, notificationId },
        burst ? `notice:${notificationId}:${burst}` : `notice:${notificationId}`,
      );
  });
}
