import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type QueueDepth = { queue: string; waiting: number; oldestSeconds: number };

/**
 * Per queue pg-boss knows: the jobs due and not yet taken (created, or waiting for a retry, whose
 * start has come) and how long the one due longest has waited; a queue with none answers 0 and 0.
 * Jobs deferred to later (quiet hours) are not waiting yet. Read on each scrape, not kept.
 */
export async function queueDepths(db: Db, schema: string): Promise<QueueDepth[]> {
  const { rows } = await sql<QueueDepth>`
    select q.name as queue, count(j.id)::int as waiting,
      coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest_seconds
    from ${sql.table(`${schema}.queue`)} q
    left join ${sql.table(`${schema}.job`)} j
      on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
    group by q.name
    order by q.name`.execute(db);
  return rows;
}
