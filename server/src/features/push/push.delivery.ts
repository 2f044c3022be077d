import type { PushPayload } from '@muster/contract/push';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { PUSH_QUEUE, pushTopic, type PushJob } from '../../platform/push.js';
import { deleteGoneSubscription, listSubscriptions } from './push.queries.js';

/**
 * What a push job names, as its recipient would see it now, in a push's words; undefined when
 * there is nothing to tell any more (a notice the list would not show: a block since, a mission
 * left, gone or read; a chat's burst read meanwhile; a chat request answered). The notifications
 * feature reads it (the list's rule, the chats' unread state); app.ts hands it over, as a feature
 * never imports another (decision 058).
 */
export type PushReader = (db: Db, job: PushJob) => Promise<PushPayload | undefined>;

/**
 * The push queue's work (decision 064): one job per notice (or chat burst, or chat request; 066),
 * to each of its recipient's browsers.
 * Outside the database like mail (not transactional): it runs, then completes, so a crash between
 * the two pushes again, and the notification's tag (the notice) makes the browser replace the
 * first rather than show two. A 404 or 410 drops that subscription; any other failure fails the
 * job, which the queue retries (and, its retries spent, keeps as dead).
 */
export function definePushDelivery(deps: Deps, readPush: PushReader) {
  deps.jobs.define(
    PUSH_QUEUE,
    async (db, data) => {
      const job = data as PushJob;
      // Read at send time, a retry included: what the list no longer shows is not pushed.
      const payload = await readPush(db, job);
      if (!payload) return;
      const browsers = await listSubscriptions(db, job.userId);
      // The push service keeps one waiting push per topic: a retry replaces what it still holds.
      const topic = pushTopic(job);
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
