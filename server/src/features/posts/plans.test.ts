import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import { viewerMarks } from './posts.queries.js';

// Decision 031: a named statement that PostgreSQL plans anew on every run costs more in planning
// than in work. Each shape of a page's marks (with and without places, with and without the
// viewer's own posts) must come to a plan for any values — a generic plan, which PostgreSQL
// settles on after five runs when it costs no more than the plans for the values given.
it.runIf(process.env.TEST_DATABASE_URL)(
  'plans each shape of the feed page marks once per connection, not on every page',
  async () => {
    const { db, close } = await createTestDatabase();
    try {
      // One connection throughout: prepared statements and their plans belong to a connection.
      const plans = await db.connection().execute(async (conn) => {
        for (const [placed, own] of [
          [false, false],
          [true, false],
          [false, true],
          [true, true],
        ] as const) {
          for (let run = 0; run < 8; run++) {
            const ids = Array.from({ length: 20 }, () => randomUUID());
            await viewerMarks(conn, randomUUID(), { postIds: ids, authorIds: ids.slice(0, 8), placed, own });
          }
        }
        const { rows } = await sql<{ generic: number }>`
        select generic_plans::int as generic from pg_prepared_statements
        where statement like ${'%from post_likes where user_id%'}`.execute(conn);
        return rows.map((r) => r.generic);
      });
      // Five runs planned for their values, then the three others with the plan for any.
      expect(plans).toEqual([3, 3, 3, 3]);
    } finally {
      await close();
    }
  },
);
