import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Claims the job's run at `now` for this process: when its next run is due (or it never ran), the
 * next one is moved to `now + everyMs` and the claim holds. One statement, so of several processes
 * claiming the same turn exactly one wins: on PostgreSQL the others wait for the winner's row and,
 * seeing it moved on, claim nothing.
 */
export async function claimRun(db: Db, name: string, now: Date, everyMs: number): Promise<boolean> {
  const next = new Date(now.getTime() + everyMs);
  const { rows } = await sql<{ name: string }>`
    insert into scheduled_jobs (name, next_run_at) values (${name}, ${next})
    on conflict (name) do update set next_run_at = excluded.next_run_at
    where scheduled_jobs.next_run_at <= ${now}
    returning name`.execute(db);
  return rows.length > 0;
}
