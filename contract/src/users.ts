import { z } from 'zod';
import { publicUserSchema } from './public-user.js';
import {
  BIO_MAX,
  EMAIL_MAX,
  HEADLINE_MAX,
  LOCATION_MAX,
  NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from './users-constants.js';

// The zod-free constants (decision 030), for code that runs at start-up.
export * from './users-constants.js';

/** 3–30 of a–z, 0–9 and _; typed capitals are folded, so uniqueness ignores case. */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[a-z0-9_]+$/, 'Username may use only letters, digits and _');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const personNameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);

export { publicUserSchema, type PublicUser } from './public-user.js';

/** Privacy (issue 11): who sees my profile and my connections, who may message me directly, search. */
export const profileVisibilities = ['everyone', 'connections'] as const;
export const connectionsVisibilities = ['everyone', 'connections', 'only_me'] as const;
export const messagePolicies = ['everyone', 'connections'] as const;
export const privacySettingsSchema = z.strictObject({
  profileVisibility: z.enum(profileVisibilities, 'Choose who can see your profile'),
  connectionsVisibility: z.enum(connectionsVisibilities, 'Choose who can see your connections'),
  messagePolicy: z.enum(messagePolicies, 'Choose who can message you'),
  searchable: z.boolean('Choose whether you appear in search'),
  /**
   * Whether my public posts go to other servers over ActivityPub (issue 38, decision 082). Left out
   * of a change, the stored choice stands (clients that know only the four others keep working).
   * It is in force only while `searchable` is true: the answer shows it off otherwise.
   */
  federate: z.boolean('Choose whether your public posts go to other servers').optional(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
/** The settings as stored and in force: `federate` always said, and false while not searchable. */
export const savedPrivacySettingsSchema = privacySettingsSchema.extend({ federate: z.boolean() });
export type SavedPrivacySettings = z.infer<typeof savedPrivacySettingsSchema>;
export const privacySettingsResponseSchema = z.object({ data: savedPrivacySettingsSchema });

/**
 * A profile page's header. `limited`: the profile is for connections only and the viewer is not
 * one, so only the card, the counts and the Connect button are shown (bio and location are empty).
 * `connectionsVisible`: whether the viewer may open the Connections tab.
 */
export const profileSchema = publicUserSchema.extend({
  bio: z.string(),
  location: z.string(),
  createdAt: z.string(),
  isMe: z.boolean(),
  connectionCount: z.number(),
  mutualCount: z.number(),
  connection: z.enum(['none', 'pending-sent', 'pending-received', 'connected']),
  /** The request to answer (pending-received) or withdraw (pending-sent); null otherwise. */
  connectionRequestId: z.string().nullable(),
  muted: z.boolean(),
  limited: z.boolean(),
  connectionsVisible: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in user (spec §3 Session user), with what only they may see. */
/** Who may moderate (issue 35, decision 067; the rules are in moderation.ts). */
export const roles = ['member', 'moderator', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const sessionUserSchema = publicUserSchema.extend({
  bio: z.string(),
  location: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** 'moderator' or 'admin' shows the shell's Moderation / Admin entries (decision 067). */
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const updateProfileSchema = z.strictObject({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  headline: z.string().trim().max(HEADLINE_MAX, `Headline must be at most ${HEADLINE_MAX} characters`),
  bio: z.string().trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
  location: z.string().trim().max(LOCATION_MAX, `Location must be at most ${LOCATION_MAX} characters`),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** A new profile picture as a data URL; the server sniffs, re-encodes and stores it. */
export const updateProfilePictureSchema = z.strictObject({
  image: z.string().startsWith('data:', 'Choose an image file').nullable(),
});

/** GET /users/me/export: everything Muster holds about me, stamped with when it was made. */
export const accountExportResponseSchema = z.object({ data: z.looseObject({ exportedAt: z.string() }) });

/** GET /users/search: @mention suggestions for a name's start. */
export const mentionQuerySchema = z.object({ query: z.string().trim().min(1, 'Type a name').max(50) });
export const mentionSuggestionsResponseSchema = z.object({ data: z.array(publicUserSchema) });

/** GET /users/profile/:username */
export const profileParamsSchema = z.object({ username: z.string().min(1).max(60) });
export const profileResponseSchema = z.object({ data: profileSchema });
