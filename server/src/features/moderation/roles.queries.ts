import type { Role } from '@muster/contract/moderation';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** What the admin pages show of a person (decision 067). */
const personColumns = [
  'id',
  'username',
  'firstName',
  'lastName',
  'headline',
  'profilePicture',
  'verifiedOrg',
  'email',
  'role',
] as const;

/** The account a username or an address names (both are stored lower-cased), or none. */
export function findAccountByLogin(db: Db, login: string) {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'emailVerifiedAt'])
    .where((eb) => eb.or([eb('username', '=', value), eb('email', '=', value)]))
    .executeTakeFirst();
}

/**
 * Locks every admin's row, always in the same order, and names them: two admins demoting each
 * other at once then take turns instead of deadlocking, and the second one counts what the first
 * left (a row no longer 'admin' once its lock is granted drops out of the set).
 */
export async function lockAdmins(trx: Db): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** The person's role, their row locked until the transaction ends; none for an unknown id. */
export async function lockRole(trx: Db, userId: string): Promise<Role | undefined> {
  const row = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.role;
}

export function updateRole(trx: Db, userId: string, role: Role) {
  return trx
    .updateTable('users')
    .set({ role, updatedAt: new Date() })
    .where('id', '=', userId)
    .returning(personColumns)
    .executeTakeFirstOrThrow();
}

export function findPerson(db: Db, userId: string) {
  return db.selectFrom('users').select(personColumns).where('id', '=', userId).executeTakeFirst();
}

/** Admins, then moderators, by name: the few who hold a role (the `users_staff` index). */
export function listStaff(db: Db) {
  return db
    .selectFrom('users')
    .select(personColumns)
    .where('role', '<>', 'member')
    .orderBy(sql`role = 'admin'`, 'desc')
    .orderBy('firstName')
    .orderBy('lastName')
    .orderBy('id')
    .execute();
}

/** Up to `limit` people whose username or address starts with `prefix` (LIKE's wildcards taken literally). */
export function findPeopleByPrefix(db: Db, prefix: string, limit: number) {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('users')
    .select(personColumns)
    .where((eb) => eb.or([eb('username', 'like', pattern), eb('email', 'like', pattern)]))
    .orderBy('username')
    .limit(sql.lit(limit))
    .execute();
}

export type PersonRow = Awaited<ReturnType<typeof listStaff>>[number];
