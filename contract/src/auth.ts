import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.js';
import { emailSchema, personNameSchema, sessionUserSchema, usernameSchema } from './users.js';

// The constants a form shows before it loads the schemas live in a zod-free module (decision 056).
export * from './auth-constants.js';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const tokenSchema = z
  .string({ error: 'The link is incomplete' })
  .trim()
  .min(1, 'The link is incomplete')
  .max(200);

export const signupSchema = z.strictObject({
  username: usernameSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.strictObject({
  emailOrUsername: z
    .string({ error: 'Enter your email or username' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your email or username')
    .max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Asks for a one-time sign-in link by mail: the way in that no guessing budget closes (decision 042). */
export const signInLinkSchema = z.strictObject({ emailOrUsername: loginSchema.shape.emailOrUsername });

export const tokenBodySchema = z.strictObject({ token: tokenSchema });

export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema,
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX),
  newPassword: passwordSchema,
});

export const forgotPasswordSchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z.strictObject({ token: tokenSchema, password: passwordSchema });

export const deleteAccountSchema = z.strictObject({
  password: z.string().max(PASSWORD_MAX).optional(),
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
});

export const sessionUserResponseSchema = z.object({ data: sessionUserSchema });
/**
 * GET /auth/me: the signed-in user, or null for a visitor who presents no session at all (decision
 * 052: not being signed in is an answer, not an error). A session presented that has ended still
 * answers 401, and the browser is told to forget it.
 */
export const meResponseSchema = z.object({ data: sessionUserSchema.nullable() });
export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });

export const authProvidersResponseSchema = z.object({
  data: z.object({
    oidc: z.object({ label: z.string(), url: z.string() }).nullable(),
    demo: z.object({ username: z.string(), password: z.string() }).nullable(),
  }),
});

export const updatePendingEmailSchema = z.strictObject({ newEmail: emailSchema });

/** Where the identity provider returns: its own parameters pass through unread. */
export const oidcCallbackQuerySchema = z.looseObject({
  state: z.string().optional(),
  code: z.string().optional(),
});
