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

// Each feature appends its seed here, after the seeds it depends on: everything needs the people;
// mission chats and tasks need the missions and their members; the posts seed's updates are
// numbered on their missions; offers go on the posts' needs and the missions; notifications tell of
// what the seeds before them wrote.
const demoSeeds: DemoSeed[] = [accountsSeed, networkSeed, safetySeed, missionsSeed, missionChatsSeed, tasksSeed, collaborationSeed, chatsSeed, postsSeed, offersSeed, notificationsSeed, matchingSeed];

const SEEDED_KEY = 'demo_seeded_at';

/** Loads the demo data once: a marker row keeps later starts from seeding again. */
export async function seedDemoData(db: Db, media: MediaStore, log: FastifyBaseLogger): Promise<boolean> {
  const marker = await db.selectFrom('appMeta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (marker) return false;
  const started = Date.now();
  const took: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const seed of demoSeeds) {
      const t0 = Date.now();
      await seed.run({ db: trx, media });
      took[seed.name] = Date.now() - t0;
    }
    await trx.insertInto('appMeta').values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute();
  });
  log.info({ seeds: took, ms: Date.now() - started }, 'demo data loaded');
  return true;
}
