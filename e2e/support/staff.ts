import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { startServer } from '../../scripts/production-server.mjs';
import { openDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/platform/auth/passwords';
import { signIn } from './accounts';
import { desktop } from './people';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The first admin that global-setup's ADMIN_USERNAMES names by address (decision 067): the account
 * with this address becomes an admin as its address is verified. Only tests/admin-roles.spec.ts
 * signs up with it.
 */
export const FIRST_ADMIN_USERNAME = 'e2e_first_admin';
export const FIRST_ADMIN_EMAIL = 'first.admin@example.org';

/**
 * A journey that needs moderators runs a server of its own (decisions 068, 070): its people are
 * made in the data directory's database before the server starts, staff with `users.role` set, as
 * the server suite does, since the app makes no moderator by itself but through an admin.
 */
export const STAFF_PASSWORD = 'correct horse battery staple';
export type Made = { id: string; username: string; firstName: string; lastName: string };
type Role = 'member' | 'moderator' | 'admin';

export async function staffServer<Names extends string>(
  label: string,
  people: Record<Names, [firstName: string, lastName: string, role: Role]>,
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `muster-${label}-`));
  const database = await openDatabase({ dataDir, template: path.join(root, 'server/dist/pgdata-template') });
  const made = {} as Record<Names, Made>;
  try {
    await migrateToLatest(database.db);
    const hash = await hashPassword(STAFF_PASSWORD);
    for (const [key, [firstName, lastName, role]] of Object.entries(people) as Array<
      [Names, [string, string, Role]]
    >) {
      const username = `${firstName.toLowerCase()}_${randomBytes(3).toString('hex')}`;
      made[key] = await database.db
        .insertInto('users')
        .values({
          id: randomUUID(),
          username,
          firstName,
          lastName,
          email: `${username}@example.org`,
          emailVerifiedAt: new Date(),
          passwordHash: hash,
          role,
        })
        .returning(['id', 'username', 'firstName', 'lastName'])
        .executeTakeFirstOrThrow();
    }
  } finally {
    await database.close();
  }
  const server = await startServer({
    dataDir,
    env: { SMTP_URL: process.env.MUSTER_SMTP_URL!, SEED_DEMO: 'false', OIDC_ISSUER: '', OIDC_CLIENT_ID: '' },
  });
  return {
    server,
    people: made,
    /** A browser context of its own, signed in as `who`, on this server. */
    async signedIn(browser: Browser, who: Made, viewport = desktop) {
      const context = await browser.newContext({ baseURL: server.base, viewport });
      const page = await context.newPage();
      await signIn(page, who.username, STAFF_PASSWORD);
      return { page, close: () => context.close() };
    },
  };
}
