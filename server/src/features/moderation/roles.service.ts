import type { SetRoleInput, StaffPerson } from '@muster/contract/admin';
import { hasRole, type Role, staffRoles } from '@muster/contract/moderation';
import { presentCard } from '../../social/social.present.js';
import type { Db } from '../../db/database.js';
import { forgetCachedSessions, requireRole, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { recordModeration } from './audit.queries.js';
import {
  findAccountByLogin,
  findPeopleByPrefix,
  findPerson,
  listStaff,
  lockAdmins,
  lockRole,
  type PersonRow,
  updateRole,
} from './roles.queries.js';

export const LAST_ADMIN =
  'You are the last admin: make someone else an admin before you give up the role, or no one could grant roles.';
const NOT_ADMIN = 'Only admins can grant or take roles';
const NO_SUCH_PERSON = 'No one on Muster has that id';
const FOUND_AT_MOST = 20;

/** A role's rank: member 0, moderator 1, admin 2 — a change up is a grant, down a revoke. */
const rank = (role: Role) => (role === 'member' ? 0 : staffRoles.indexOf(role) + 1);

export function presentPerson(p: PersonRow): StaffPerson {
  return { user: presentCard(p), email: p.email, role: p.role };
}

export type RoleChange =
  { changed: false; from: Role; to: Role } | { changed: true; from: Role; to: Role; person: PersonRow };

/**
 * Gives `userId` the role `to`, with its audit entry, inside `trx`: the one way any role changes
 * (the admin pages, ADMIN_USERNAMES, the command line). The admins' rows are locked first, so the
 * last-admin rule holds however many demotions race. Unknown person: undefined.
 */
export async function changeRole(
  trx: Db,
  change: { actorId: string | null; userId: string; to: Role; reason: string },
): Promise<RoleChange | undefined> {
  const admins = await lockAdmins(trx);
  // The request read its viewer before these locks: an admin whose role went meanwhile acts no more.
  if (change.actorId !== null && !admins.includes(change.actorId)) throw forbidden(NOT_ADMIN);
  const from = await lockRole(trx, change.userId);
  if (!from) return undefined;
  if (from === change.to) return { changed: false, from, to: change.to };
  if (from === 'admin' && admins.length <= 1) throw conflict(LAST_ADMIN);
  const person = await updateRole(trx, change.userId, change.to);
  await recordModeration(trx, {
    actorId: change.actorId,
    action: rank(change.to) > rank(from) ? 'role.grant' : 'role.revoke',
    targetType: 'user',
    targetId: change.userId,
    subjectId: change.userId,
    reason: change.reason,
    details: { from, to: change.to },
  });
  return { changed: true, from, to: change.to, person };
}

export type ServerGrant =
  | { outcome: 'unknown'; login: string }
  | { outcome: 'unverified'; login: string }
  | { outcome: 'unchanged' | 'changed'; login: string; username: string; from: Role; to: Role };

/**
 * A role given by whoever runs the server (ADMIN_USERNAMES at start, `npm run admin:grant`): no
 * person acts, so the entry names the server. Granting what someone already holds writes nothing,
 * so a restart audits nothing new. `verifiedOnly` (ADMIN_USERNAMES): the account must have proven
 * its address, or whoever signed up under a named username, or with someone else's named address,
 * would be an admin at the next start.
 */
export async function grantAsServer(
  db: Db,
  login: string,
  to: Role,
  reason: string,
  { verifiedOnly = false } = {},
): Promise<ServerGrant> {
  const account = await findAccountByLogin(db, login);
  if (!account) return { outcome: 'unknown', login };
  if (verifiedOnly && !account.emailVerifiedAt) return { outcome: 'unverified', login };
  const result = await inTransaction(db, (trx) =>
    changeRole(trx, { actorId: null, userId: account.id, to, reason }),
  );
  if (!result) return { outcome: 'unknown', login };
  return {
    outcome: result.changed ? 'changed' : 'unchanged',
    login,
    username: account.username,
    from: result.from,
    to: result.to,
  };
}

/**
 * ADMIN_USERNAMES (decision 067): at start, each named account whose address is verified becomes
 * an admin; an account whose address is named becomes one when it proves that address (its
 * verification link), in that transaction — as Discourse does with its developer addresses — so a
 * fresh server's first admin need not exist before the server starts. Never at sign-up: an
 * address is anyone's to type, and a username anyone's to take.
 */
export function subscribeFirstAdmins(deps: Deps) {
  const logins = deps.config.adminLogins;
  if (logins.length === 0) return;
  deps.events.within('user.email_verified', async (trx, { userId, email }) => {
    if (!logins.includes(email.toLowerCase())) return;
    await changeRole(trx, { actorId: null, userId, to: 'admin', reason: 'Named in ADMIN_USERNAMES' });
  });
}

export async function grantFirstAdmins(deps: Deps): Promise<ServerGrant[]> {
  const results: ServerGrant[] = [];
  for (const login of deps.config.adminLogins)
    results.push(
      await grantAsServer(deps.db, login, 'admin', 'Named in ADMIN_USERNAMES', { verifiedOnly: true }),
    );
  for (const r of results) {
    if (r.outcome === 'unknown' || r.outcome === 'unverified')
      deps.log.warn(
        { login: r.login },
        r.outcome === 'unknown'
          ? 'ADMIN_USERNAMES names no account (yet): a named address becomes admin when it is verified'
          : 'ADMIN_USERNAMES names an account whose address is not verified yet: it becomes admin when it is',
      );
    else if (r.outcome === 'changed')
      deps.log.info({ username: r.username }, 'made an admin (ADMIN_USERNAMES)');
  }
  return results;
}

/** Admins and moderators, admins first. */
export async function staff(deps: Deps, viewer: Viewer | null): Promise<StaffPerson[]> {
  requireRole(viewer, 'admin');
  return (await listStaff(deps.db)).map(presentPerson);
}

/** People to grant a role to, by the start of their username or address. */
export async function findPeople(deps: Deps, viewer: Viewer | null, query: string): Promise<StaffPerson[]> {
  requireRole(viewer, 'admin');
  return (await findPeopleByPrefix(deps.db, query, FOUND_AT_MOST)).map(presentPerson);
}

/**
 * An admin sets someone's role (themselves included, unless they are the last admin). The
 * person's next request, in any process, sees the new role: their cached sessions are dropped
 * here and, through the hub, everywhere, as a privacy or password change does.
 */
export async function setRole(deps: Deps, viewer: Viewer | null, userId: string, input: SetRoleInput) {
  const me = requireRole(viewer, 'admin');
  const id = userId.toLowerCase();
  const result = await inTransaction(deps.db, (trx) =>
    changeRole(trx, { actorId: me.id, userId: id, to: input.role, reason: input.reason.trim() }),
  );
  if (!result) throw notFound(NO_SUCH_PERSON);
  if (!result.changed) {
    const person = await findPerson(deps.db, id);
    if (!person) throw notFound(NO_SUCH_PERSON);
    return { person: presentPerson(person), message: `${nameOf(person)} is already ${article(result.to)}.` };
  }
  await forgetCachedSessions(deps, id);
  const { person, to } = result;
  const message = hasRole(to, 'moderator')
    ? `${nameOf(person)} is now ${article(to)}.`
    : `${nameOf(person)} is no longer staff.`;
  return { person: presentPerson(person), message };
}

const nameOf = (p: PersonRow) => `${p.firstName} ${p.lastName}`;
const article = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);
