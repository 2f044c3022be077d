import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export type DeadJob = {
  id: string;
  queue: string;
  data: unknown;
  /** What the last attempt threw, as pg-boss kept it ({ message }). */
  output: unknown;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
};

/** Jobs in pg-boss's table whose retries are spent (state 'failed'), newest first. */
export async function listDeadJobs(db: Db, schema: string, limit: number): Promise<DeadJob[]> {
  const { rows } = await sql<DeadJob>`
    select id, name as queue, data, output, retry_count, created_on, completed_on as failed_on
    from ${sql.table(`${schema}.job`)}
    where state = 'failed'
    order by completed_on desc nulls last
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * The queue holds a job that has still to run or is running (pg-boss's states before 'completed':
 * created, retry, active), read from the queue's partition of pg-boss's job table.
 */
export async function hasJobsToRun(db: Db, schema: string, queue: string): Promise<boolean> {
  const { rows } = await sql<{ busy: boolean }>`
    select exists (select 1 from ${sql.table(`${schema}.job`)}
      where name = ${queue} and state in ('created', 'retry', 'active')) as busy`.execute(db);
  return rows[0]!.busy;
}
