import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import { createNotification } from './notifications.service.js';

// A notice's insert carries its sender check (one statement, not two round trips). PostgreSQL
// plans a named statement anew on every run while a plan for the values given looks cheaper than
// one for any values; this one must settle on the plan for any values after its first five runs,
// as an offer, a like or a comment makes one each time.
it.runIf(process.env.TEST_DATABASE_URL)('plans a notice with a sender once per connection, not on every notice', async () => {
  const { db, close } = await createTestDatabase();
  try {
    const [me, sender] = [await buildUser(db), await buildUser(db)];
    // One connection throughout: prepared statements and their plans belong to a connection.
    const plans = await db.connection().execute(async (conn) => {
      for (let run = 0; run < 8; run++) {
        await createNotification(conn, { userId: me.id, senderId: sender.id, relatedUserId: sender.id, type: 'newOffer', commentContent: 'I can help', message: 'offered to help with your need' });
      }
      const { rows } = await sql<{ generic: number; custom: number }>`
        select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
        where statement like ${'%jsonb_populate_record(null::notifications%'}`.execute(conn);
      return rows;
    });
    expect(plans).toEqual([{ generic: 3, custom: 5 }]);
    expect(await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', me.id).executeTakeFirst()).toEqual({ n: 8 });
  } finally {
    await close();
  }
});
