import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.js';

/** A feature's contribution to the demo data; runs once, in order, on an empty database. */
export type DemoSeed = { name: string; run: (db: Db) => Promise<void> };

// Each feature appends its seed here as it lands, after the seeds it depends on.
const demoSeeds: DemoSeed[] = [];

const SEEDED_KEY = 'demo_seeded_at';

/** Loads the demo data once: a marker row keeps later starts from seeding again. */
export async function seedDemoData(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  const marker = await db.selectFrom('appMeta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (marker) return false;
  const started = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const seed of demoSeeds) await seed.run(trx);
    await trx.insertInto('appMeta').values({ key: SEEDED_KEY, value: new Date().toISOString() }).execute();
  });
  log.info({ seeds: demoSeeds.map((s) => s.name), ms: Date.now() - started }, 'demo data loaded');
  return true;
}
