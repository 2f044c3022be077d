import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import { sendDirectMessageIfAllowed } from './chats.queries.js';
import { directKey } from './chats.service.js';

/**
 * Sends made at once go in one statement (db/batched.ts, decision 035): each must still come out
 * as it would alone. Calls made in one tick are deterministic batches: the first four run alone
 * (`inFlight`), and all the rest go together once one of those has finished.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const person = (overrides: Parameters<typeof userWithSession>[1] = {}, sessionEnds?: Date) =>
  userWithSession(h.db, overrides, sessionEnds);

const send = (
  from: { id: string; sessionId: string },
  to: string,
  body: string,
  clientMessageId: string | null = null,
) =>
  sendDirectMessageIfAllowed(h.db, {
    sessionId: from.sessionId,
    chatId: newId(),
    directKey: directKey(from.id, to),
    messageId: newId(),
    requestId: newId(),
    senderId: from.id,
    recipientId: to,
    body,
    clientMessageId,
    burstSeconds: 600,
  });

/** The transactions that wrote these messages: one statement writes all its rows in one. */
const writers = async (ids: string[]) =>
  (
    await sql<{
      n: number;
    }>`select count(distinct xmin::text)::int as n from chat_messages where id = any(${ids}::uuid[])`.execute(
      h.db,
    )
  ).rows[0]!.n;

describe('direct messages sent at once', () => {
  it('writes them in one statement, each on its own terms: message, request, blocked, ended session, nobody, retry', async () => {
    const [s1, s2, s3, s4, s5, s6] = await Promise.all(Array.from({ length: 6 }, () => person()));
    const ended = await person({}, new Date(Date.now() - 1000));
    const [r1, r2, r3, r4] = await Promise.all(Array.from({ length: 4 }, () => person()));
    const closed = await person({ messagePolicy: 'connections' });
    const blocker = await person();
    await h.db.insertInto('blocks').values({ blockerId: blocker.id, blockedId: s6!.id }).execute();
    const retryId = newId();

    const answers = await Promise.all([
      send(s1!, r1!.id, 'alone 1'),
      send(s2!, r2!.id, 'alone 2'),
      send(s3!, r3!.id, 'alone 3'),
      send(s4!, r4!.id, 'alone 4'),
      send(s5!, closed.id, 'May I ask about the boats?'),
      send(s6!, blocker.id, 'blocked'),
      send(ended, r1!.id, 'signed out'),
      send(s1!, newId(), 'to nobody'),
      send(s2!, r3!.id, 'batched 1'),
      send(s3!, r4!.id, 'batched 2', retryId),
      send(s4!, r1!.id, 'batched 3'),
      send(s5!, r2!.id, 'batched 4'),
    ]);

    expect(answers.map((a) => a.body)).toEqual([
      'alone 1',
      'alone 2',
      'alone 3',
      'alone 4',
      null,
      null,
      null,
      null,
      'batched 1',
      'batched 2',
      'batched 3',
      'batched 4',
    ]);
    expect(answers[4]).toMatchObject({
      live: true,
      found: true,
      blocked: false,
      allowed: false,
      id: null,
      requestId: expect.any(String),
    });
    expect(answers[5]).toMatchObject({ live: true, found: true, blocked: true, id: null, requestId: null });
    expect(answers[6]).toMatchObject({ live: false, id: null, requestId: null });
    expect(answers[7]).toMatchObject({ live: true, found: false, id: null, requestId: null });
    expect(answers[9]).toMatchObject({ clientMessageId: retryId, priorId: null });
    // The four that waited went as one; the four before each alone.
    expect(await writers(answers.slice(8).map((a) => a.id!))).toBe(1);
    expect(await writers(answers.slice(0, 4).map((a) => a.id!))).toBe(4);
    // Each message is in its own pair's chat, and nothing was written for the refused.
    for (const [i, [from, to]] of (
      [
        [s2, r3],
        [s3, r4],
        [s4, r1],
        [s5, r2],
      ] as const
    ).entries()) {
      const chat = await h.db
        .selectFrom('chats')
        .select('id')
        .where('directKey', '=', directKey(from!.id, to!.id))
        .executeTakeFirstOrThrow();
      expect(answers[8 + i]!.chatId).toBe(chat.id);
    }
    const refused = [
      directKey(s6!.id, blocker.id),
      directKey(ended.id, r1!.id),
      directKey(s5!.id, closed.id),
    ];
    expect(await h.db.selectFrom('chats').select('id').where('directKey', 'in', refused).execute()).toEqual(
      [],
    );
    const request = await h.db
      .selectFrom('chatRequests')
      .selectAll()
      .where('senderId', '=', s5!.id)
      .execute();
    expect(request).toEqual([
      expect.objectContaining({
        id: answers[4]!.requestId,
        recipientId: closed.id,
        message: 'May I ask about the boats?',
      }),
    ]);

    // Again at once: the retry answers its first message, the waiting request is found, and the
    // sender has read their chat up to their own message.
    const again = await Promise.all([
      send(s1!, r2!.id, 'a'),
      send(s2!, r1!.id, 'b'),
      send(s3!, r1!.id, 'c'),
      send(s4!, r2!.id, 'd'),
      send(s3!, r4!.id, 'batched 2', retryId),
      send(s5!, closed.id, 'Still there?'),
      send(s6!, r3!.id, 'hello r3'),
    ]);
    expect(again[4]).toMatchObject({
      id: null,
      priorId: answers[9]!.id,
      priorChatId: answers[9]!.chatId,
      priorBody: 'batched 2',
    });
    expect(again[5]).toMatchObject({ id: null, requestId: null, pendingId: answers[4]!.requestId });
    expect(again[6]).toMatchObject({ body: 'hello r3' });
    const mark = await h.db
      .selectFrom('chatMembers')
      .select(['lastReadAt', 'acceptsMessages'])
      .where('chatId', '=', again[6]!.chatId!)
      .where('userId', '=', s6!.id)
      .executeTakeFirstOrThrow();
    expect(mark).toEqual({ lastReadAt: again[6]!.createdAt, acceptsMessages: true });
    const theirs = await h.db
      .selectFrom('chatMembers')
      .select(['lastReadAt', 'acceptsMessages'])
      .where('chatId', '=', again[6]!.chatId!)
      .where('userId', '=', r3!.id)
      .executeTakeFirstOrThrow();
    expect(theirs).toEqual({ lastReadAt: new Date(0), acceptsMessages: false });
  });
});
