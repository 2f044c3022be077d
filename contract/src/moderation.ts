import type { Role } from './users.js';

/**
 * Moderation (issue 35, decision 067). Roles: everyone is a 'member'; a 'moderator' works the
 * queue; an 'admin' may do all a moderator may, and grant and take roles. A moderator never acts
 * on an admin. The roles themselves are in users.ts, with the session user that carries them, so
 * the first page's code does not load this module.
 */
export { roles, roleSchema, type Role } from './users.js';

/** The staff roles, weakest first: a role may do what every role before it may. */
export const staffRoles = ['moderator', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The person holds `needed` or a stronger role. */
export function hasRole(role: Role | null | undefined, needed: StaffRole): boolean {
  if (!role || role === 'member') return false;
  return staffRoles.indexOf(role) >= staffRoles.indexOf(needed);
}

/**
 * Whether someone holding `actorRole` may moderate (hide, warn, limit, suspend, decide an appeal
 * about) a person holding `subjectRole`: staff only, and never a stronger role than their own — a
 * moderator acts on members and other moderators, never on an admin; an admin on anyone. The
 * kernel every moderation service asks before it acts on a person.
 */
export function mayModerate(actorRole: Role | null | undefined, subjectRole: Role): boolean {
  if (!hasRole(actorRole, 'moderator')) return false;
  if (subjectRole === 'member') return true;
  return hasRole(actorRole, subjectRole);
}
