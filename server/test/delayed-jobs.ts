import { sql } from 'kysely';
import type { TestApp } from './helpers.js';

/**
 * The jobs of `queue` waiting for a later time (a burst's end, quiet hours) come due now, as if
 * that time had come, and the queue runs: for tests of what happens then, which cannot wait ten
 * minutes. Only their start moves; what they do, and whether they still find anything to do, is
 * the real handlers'. Answers how many were moved.
 */
export async function runDelayedJobs(t: Pick<TestApp, 'app' | 'db'>, queue: string): Promise<number> {
  const moved = await sql`update pgboss.job set start_after = now()
    where name = ${queue} and state = 'created' and start_after > now()`.execute(t.db);
  await t.app.deps.jobs.drain();
  return Number(moved.numAffectedRows ?? 0);
}

/** The jobs of `queue` still waiting for a later time, with when each is due. */
export async function delayedJobs(t: Pick<TestApp, 'db'>, queue: string) {
  const { rows } = await sql<{ data: unknown; startAfter: Date }>`select data, start_after from pgboss.job
    where name = ${queue} and state = 'created' and start_after > now() order by start_after`.execute(t.db);
  return rows;
}
