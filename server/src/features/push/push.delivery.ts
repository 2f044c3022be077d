import type { PushPayload } from '@muster/contract/push';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { PUSH_QUEUE, type PushJob } from '../../platform/push.js';
import { deleteGoneSubscription, listSubscriptions } from './push.queries.js';

/**
 * A notice as its recipient's list would show it now, in a push's words, or undefined when the
 * list would not show it (a block since, a mission left, the notice gone or read). The
 * notifications feature reads it (its `findListedNotification`); app.ts hands it over, as a
 * feature never imports another (decision 058).
 */
export type PushedNotice = (
  db: Db,
  userId: string,
  notificationId: string,
) => Promise<PushPayload | undefined>;

/**
 * The push queue's work (decision 064): one job per notice, to each of its recipient's browsers.
 * Outside the database like mail (not transactional): it runs, then completes, so a crash between
 * the two pushes again, and the notification's tag (the notice) makes the browser replace the
 * first rather than show two. A 404 or 410 drops that subscription; any other failure fails the
 * job, which the queue retries (and, its retries spent, keeps as dead).
 */
export function definePushDelivery(deps: Deps, pushedNotice: PushedNotice) {
  deps.jobs.define(
    PUSH_QUEUE,
    async (db, data) => {
      const { userId, notificationId } = data as PushJob;
      // Read at send time, a retry included: what the list no longer shows is not pushed.
      const payload = await pushedNotice(db, userId, notificationId);
      if (!payload) return;
      const browsers = await listSubscriptions(db, userId);
      // The push service keeps one waiting push per topic: a retry replaces what it still holds.
      const topic = notificationId.replaceAll('-', '');
      const outcomes = await Promise.all(
        browsers.map(async (b) => ({ b, outcome: await deps.push.send(b, payload, { topic }) })),
      );
      for (const { b, outcome } of outcomes)
        if (outcome.kind === 'gone') await deleteGoneSubscription(db, b.endpoint);
      const failed = outcomes.flatMap(({ outcome }) => (outcome.kind === 'failed' ? [outcome.reason] : []));
      if (failed.length)
        throw new Error(
          `push failed for ${failed.length} of ${browsers.length} browsers: ${failed.join('; ')}`,
        );
    },
    { transactional: false },
  );
}
