import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createMailer } from '../mail.js';
import { buildUser, signedInUser, signIn, TEST_PASSWORD } from '../../../test/factories.js';
import { apiCaller, buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';

/**
 * Sending a message, posting and offering help take the viewer from the few-second session cache,
 * as GETs do, and their statements check that the session is still live (decision 030). These
 * tests end sessions where the cache cannot hear of it — the row deleted under it, or a second
 * application on the same database standing for another API process — and expect each write to be
 * refused with 401, leaving nothing behind.
 */
let t: TestApp;
let api: ReturnType<typeof apiCaller>;
/** Another API process: its own caches and its own (local) hub, the same database. */
let other: Awaited<ReturnType<typeof buildApp>>;
let elsewhere: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
  const mailer = createMailer({
    smtpUrl: undefined,
    from: t.config.mailFrom,
    outboxDir: `${t.config.dataDir}/outbox-other`,
    log: silentLogger,
  });
  other = await buildApp({
    config: t.config,
    db: t.db,
    jobBackend: t.jobBackend,
    jobMode: 'inline',
    mailer,
    logger: silentLogger,
  });
  await other.ready();
  elsewhere = apiCaller({ app: other });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function need(author: Person) {
  const res = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Tools',
    title: 'A ladder',
    content: 'A long ladder for the roof, please.',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

const count = async (table: string, column: string, id: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(t.db)
    ).rows[0]!.n,
  );

/** What the three writes have made for a person: messages sent, posts, offers. */
const madeBy = async (p: Person) => ({
  messages: await count('chat_messages', 'sender_id', p.user.id),
  requests: await count('chat_requests', 'sender_id', p.user.id),
  posts: await count('posts', 'author_id', p.user.id),
  offers: await count('offers', 'helper_id', p.user.id),
});

/**
 * One of each write, all allowed; `expected` is the status each gets. The recipient and the need are
 * fresh each time, so that every refusal is the session's and not a rule's.
 */
async function writeEach(p: Person, expected: number) {
  const recipient = await buildUser(t.db);
  const owner = await signedInUser(t);
  const postId = await need(owner);
  const content = `Sandbags at the school ${Math.random()} #floodrelief`;
  const sent = await api('POST', '/chats/send', p.cookie, {
    recipientId: recipient.id,
    message: 'Are you still there?',
  });
  const posted = await api('POST', '/posts/create', p.cookie, { content });
  const offered = await api('POST', `/posts/${postId}/offers`, p.cookie, { message: 'I have a ladder.' });
  expect(
    [sent.statusCode, posted.statusCode, offered.statusCode],
    `${sent.body} ${posted.body} ${offered.body}`,
  ).toEqual([expected, expected, expected]);
  if (expected === 401) {
    // Nothing half-made either: no chat opened with the new recipient.
    const [a, b] = [p.user.id, recipient.id].sort();
    expect(
      await t.db.selectFrom('chats').select('id').where('directKey', '=', `${a}:${b}`).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db
        .selectFrom('posts')
        .select('id')
        .where('content', '=', content)
        .where('authorId', '=', p.user.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  }
}

/** Signs in and warms this process's cache with a write of each kind. */
async function warm() {
  const p = await signedInUser(t);
  await writeEach(p, 200);
  return p;
}

describe('writes that take the viewer from the session cache (decision 030)', () => {
  it('are refused with 401 and write nothing once the session row is gone, however warm the cache', async () => {
    const p = await warm();
    const before = await madeBy(p);
    await t.db.deleteFrom('sessions').where('userId', '=', p.user.id).execute();
    await writeEach(p, 401);
    expect(await madeBy(p)).toEqual(before);
    // The refused write dropped the cached copy: the next read knows too.
    expect((await api('GET', '/auth/me', p.cookie)).statusCode).toBe(401);
  });

  it('are refused once the session has expired', async () => {
    const p = await warm();
    const before = await madeBy(p);
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', p.user.id)
      .execute();
    await writeEach(p, 401);
    expect(await madeBy(p)).toEqual(before);
  });

  it('are refused at once after signing out in another process', async () => {
    const p = await warm();
    const before = await madeBy(p);
    expect((await elsewhere('POST', '/auth/logout', p.cookie, {})).statusCode).toBe(204);
    await writeEach(p, 401);
    expect(await madeBy(p)).toEqual(before);
  });

  it('are refused at once for the sessions a password change in another process ended, and go on for the one that made it', async () => {
    const p = await warm();
    const second = { ...p, cookie: await signIn(t, p.user.username) };
    await writeEach(second, 200);
    const changed = await elsewhere('PUT', '/users/me/password', second.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a fresh passphrase here',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = await madeBy(p);
    await writeEach(p, 401);
    expect(await madeBy(p)).toEqual(before);
    await writeEach(second, 200);
  });

  it('are refused at once after the account is deleted in another process', async () => {
    const p = await warm();
    const gone = await elsewhere('DELETE', '/users/me', p.cookie, {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await writeEach(p, 401);
    expect(await madeBy(p)).toEqual({ messages: 0, requests: 0, posts: 0, offers: 0 });
  });

  it('show my new name at once after I change it from another of my sessions', async () => {
    const p = await warm();
    const second = await signIn(t, p.user.username);
    const rename = { firstName: 'Renamed', lastName: 'Sender', headline: 'Boats', bio: '', location: '' };
    expect((await api('PATCH', '/users/me', second, rename)).statusCode).toBe(200);
    const recipient = await buildUser(t.db);
    const sent = await api('POST', '/chats/send', p.cookie, {
      recipientId: recipient.id,
      message: 'New name, same me',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.sender).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Sender',
      headline: 'Boats',
    });
  });
});
