import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database.js';
import type { UsersTable } from '../src/db/schema.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { newId } from '../src/platform/ids.js';
import type { TestApp } from './helpers.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

/** A verified user with TEST_PASSWORD; any column can be overridden. */
export async function buildUser(db: Db, overrides: Partial<Insertable<UsersTable>> = {}) {
  const suffix = randomBytes(4).toString('hex');
  return db
    .insertInto('users')
    .values({
      id: newId(),
      username: `user_${suffix}`,
      firstName: 'Test',
      lastName: `User ${suffix}`,
      email: `user_${suffix}@example.org`,
      emailVerifiedAt: new Date(),
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      // Accounts signed up now take strangers' messages as requests (0028, decision 047); a built
      // user is an open one, as accounts made before were, unless a test says otherwise.
      messagePolicy: 'everyone',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Signs in through the real route and returns the Cookie header to send after. */
export async function signIn(t: TestApp, login: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { emailOrUsername: login, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'muster_session');
  return `muster_session=${cookie!.value}`;
}

/** A verified user who is signed in: the row and the Cookie header. */
export async function signedInUser(t: TestApp, overrides: Partial<Insertable<UsersTable>> = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, cookie: await signIn(t, user.username) };
}

/**
 * A user and a session of theirs, by id: for the write statements that take the session's id, as
 * the API's do once the session cache has read the cookie. `sessionEnds` in the past: an ended one.
 */
export async function userWithSession(
  db: Db,
  overrides: Partial<Insertable<UsersTable>> = {},
  sessionEnds = new Date(Date.now() + 3_600_000),
) {
  const user = await buildUser(db, overrides);
  const sessionId = newId();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      tokenHash: randomBytes(16).toString('hex'),
      userId: user.id,
      expiresAt: sessionEnds,
    })
    .execute();
  return { id: user.id, sessionId };
}
