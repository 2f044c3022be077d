import type { FastifyBaseLogger } from 'fastify';
import { accountsSeed } from '../features/accounts/accounts.seed.js';
import { chatsSeed, missionChatsSeed } from '../features/chats/chats.seed.js';
import { collaborationSeed } from '../features/collaboration/collaboration.seed.js';
import { matchingSeed } from '../features/matching/matching.seed.js';
import { missionsSeed } from '../features/missions/missions.seed.js';
import { networkSeed } from '../features/network/network.seed.js';
import { notificationsSeed } from '../features/notifications/notifications.seed.js';
import { offersSeed } from '../features/offers/offers.seed.js';
import { postsSeed } from '../features/posts/posts.seed.js';
import { safetySeed } from '../features/safety/safety.seed.js';
import { tasksSeed } from '../features/tasks/tasks.seed.js';
import type { MediaStore } from '../platform/media/media.js';
import type { Db } from './database.js';
import type { DemoSeed } from './demo.js';
import { deleteDemoMark, moveAllTimesForward, readDemoMarks, writeDemoMark } from './demo.queries.js';

// Each feature appends its seed here, after the seeds it depends on: everything needs the people;
// mission chats and tasks need the missions and their members; the posts seed's updates are
// numbered on their missions; offers go on the posts' needs and the missions; notifications tell of
// what the seeds before them wrote.
const demoSeeds: DemoSeed[] = [
  accountsSeed,
  networkSeed,
  safetySeed,
  missionsSeed,
  missionChatsSeed,
  tasksSeed,
  collaborationSeed,
  chatsSeed,
  postsSeed,
  offersSeed,
  notificationsSeed,
  matchingSeed,
];

const SEEDED_KEY = 'demo_seeded_at';
/**
 * Set only in the build's demo template (build-assets.ts): when the seed that made it ran. A data
 * directory copied from the template is brought to the present at its first start, then loses it.
 */
const TIMES_TAKEN_KEY = 'demo_times_taken_at';
const DAY_MS = 86_400_000;

/**
 * Loads the demo data once: a marker row keeps later starts from seeding again. A database copied
 * from the build's demo template already holds it, as it was when built: its times are moved
 * forward to now, so that a post written "2 hours ago" still was and no need has expired meanwhile.
 */
export async function seedDemoData(db: Db, media: MediaStore, log: FastifyBaseLogger): Promise<boolean> {
  const marks = await readDemoMarks(db, [SEEDED_KEY, TIMES_TAKEN_KEY]);
  const takenAt = marks.get(TIMES_TAKEN_KEY);
  if (takenAt) await bringDemoToNow(db, new Date(takenAt), log);
  if (marks.has(SEEDED_KEY)) return false;
  const started = Date.now();
  const took: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const seed of demoSeeds) {
      const t0 = Date.now();
      await seed.run({ db: trx, media });
      took[seed.name] = Date.now() - t0;
    }
    await writeDemoMark(trx, SEEDED_KEY, new Date().toISOString());
  });
  log.info({ seeds: took, ms: Date.now() - started }, 'demo data loaded');
  return true;
}

/**
 * Marks freshly seeded demo data as the build's template (build-assets.ts), taken at the seed's
 * start: every time the seeds wrote is that moment or measured from it.
 */
export async function markAsDemoTemplate(db: Db, seedStartedAt: Date): Promise<void> {
  await writeDemoMark(db, TIMES_TAKEN_KEY, seedStartedAt.toISOString());
}

/**
 * Moves the template's times forward by the time since it was taken; calendar dates (a task's due
 * date, a request's deadline) by the days between, as the seed counts them (UTC). One transaction
 * with the mark's removal, so a start cut short moves them at the next start, and never twice.
 */
async function bringDemoToNow(db: Db, takenAt: Date, log: FastifyBaseLogger): Promise<void> {
  const started = Date.now();
  const seconds = (started - takenAt.getTime()) / 1000;
  const days = Math.floor(started / DAY_MS) - Math.floor(takenAt.getTime() / DAY_MS);
  await db.transaction().execute(async (trx) => {
    await moveAllTimesForward(trx, seconds, days);
    await writeDemoMark(trx, SEEDED_KEY, new Date(started).toISOString());
    await deleteDemoMark(trx, TIMES_TAKEN_KEY);
  });
  log.info(
    { movedSeconds: Math.round(seconds), ms: Date.now() - started },
    'demo data loaded from the build',
  );
}
