import { z } from 'zod';
import { roleSchema } from './moderation.js';
import { pageQuerySchema } from './paging.js';
import { publicUserSchema } from './public-user.js';

/**
 * The admin's pages (issue 35, decision 067): who holds a role, granting and taking roles, and
 * the moderation audit log. Every route here is for admins only.
 */

export const ROLE_REASON_MAX = 500;
export const PEOPLE_QUERY_MAX = 100;

/** A person as the admin pages show them: the card, their role, and their address to tell people apart. */
export const staffPersonSchema = z.object({
  user: publicUserSchema,
  email: z.string(),
  role: roleSchema,
});
export type StaffPerson = z.infer<typeof staffPersonSchema>;
export const staffPeopleResponseSchema = z.object({ data: z.array(staffPersonSchema) });

/** People whose username or address starts with `query` (at least one character). */
export const findPeopleQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Type the start of a username or an address')
    .max(PEOPLE_QUERY_MAX, `At most ${PEOPLE_QUERY_MAX} characters`),
});

export const setRoleSchema = z.strictObject({
  role: roleSchema,
  reason: z
    .string({ error: 'Say why' })
    .trim()
    .min(1, 'Say why')
    .max(ROLE_REASON_MAX, `A reason is at most ${ROLE_REASON_MAX} characters`),
});
export type SetRoleInput = z.input<typeof setRoleSchema>;
export const setRoleResponseSchema = z.object({
  data: z.object({ person: staffPersonSchema, message: z.string() }),
});

/** The actions the audit log knows so far; other moderation features add theirs. */
export const auditActionLabels: Record<string, string> = {
  'role.grant': 'Role granted',
  'role.revoke': 'Role taken',
  'watched.add': 'Watched word or domain added',
  'watched.remove': 'Watched word or domain removed',
  'server.block': 'Server blocked',
  'server.limit': 'Server limited',
  'server.remove': 'Server policy lifted',
  'comment.remote_remove': 'Reply from another server removed',
};

const usernameFilter = z
  .string()
  .trim()
  .toLowerCase()
  .max(30, 'A username is at most 30 characters')
  .regex(/^[a-z0-9_]*$/, 'A username uses only letters, digits and _')
  .optional();

/** Newest first; each filter narrows (empty: none): the action's name, who acted, about whom (usernames). */
export const auditQuerySchema = pageQuerySchema.extend({
  action: z
    .string()
    .trim()
    .max(50, 'An action is at most 50 characters')
    .regex(/^[a-z_.]*$/, 'Not an action')
    .optional(),
  actor: usernameFilter,
  subject: usernameFilter,
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.string(),
  /** The actor's name as it was ("First Last (@username)"), or the server's. */
  actorName: z.string(),
  actorId: z.string().nullable(),
  subjectName: z.string().nullable(),
  subjectId: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
