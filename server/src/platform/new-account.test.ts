import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../test/helpers.js';
import {
  NEW_ACCOUNT_LINK_BUDGET,
  NEW_ACCOUNT_POST_BUDGET,
  NEW_ACCOUNT_STRANGER_BUDGET,
  POST_BUDGET,
} from './limits.js';

/**
 * New accounts' budgets (issue 35 item 5, decision 072) at their production sizes: a new account
 * (under a day old, nobody has accepted a connection with it) meets them; an older or connected
 * one does not, and draws only on everyone's budgets.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: '1' } });
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const person = (ageHours: number) =>
  signedInUser(t, { createdAt: new Date(Date.now() - ageHours * 3_600_000) });
type Person = Awaited<ReturnType<typeof person>>;
const postsOf = async (who: Person) =>
  (await t.db.selectFrom('posts').select('id').where('authorId', '=', who.user.id).execute()).length;
const connect = async (a: Person, b: Person) => {
  expect((await api('POST', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(200);
  expect((await api('POST', `/connections/${a.user.id}`, b.cookie)).statusCode).toBe(200);
};

describe('posts', () => {
  it('a new account posts 10 an hour (hunts too), then hears why and until when', async () => {
    const fresh = await person(1);
    expect(NEW_ACCOUNT_POST_BUDGET.max).toBe(10);
    for (let i = 0; i < 9; i++)
      expect((await api('POST', '/posts/create', fresh.cookie, { content: `post ${i}` })).statusCode).toBe(
        200,
      );
    expect(
      (await api('POST', '/posts/create-hunt', fresh.cookie, { huntType: 'product', title: 'A pump' }))
        .statusCode,
    ).toBe(200);
    const refused = await api('POST', '/posts/create', fresh.cookie, { content: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().message).toMatch(
      /^New accounts can post 10 times an hour for their first day, or until someone accepts your connection request\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await postsOf(fresh)).toBe(10);
  });

  it('an account a day old, or one someone connected with, posts past ten', async () => {
    const [old, connected, friend] = await Promise.all([person(25), person(1), person(24 * 30)]);
    await connect(connected, friend);
    for (const who of [old, connected]) {
      for (let i = 0; i < 12; i++)
        expect((await api('POST', '/posts/create', who.cookie, { content: `post ${i}` })).statusCode).toBe(
          200,
        );
      expect(await postsOf(who)).toBe(12);
    }
    expect(POST_BUDGET.max).toBeGreaterThan(12);
  });

  it('a new account shares 3 posts with links an hour; posts without links go on', async () => {
    const fresh = await person(2);
    expect(NEW_ACCOUNT_LINK_BUDGET.max).toBe(3);
    for (let i = 0; i < 3; i++)
      expect(
        (await api('POST', '/posts/create', fresh.cookie, { content: `see https://example.org/${i}` }))
          .statusCode,
      ).toBe(200);
    const refused = await api('POST', '/posts/create', fresh.cookie, { content: 'and www.example.org/4' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^New accounts can share 3 posts with links an hour for their first day/,
    );
    expect((await api('POST', '/posts/create', fresh.cookie, { content: 'no link here' })).statusCode).toBe(
      200,
    );
    expect(await postsOf(fresh)).toBe(4);
    // An older account shares links on everyone's budget.
    const old = await person(48);
    for (let i = 0; i < 4; i++)
      expect(
        (await api('POST', '/posts/create', old.cookie, { content: `see https://example.org/${i}` }))
          .statusCode,
      ).toBe(200);
  });
});

describe('messages to strangers', () => {
  it('a new account messages 5 new people an hour; its chats go on, and an older account is not limited', async () => {
    const fresh = await person(3);
    const others = await Promise.all(Array.from({ length: 7 }, () => person(24 * 10)));
    expect(NEW_ACCOUNT_STRANGER_BUDGET.max).toBe(5);
    for (const other of others.slice(0, 5))
      expect(
        (await api('POST', '/chats/send', fresh.cookie, { recipientId: other.user.id, message: 'Hello!' }))
          .statusCode,
      ).toBe(200);
    const refused = await api('POST', '/chats/send', fresh.cookie, {
      recipientId: others[5]!.user.id,
      message: 'Hi',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^New accounts can message 5 new people an hour for their first day/,
    );
    // Nothing was written to the sixth person.
    expect(
      await t.db
        .selectFrom('chatMembers')
        .select('chatId')
        .where('userId', '=', others[5]!.user.id)
        .execute(),
    ).toEqual([]);
    // The people it already talks with are not strangers: their chats go on.
    for (let i = 0; i < 3; i++)
      expect(
        (
          await api('POST', '/chats/send', fresh.cookie, {
            recipientId: others[0]!.user.id,
            message: `more ${i}`,
          })
        ).statusCode,
      ).toBe(200);

    const old = await person(30);
    for (const other of others)
      expect(
        (await api('POST', '/chats/send', old.cookie, { recipientId: other.user.id, message: 'Hello!' }))
          .statusCode,
      ).toBe(200);
  });
});
