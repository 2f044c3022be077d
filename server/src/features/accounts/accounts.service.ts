import type {
  LoginInput,
  SignupInput,
} from '@muster/contract/auth';
import type { UpdateProfileInput } from '@muster/contract/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { endSession, endUserSessions, forgetCachedSessions, requireViewer, startSession, type Viewer } from '../../platform/auth/session.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { EmailTokenPurpose } from '../../db/schema.js';
import {
  consumeEmailToken,
  deleteUser,
  findUserByEmail,
  findUserByEmailOrUsername,
  findUserById,
  findUserByUsername,
  insertEmailToken,
  insertUser,
  listUserIdentities,
  listUserNotificationsForExport,
  listUserSessions,
  retireEmailTokens,
  searchPeople,
  suggestPeople,
  updateUser,
} from './accounts.queries.js';
import { changeEmailMail, emailChangeNoticeMail, resetPasswordMail, verifyEmailMail } from './accounts.mails.js';
import { presentPublicUser, presentSessionUser } from './accounts.present.js';

const DAY_MS = 24 * 3600_000;
const PROFILE_PICTURE_PX = 512;
const TOKEN_LIFETIME: Record<EmailTokenPurpose, number> = {
  verify_email: DAY_MS,
  change_email: DAY_MS,
  reset_password: 3600_000,
};
const TOKEN_PAGE: Record<EmailTokenPurpose, string> = {
  verify_email: 'verify-email',
  change_email: 'verify-email-change',
  reset_password: 'reset-password',
};

const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';
const WRONG_LOGIN = 'Incorrect email, username or password';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/** Makes a single-use link (128 random bits, stored hashed) and returns its address. */
async function issueLink(deps: Deps, userId: string, purpose: EmailTokenPurpose, newEmail: string | null = null) {
  const token = newSecret(16);
  await retireEmailTokens(deps.db, userId, purpose);
  await insertEmailToken(deps.db, {
    id: newId(),
    userId,
    purpose,
    tokenHash: hashSecret(token),
    newEmail,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME[purpose]),
  });
  return `${deps.config.publicUrl}/#/${TOKEN_PAGE[purpose]}?token=${token}`;
}

async function refuseCommonPassword(password: string, field: string) {
  if (await isCommonPassword(password)) throw badRequest(COMMON_PASSWORD, [{ path: field, message: COMMON_PASSWORD }]);
}

export async function signup(deps: Deps, request: FastifyRequest, reply: FastifyReply, input: SignupInput) {
  await refuseCommonPassword(input.password, 'password');
  const taken = [];
  if (await findUserByUsername(deps.db, input.username)) taken.push({ path: 'username', message: 'That username is taken' });
  if (await findUserByEmail(deps.db, input.email)) taken.push({ path: 'email', message: 'An account with this email already exists' });
  if (taken.length) throw new HttpError(409, 'TAKEN', taken[0]!.message, taken);

  const passwordHash = await hashPassword(input.password);
  let user;
  try {
    user = await insertUser(deps.db, {
      id: newId(),
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      passwordHash,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('That username or email was just taken');
    throw err;
  }
  await startSession(deps, request, reply, user.id);
  await sendVerification(deps, user);
  await deps.events.emit(deps.db, 'user.signed_up', { userId: user.id });
  return presentSessionUser(user);
}

async function sendVerification(deps: Deps, user: { id: string; email: string; firstName: string }) {
  const link = await issueLink(deps, user.id, 'verify_email');
  await deps.mailer.send(verifyEmailMail(user.email, user.firstName, link));
}

export async function login(deps: Deps, request: FastifyRequest, reply: FastifyReply, input: LoginInput) {
  const user = await findUserByEmailOrUsername(deps.db, input.emailOrUsername);
  // Same answer, same time, whether or not the account exists.
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new HttpError(401, 'BAD_CREDENTIALS', WRONG_LOGIN);
  await startSession(deps, request, reply, user.id);
  return presentSessionUser(user);
}

export async function logout(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  await endSession(deps, request, reply);
}

export function me(viewer: Viewer | null) {
  return presentSessionUser(requireViewer(viewer));
}

export async function resendVerification(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  if (me.emailVerifiedAt) return { message: 'Your email is already verified.' };
  await sendVerification(deps, me);
  return { message: `We sent a new link to ${me.email}.` };
}

export async function verifyEmail(deps: Deps, token: string) {
  const claimed = await consumeEmailToken(deps.db, hashSecret(token), 'verify_email');
  if (!claimed) throw badRequest('This verification link is invalid or has expired.');
  const user = await findUserById(deps.db, claimed.userId);
  if (!user) throw badRequest('This verification link is invalid or has expired.');
  if (!user.emailVerifiedAt) await updateUser(deps.db, user.id, { emailVerifiedAt: new Date() });
  forgetCachedSessions(deps, user.id);
  return { message: 'Email verified successfully!' };
}

/** A signed-in user whose address is not yet verified may fix a typo in it before verifying. */
export async function changeUnverifiedEmail(deps: Deps, viewer: Viewer | null, newEmail: string) {
  const me = requireViewer(viewer);
  if (me.emailVerifiedAt) throw badRequest('Your email is verified: change it from Settings.');
  if (newEmail !== me.email && (await findUserByEmail(deps.db, newEmail))) {
    throw new HttpError(409, 'TAKEN', 'An account with this email already exists', [
      { path: 'newEmail', message: 'An account with this email already exists' },
    ]);
  }
  const user = await updateUser(deps.db, me.id, { email: newEmail });
  await sendVerification(deps, user);
  return presentSessionUser(user);
}

export async function requestEmailChange(deps: Deps, viewer: Viewer | null, input: { newEmail: string; currentPassword: string }) {
  const me = requireViewer(viewer);
  if (!(await verifyPassword(me.passwordHash, input.currentPassword))) {
    throw badRequest('Your current password is not right', [{ path: 'currentPassword', message: 'Your current password is not right' }]);
  }
  if (input.newEmail === me.email) {
    throw badRequest('That is already your email', [{ path: 'newEmail', message: 'That is already your email' }]);
  }
  if (await findUserByEmail(deps.db, input.newEmail)) {
    throw new HttpError(409, 'TAKEN', 'An account with this email already exists', [
      { path: 'newEmail', message: 'An account with this email already exists' },
    ]);
  }
  const link = await issueLink(deps, me.id, 'change_email', input.newEmail);
  await deps.mailer.send(changeEmailMail(input.newEmail, me.firstName, link));
  await deps.mailer.send(emailChangeNoticeMail(me.email, me.firstName, input.newEmail));
  return { message: `We sent a confirmation link to ${input.newEmail}.` };
}

export async function confirmEmailChange(deps: Deps, token: string) {
  const claimed = await consumeEmailToken(deps.db, hashSecret(token), 'change_email');
  if (!claimed?.newEmail) throw badRequest('This link is invalid or has expired.');
  try {
    await updateUser(deps.db, claimed.userId, { email: claimed.newEmail, emailVerifiedAt: new Date() });
    forgetCachedSessions(deps, claimed.userId);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another account now uses that email.');
    throw err;
  }
  return { message: 'Email changed successfully!' };
}

export async function forgotPassword(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const link = await issueLink(deps, user.id, 'reset_password');
    await deps.mailer.send(resetPasswordMail(user.email, user.firstName, link));
  }
  // Same answer whether or not the address has an account.
  return { message: 'If an account uses that email, we sent it a link to reset the password.' };
}

export async function resetPassword(deps: Deps, input: { token: string; password: string }) {
  await refuseCommonPassword(input.password, 'password');
  const claimed = await consumeEmailToken(deps.db, hashSecret(input.token), 'reset_password');
  if (!claimed) throw badRequest('This reset link is invalid or has expired.');
  // Whoever could read the mail owns the address: reaching it proves it as well.
  const user = await findUserById(deps.db, claimed.userId);
  await updateUser(deps.db, claimed.userId, {
    passwordHash: await hashPassword(input.password),
    ...(user && !user.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}),
  });
  await endUserSessions(deps, claimed.userId);
  return { message: 'Your password has been reset. Sign in with the new one.' };
}

export async function changePassword(deps: Deps, viewer: Viewer | null, input: { currentPassword: string; newPassword: string }) {
  const me = requireViewer(viewer);
  if (!(await verifyPassword(me.passwordHash, input.currentPassword))) {
    throw badRequest('Your current password is not right', [{ path: 'currentPassword', message: 'Your current password is not right' }]);
  }
  await refuseCommonPassword(input.newPassword, 'newPassword');
  await updateUser(deps.db, me.id, { passwordHash: await hashPassword(input.newPassword) });
  // Anyone else signed in as this user is signed out; this device stays in.
  await endUserSessions(deps, me.id, me.sessionId);
  return { message: 'Password changed. Other devices have been signed out.' };
}

export async function updateProfile(deps: Deps, viewer: Viewer | null, input: UpdateProfileInput) {
  const me = requireViewer(viewer);
  return presentSessionUser(await updateUser(deps.db, me.id, input));
}

/** Stores a new picture (sniffed and re-encoded), or clears it back to the default avatar. */
export async function setProfilePicture(deps: Deps, viewer: Viewer | null, image: string | null) {
  const me = requireViewer(viewer);
  const url = image ? await deps.media.saveImage(image, { maxDimension: PROFILE_PICTURE_PX }) : null;
  const user = await updateUser(deps.db, me.id, { profilePicture: url });
  if (me.profilePicture) await deps.media.remove(me.profilePicture);
  return presentSessionUser(user);
}

export async function getProfile(deps: Deps, viewer: Viewer | null, username: string) {
  requireViewer(viewer);
  const user = await findUserByUsername(deps.db, username.toLowerCase());
  if (!user) throw notFound('No one on Muster has that username');
  return user;
}

/** Everything Muster holds about the signed-in person, as one JSON document. */
export async function exportMyData(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  const [sessions, notifications, identities] = await Promise.all([
    listUserSessions(deps.db, me.id),
    listUserNotificationsForExport(deps.db, me.id),
    listUserIdentities(deps.db, me.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: presentSessionUser(me),
    sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() })),
    signInProviders: identities.map((i) => ({ issuer: i.issuer, linkedAt: i.createdAt.toISOString() })),
    notifications: notifications.map((n) => ({
      _id: n.id,
      type: n.type,
      message: n.message,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** Deletes the account for real: the user row goes, and with it everything that hangs on it. */
export async function deleteAccount(deps: Deps, viewer: Viewer | null, request: FastifyRequest, reply: FastifyReply, password: string | undefined) {
  const me = requireViewer(viewer);
  if (me.passwordHash && !(await verifyPassword(me.passwordHash, password ?? ''))) {
    throw badRequest('Your password is not right', [{ path: 'password', message: 'Your password is not right' }]);
  }
  await endSession(deps, request, reply);
  await endUserSessions(deps, me.id);
  await deleteUser(deps.db, me.id);
  if (me.profilePicture) await deps.media.remove(me.profilePicture);
  return { message: 'Your account has been deleted.' };
}

export async function mentionSuggestions(deps: Deps, viewer: Viewer | null, query: string) {
  const me = requireViewer(viewer);
  return searchPeople(deps.db, me.id, query.trim().toLowerCase(), 8);
}

export async function peopleYouMayKnow(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await suggestPeople(deps.db, me.id, 5)).map(presentPublicUser);
}
