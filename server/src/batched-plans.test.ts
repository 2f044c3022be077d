import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildUser, userWithSession } from '../test/factories.js';
import { createTestDatabase } from '../test/helpers.js';
import { sendDirectMessageIfAllowed } from './features/chats/chats.queries.js';
import { directKey } from './features/chats/chats.service.js';
import { insertNotificationUnlessSilenced } from './features/notifications/notifications.queries.js';
import { offerOnPostIfAllowed } from './features/offers/offers.queries.js';
import { insertPost } from './features/posts/posts.queries.js';
import { newId } from './platform/ids.js';

// The batched writes (db/batched.ts, decision 035) take their rows as arrays. PostgreSQL plans a
// named statement anew on every run while a plan for the values given looks cheaper than one for
// any values: given the arrays as they are, it counted each batch, and planned every send, post,
// offer and notice (a third of an offer's time). Each must settle on the plan for any values after
// its first five runs.
it.runIf(process.env.TEST_DATABASE_URL)(
  'plans each batched write once per connection, not on every run',
  async () => {
    const { db, close } = await createTestDatabase();
    try {
      const me = await userWithSession(db);
      const others = await Promise.all(Array.from({ length: 8 }, () => buildUser(db)));
      // One connection throughout: prepared statements and their plans belong to a connection.
      const plans = await db.connection().execute(async (conn) => {
        const { sessionId } = me;
        for (const other of others) {
          const needId = newId();
          await sql`insert into posts (id, author_id, kind, title, content, status) values (${needId}, ${other.id}, 'need', 'Boats', 'Two boats', 'open')`.execute(
            conn,
          );
          expect(
            await offerOnPostIfAllowed(conn, {
              sessionId,
              id: newId(),
              postId: needId,
              helperId: me.id,
              message: 'I can help',
              give: '',
              available: '',
            }),
          ).toMatchObject({ message: 'I can help' });
          expect(
            await insertNotificationUnlessSilenced(conn, {
              id: newId(),
              userId: other.id,
              senderId: me.id,
              type: 'like',
              message: 'liked your post',
            }),
          ).toBeDefined();
          expect(
            await sendDirectMessageIfAllowed(conn, {
              sessionId,
              chatId: newId(),
              directKey: directKey(me.id, other.id),
              messageId: newId(),
              requestId: newId(),
              senderId: me.id,
              recipientId: other.id,
              body: 'Hello',
              clientMessageId: null,
              burstSeconds: 600,
            }),
          ).toMatchObject({ body: 'Hello' });
          expect(
            await insertPost(conn, sessionId, {
              id: newId(),
              authorId: me.id,
              kind: 'general',
              content: 'On my way',
              hashtags: [],
            }),
          ).toBeDefined();
        }
        const { rows } = await sql<{ into: string; generic: number; custom: number }>`
        select substring(statement from 'insert into (\\w+)') as into, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like ${'%with i as materialized%'} order by 1`.execute(
          conn,
        );
        return rows;
      });
      expect(plans).toEqual(
        ['chats', 'notifications', 'offers', 'posts'].map((into) => ({ into, generic: 3, custom: 5 })),
      );
    } finally {
      await close();
    }
  },
);
