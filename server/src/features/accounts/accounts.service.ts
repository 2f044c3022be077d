import type { LoginInput, SignupInput } from '@muster/contract/auth';
import type { PrivacySettings, SavedPrivacySettings, UpdateProfileInput } from '@muster/contract/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import {
  endSession,
  endUserSessions,
  forgetCachedSessions,
  forgetSessionCookie,
  presentsSession,
  requireViewer,
  startSession,
  userSessionsEnded,
  type Viewer,
} from '../../platform/auth/session.js';
import { locationColumns } from '../../platform/places.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { hashSecret, newSecret } from '../../platform/auth/tokens.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import type { Db } from '../../db/database.js';
import type { EmailTokenPurpose, UsersTable } from '../../db/schema.js';
import { mailLater, type OutgoingMail } from '../../platform/mail.js';
import { appealToken } from '../../platform/appeal-links.js';
import { afterCommit } from '../../platform/transaction.js';
import type { SuspensionDetails } from '@muster/contract/moderation-actions';
import {
  consumeEmailToken,
  filesOwnedBy,
  deleteUser,
  deleteUserIdentities,
  endSessionsIfSuspended,
  findUserByEmail,
  findUserByEmailOrUsername,
  findUserById,
  findProfile,
  findUserByUsername,
  insertEmailToken,
  insertIdentity,
  insertUser,
  listUserIdentities,
  listUserNotificationsForExport,
  listUserNoticeChoicesForExport,
  listUserOrganisationRequestsForExport,
  listUserSessions,
  lockUser,
  retireEmailTokens,
  runningSuspension,
  searchPeople,
  updateUser,
} from './accounts.queries.js';
import {
  addressInUseMail,
  changeEmailMail,
  emailChangeNoticeMail,
  resetPasswordMail,
  signInLinkMail,
  signupAttemptMail,
  verifyEmailMail,
} from './accounts.mails.js';
import { presentPrivacy, presentSessionUser } from './accounts.present.js';

const DAY_MS = 24 * 3600_000;
/**
 * A sign-in link lives 15 minutes: it is a session for whoever holds it, and the owner asks for it
 * to use it. The route's per-account budget has the same window (decision 042): a window whose
 * requests are spent (by anyone) began with a link mailed to the owner that outlives it.
 */
export const SIGN_IN_LINK_MS = 15 * 60_000;
const PROFILE_PICTURE_PX = 512;
const TOKEN_LIFETIME: Record<EmailTokenPurpose, number> = {
  verify_email: DAY_MS,
  change_email: DAY_MS,
  reset_password: 3600_000,
  sign_in: SIGN_IN_LINK_MS,
};
const TOKEN_PAGE: Record<EmailTokenPurpose, string> = {
  // Every verify_email link belongs to an account that was never verified (the first mail and its
  // resends): it opens the page that welcomes a new member in (decision 024). /verify-email stays
  // for links mailed before.
  verify_email: 'verify-email-signup',
  change_email: 'verify-email-change',
  reset_password: 'reset-password',
  sign_in: 'sign-in-link',
};

const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';
const WRONG_LOGIN = 'Incorrect email, username or password';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

const inFlight = new WeakMap<Deps, Set<Promise<void>>>();

/**
 * Work that decides and sends a mail runs once the answer has gone (issue 10): an answer never
 * waits for a mail server, and its timing cannot tell whether an address has an account, since
 * what differs between the two cases happens here, after the last byte was handed to the socket.
 * Failures are logged; nobody is waiting.
 */
function afterAnswer(deps: Deps, reply: FastifyReply, what: string, work: () => Promise<unknown>) {
  let pending = inFlight.get(deps);
  if (!pending) inFlight.set(deps, (pending = new Set()));
  const sent = new Promise<void>((resolve) => {
    const go = () => setImmediate(resolve);
    if (reply.raw.writableFinished) go();
    else reply.raw.once('finish', go).once('close', go);
  });
  const task = sent.then(work).then(
    () => undefined,
    (err: unknown) => deps.log.error({ err }, `${what} failed after the answer`),
  );
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/** Resolves when the mail work begun so far is done: the server waits for it before it stops. */
export async function settleMailWork(deps: Deps) {
  await Promise.all(inFlight.get(deps) ?? []);
}

/**
 * Changes how an account is entered (its password, its address, or who proved the address), in
 * one transaction, and ends what was issued before: every mailed link — a reset or address link
 * must not outlive the password or address it was issued under — and every session but
 * `keepSession`, unless `sessions` is 'keep'. `unproven` means the account's address was never
 * proven by whoever set it up and this change proves it: their linked identities go too, so a
 * verified address is never handed over together with someone else's way in (issue 10).
 */
async function rekeyAccount(
  deps: Deps,
  userId: string,
  changes: Updateable<UsersTable>,
  options: {
    sessions: 'keep' | 'end' | { except: string };
    unproven?: boolean;
    identity?: { issuer: string; subject: string };
  },
) {
  const { sessions, unproven, identity } = options;
  const user = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateUser(trx, userId, changes);
    await retireEmailTokens(trx, userId);
    if (sessions !== 'keep')
      await endUserSessions(deps, userId, { db: trx, ...(sessions === 'end' ? {} : sessions) });
    if (unproven) await deleteUserIdentities(trx, userId);
    if (identity) await insertIdentity(trx, { ...identity, userId });
    return updated;
  });
  // Once committed: the ended sessions' sockets close in every process; with sessions kept, every
  // process reads the changed account afresh.
  if (sessions === 'keep') await forgetCachedSessions(deps, userId);
  else userSessionsEnded(deps, userId, sessions === 'end' ? undefined : sessions.except);
  return user;
}

/** Makes a single-use link (128 random bits, stored hashed) and returns its address. */
/**
 * Stores a new link for `purpose` (its older ones retired) and mails it, in one transaction: the
 * mail is a job (decision 059), so a link is mailed exactly when it is stored, and SMTP trouble
 * is retried rather than lost.
 */
async function mailLink(
  deps: Deps,
  userId: string,
  purpose: EmailTokenPurpose,
  newEmail: string | null,
  mailOf: (link: string) => OutgoingMail,
) {
  await inTransaction(deps.db, async (trx) => {
    const link = await issueLink(deps, trx, userId, purpose, newEmail);
    await mailLater(deps.jobs, trx, mailOf(link));
  });
}

/** Mails `mail` (a notice with no link) through the job queue. */
const mailNotice = (deps: Deps, mail: OutgoingMail) =>
  inTransaction(deps.db, (trx) => mailLater(deps.jobs, trx, mail));

async function issueLink(
  deps: Deps,
  trx: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
) {
  const token = newSecret(16);
  await retireEmailTokens(trx, userId, purpose);
  await insertEmailToken(trx, {
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
  if (await isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD, [{ path: field, message: COMMON_PASSWORD }]);
}

/**
 * Sign-up answers the same for a new address and for one that has an account (decision 011): the
 * account is made, or the owner told, after the answer. A taken username is said at once:
 * usernames are public.
 */
export async function signup(deps: Deps, reply: FastifyReply, input: SignupInput) {
  await refuseCommonPassword(input.password, 'password');
  if (await findUserByUsername(deps.db, input.username)) {
    throw new HttpError(409, 'TAKEN', 'That username is taken', [
      { path: 'username', message: 'That username is taken' },
    ]);
  }
  afterAnswer(deps, reply, 'sign-up', () => createAccount(deps, input));
  return {
    message: `We sent a mail to ${input.email}. Open the link in it to confirm your address, then sign in.`,
  };
}

async function createAccount(deps: Deps, input: SignupInput) {
  // Hashed in both cases, so a taken address costs the server what a new one does.
  const passwordHash = await hashPassword(input.password);
  const owner = await findUserByEmail(deps.db, input.email);
  if (owner) return tellOwnerOfSignup(deps, owner);
  let user;
  try {
    // The account and its welcome notice commit together.
    user = await inTransaction(deps.db, async (trx) => {
      const user = await insertUser(trx, {
        id: newId(),
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
      });
      await deps.events.emit(trx, 'user.signed_up', { userId: user.id });
      return user;
    });
  } catch (err) {
    const ownerNow = isUniqueViolation(err) ? await findUserByEmail(deps.db, input.email) : undefined;
    if (ownerNow) return tellOwnerOfSignup(deps, ownerNow);
    throw err; // the username was taken since the check: logged, and nobody is mailed
  }
  await sendVerification(deps, user);
}

function tellOwnerOfSignup(deps: Deps, owner: { email: string; firstName: string; username: string }) {
  return mailNotice(
    deps,
    signupAttemptMail(owner.email, owner.firstName, owner.username, deps.config.publicUrl),
  );
}

async function sendVerification(deps: Deps, user: { id: string; email: string; firstName: string }) {
  await mailLink(deps, user.id, 'verify_email', null, (link) =>
    verifyEmailMail(user.email, user.firstName, link),
  );
}

/**
 * A suspension takes effect at once (decision 070): within the moderator's transaction every
 * session of the person goes (accounts own the sessions), and once it commits every process drops
 * its cached copies and closes their sockets, as a sign-out everywhere does.
 */
export function subscribeSuspensions(deps: Deps) {
  deps.events.within('user.suspended', async (trx, { userId }) => {
    // The event tells of a suspension lifted too: then the person is not suspended, and keeps
    // the sessions they may have made since a suspension ran out.
    if ((await endSessionsIfSuspended(trx, userId)) > 0)
      afterCommit(trx, () => userSessionsEnded(deps, userId));
  });
}

const suspendedDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * Every way in (password, mailed link, identity provider) asks this before it starts a session:
 * a suspended account is refused with a 403 SUSPENDED naming the reason and the end, and a token
 * to appeal the suspension with, since its owner cannot sign in to do it (decision 070). Asked
 * only once the way in is proven (the right password, a valid link), so it tells a stranger
 * nothing. When the suspension ends (its time passes), nothing needs to run: it is compared with now.
 */
async function refuseSuspended(deps: Deps, userId: string) {
  const running = await runningSuspension(deps.db, userId);
  if (!running) return;
  const message = running.until
    ? `Your account is suspended until ${suspendedDate.format(running.until)}: ${running.reason}`
    : `Your account is suspended for good: ${running.reason}`;
  const suspension: SuspensionDetails = {
    reason: running.reason,
    rule: running.rule,
    until: running.until?.toISOString() ?? null,
    appealToken: running.strikeId ? await appealToken(deps, running.strikeId) : null,
  };
  throw new HttpError(403, 'SUSPENDED', message, undefined, { suspension });
}

/** Starts a session for `userId` unless the account is suspended (the one gate every sign-in passes). */
export async function signInAs(deps: Deps, request: FastifyRequest, reply: FastifyReply, userId: string) {
  await refuseSuspended(deps, userId);
  await startSession(deps, request, reply, userId);
}

export async function login(deps: Deps, request: FastifyRequest, reply: FastifyReply, input: LoginInput) {
  const user = await findUserByEmailOrUsername(deps.db, input.emailOrUsername);
  // Same answer, same time, whether or not the account exists.
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new HttpError(401, 'BAD_CREDENTIALS', WRONG_LOGIN);
  await signInAs(deps, request, reply, user.id);
  return presentSessionUser(user);
}

/**
 * A mailed sign-in link (decision 042): the way in that no guessing budget closes, so a botnet
 * spending an account's tries never locks its owner out. Same answer, in words and in time,
 * whether or not the name has an account: the look-up happens after the answer. Only a verified
 * address gets one — an unproven account's way in is the verification and reset links.
 */
export function mailSignInLink(deps: Deps, reply: FastifyReply, emailOrUsername: string) {
  afterAnswer(deps, reply, 'sign-in link mail', async () => {
    const user = await findUserByEmailOrUsername(deps.db, emailOrUsername);
    if (!user?.emailVerifiedAt) return;
    await mailLink(deps, user.id, 'sign_in', null, (link) =>
      signInLinkMail(user.email, user.firstName, link),
    );
  });
  return {
    message:
      'If that account has a confirmed email, we sent it a sign-in link. It works once, within 15 minutes.',
  };
}

/** Follows a mailed sign-in link: once, before it expires; the browser becomes a known device. */
export async function signInWithLink(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const claimed = await consumeEmailToken(deps.db, hashSecret(token), 'sign_in');
  const user = claimed && (await findUserById(deps.db, claimed.userId));
  if (!user) throw badRequest('This sign-in link is invalid or has expired. Ask for a new one.');
  await signInAs(deps, request, reply, user.id);
  return presentSessionUser(user);
}

/** What sign-in budgets count against: the account a name or address belongs to, else the name itself. */
export async function accountNamedBy(deps: Deps, login: string) {
  const user = await findUserByEmailOrUsername(deps.db, login);
  return user ? `id:${user.id}` : `name:${login}`;
}

export async function logout(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  await endSession(deps, request, reply);
}

/**
 * Who is signed in (decision 052). A visitor who presents no session is answered null: every
 * signed-out page asks, and an expected answer is not an error (a 401 is one in every browser's
 * console). A session presented that is no longer live (ended, expired, forged) is still a 401,
 * and the cookie goes with it, so the next question is a visitor's.
 */
export function me(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  if (request.viewer) return presentSessionUser(request.viewer);
  if (!presentsSession(request)) return null;
  forgetSessionCookie(deps, reply);
  throw unauthorized();
}

export async function resendVerification(deps: Deps, reply: FastifyReply, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  if (me.emailVerifiedAt) return { message: 'Your email is already verified.' };
  afterAnswer(deps, reply, 'verification mail', () => sendVerification(deps, me));
  return { message: `We sent a new link to ${me.email}.` };
}

export async function verifyEmail(deps: Deps, token: string) {
  const claimed = await consumeEmailToken(deps.db, hashSecret(token), 'verify_email');
  if (!claimed) throw badRequest('This verification link is invalid or has expired.');
  const user = await findUserById(deps.db, claimed.userId);
  if (!user) throw badRequest('This verification link is invalid or has expired.');
  if (!user.emailVerifiedAt)
    await inTransaction(deps.db, async (trx) => {
      await updateUser(trx, user.id, { emailVerifiedAt: new Date() });
      await deps.events.emit(trx, 'user.email_verified', { userId: user.id, email: user.email });
    });
  await forgetCachedSessions(deps, user.id);
  return { message: 'Email verified successfully!' };
}

/**
 * A signed-in user whose address is not yet verified may fix a typo in it: the new address gets
 * a link, and the account moves to it when the link is opened. Until then nothing changes, so the
 * answer is the same whether or not the address has an account (decision 011).
 */
export function changeUnverifiedEmail(
  deps: Deps,
  reply: FastifyReply,
  viewer: Viewer | null,
  newEmail: string,
) {
  const me = requireViewer(viewer);
  if (me.emailVerifiedAt) throw badRequest('Your email is verified: change it from Settings.');
  afterAnswer(deps, reply, 'address link', () =>
    newEmail === me.email ? sendVerification(deps, me) : offerAddress(deps, me, newEmail),
  );
  return { message: `We sent a link to ${newEmail}. Open it to use that address.` };
}

/** Mails `newEmail` a link that moves the account there, or its owner a word that someone tried. */
async function offerAddress(deps: Deps, me: Viewer, newEmail: string) {
  const owner = await findUserByEmail(deps.db, newEmail);
  if (owner) {
    await mailNotice(
      deps,
      addressInUseMail(owner.email, owner.firstName, owner.username, deps.config.publicUrl),
    );
    return;
  }
  await mailLink(deps, me.id, 'change_email', newEmail, (link) =>
    changeEmailMail(newEmail, me.firstName, link),
  );
}

export async function requestEmailChange(
  deps: Deps,
  reply: FastifyReply,
  viewer: Viewer | null,
  input: { newEmail: string; currentPassword: string },
) {
  const me = requireViewer(viewer);
  if (!(await verifyPassword(me.passwordHash, input.currentPassword))) {
    throw badRequest('Your current password is not right', [
      { path: 'currentPassword', message: 'Your current password is not right' },
    ]);
  }
  if (input.newEmail === me.email) {
    throw badRequest('That is already your email', [
      { path: 'newEmail', message: 'That is already your email' },
    ]);
  }
  // Whether the address has an account is not said here either (decision 011).
  afterAnswer(deps, reply, 'address link', async () => {
    await offerAddress(deps, me, input.newEmail);
    await mailNotice(deps, emailChangeNoticeMail(me.email, me.firstName, input.newEmail));
  });
  return { message: `We sent a confirmation link to ${input.newEmail}.` };
}

export async function confirmEmailChange(deps: Deps, token: string) {
  const claimed = await consumeEmailToken(deps.db, hashSecret(token), 'change_email');
  if (!claimed?.newEmail) throw badRequest('This link is invalid or has expired.');
  try {
    // Links sent to the old address (a password reset among them) end with it.
    await rekeyAccount(
      deps,
      claimed.userId,
      { email: claimed.newEmail, emailVerifiedAt: new Date() },
      { sessions: 'keep' },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another account now uses that email.');
    throw err;
  }
  return { message: 'Email changed successfully!' };
}

/** Same answer, in words and in time, whether or not the address has an account. */
export function forgotPassword(deps: Deps, reply: FastifyReply, email: string) {
  afterAnswer(deps, reply, 'password reset mail', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    await mailLink(deps, user.id, 'reset_password', null, (link) =>
      resetPasswordMail(user.email, user.firstName, link),
    );
  });
  return { message: 'If an account uses that email, we sent it a link to reset the password.' };
}

export async function resetPassword(deps: Deps, input: { token: string; password: string }) {
  await refuseCommonPassword(input.password, 'password');
  const claimed = await consumeEmailToken(deps.db, hashSecret(input.token), 'reset_password');
  if (!claimed) throw badRequest('This reset link is invalid or has expired.');
  const user = await findUserById(deps.db, claimed.userId);
  if (!user) throw badRequest('This reset link is invalid or has expired.');
  // Whoever could read the mail owns the address: reaching it proves it as well, and whoever set
  // up an unverified account without proving it loses every way in.
  const unproven = !user.emailVerifiedAt;
  await rekeyAccount(
    deps,
    user.id,
    {
      passwordHash: await hashPassword(input.password),
      ...(unproven ? { emailVerifiedAt: new Date() } : {}),
    },
    { sessions: 'end', unproven },
  );
  return { message: 'Your password has been reset. Sign in with the new one.' };
}

export async function changePassword(
  deps: Deps,
  viewer: Viewer | null,
  input: { currentPassword: string; newPassword: string },
) {
  const me = requireViewer(viewer);
  if (!(await verifyPassword(me.passwordHash, input.currentPassword))) {
    throw badRequest('Your current password is not right', [
      { path: 'currentPassword', message: 'Your current password is not right' },
    ]);
  }
  await refuseCommonPassword(input.newPassword, 'newPassword');
  // Anyone else signed in as this user is signed out, and reset links die; this device stays in.
  await rekeyAccount(
    deps,
    me.id,
    { passwordHash: await hashPassword(input.newPassword) },
    { sessions: { except: me.sessionId } },
  );
  return { message: 'Password changed. Other devices have been signed out.' };
}

/**
 * The identity provider vouches for an address that an unverified account holds: the account
 * goes to the provider's person, and whoever set it up without proving the address loses their
 * password, sessions, links and identities (decision 011).
 */
export async function handOverUnprovenAccount(
  deps: Deps,
  userId: string,
  identity: { issuer: string; subject: string },
) {
  await rekeyAccount(
    deps,
    userId,
    { passwordHash: null, emailVerifiedAt: new Date() },
    { sessions: 'end', unproven: true, identity },
  );
}

export async function updateProfile(deps: Deps, viewer: Viewer | null, input: UpdateProfileInput) {
  const me = requireViewer(viewer);
  const { location, ...rest } = input;
  // The location: city-level for everyone else, as typed for its owner (decision 041).
  const user = await updateUser(deps.db, me.id, {
    ...rest,
    ...(location !== undefined ? locationColumns(location) : {}),
  });
  // Writes that take the viewer from the session cache show these names (decision 030).
  forgetCachedSessions(deps, me.id);
  return presentSessionUser(user);
}

/** My privacy settings, as the session read them (a change drops the cached session: decision 009). */
export function myPrivacy(viewer: Viewer | null): SavedPrivacySettings {
  return presentPrivacy(requireViewer(viewer));
}

/**
 * The four settings at once, and `federate` when given (left out, the stored choice stands); the
 * kernel's rules (`social.queries.ts`) read them on every request.
 */
export async function updatePrivacy(
  deps: Deps,
  viewer: Viewer | null,
  input: PrivacySettings,
): Promise<SavedPrivacySettings> {
  const me = requireViewer(viewer);
  // The settings and the event commit together; its subscribers only drop what this process
  // keeps in memory once it has committed (search answers, suggestions; decision 060).
  const user = await inTransaction(deps.db, async (trx) => {
    const user = await updateUser(trx, me.id, input);
    await deps.events.emit(trx, 'user.privacy_changed', { userId: me.id });
    return user;
  });
  forgetCachedSessions(deps, me.id);
  return presentPrivacy(user);
}

/** Stores a new picture (sniffed and re-encoded), or clears it back to the default avatar. */
export async function setProfilePicture(deps: Deps, viewer: Viewer | null, image: string | null) {
  const me = requireViewer(viewer);
  const url = image ? await deps.media.saveImage(image, { maxDimension: PROFILE_PICTURE_PX }) : null;
  const user = await updateUser(deps.db, me.id, { profilePicture: url });
  forgetCachedSessions(deps, me.id);
  if (me.profilePicture) await deps.media.remove(me.profilePicture);
  return presentSessionUser(user);
}

/** A profile as the viewer may see it; blocked either way answers exactly like an unknown username. */
export async function getProfile(deps: Deps, viewer: Viewer | null, username: string) {
  const me = requireViewer(viewer);
  const profile = await findProfile(deps.db, me.id, username.toLowerCase());
  if (!profile) throw notFound('No one on Muster has that username');
  return profile;
}

/** Everything Muster holds about the signed-in person, as one JSON document. */
export async function exportMyData(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  const [sessions, notifications, identities, choices, organisationRequests] = await Promise.all([
    listUserSessions(deps.db, me.id),
    listUserNotificationsForExport(deps.db, me.id),
    listUserIdentities(deps.db, me.id),
    listUserNoticeChoicesForExport(deps.db, me.id),
    listUserOrganisationRequestsForExport(deps.db, me.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: presentSessionUser(me),
    sessions: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
    signInProviders: identities.map((i) => ({ issuer: i.issuer, linkedAt: i.createdAt.toISOString() })),
    notifications: notifications.map((n) => ({
      _id: n.id,
      type: n.type,
      message: n.message,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
    // Null: never chosen, so the defaults hold (GET /users/me/notification-settings shows them).
    notificationSettings: choices.settings
      ? { ...choices.settings, lastDigestAt: choices.settings.lastDigestAt?.toISOString() ?? null }
      : null,
    missionNotificationLevels: choices.missions,
    pushSubscriptions: choices.browsers.map((b) => ({
      endpoint: b.endpoint,
      userAgent: b.userAgent,
      subscribedAt: new Date(b.createdAt).toISOString(),
    })),
    // Decision 069: what they asked to be verified as, and the answers.
    organisationRequests: organisationRequests.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

/** Deletes the account for real: the user row goes, and with it everything that hangs on it. */
export async function deleteAccount(
  deps: Deps,
  viewer: Viewer | null,
  request: FastifyRequest,
  reply: FastifyReply,
  password: string | undefined,
) {
  const me = requireViewer(viewer);
  if (me.passwordHash && !(await verifyPassword(me.passwordHash, password ?? ''))) {
    throw badRequest('Your password is not right', [
      { path: 'password', message: 'Your password is not right' },
    ]);
  }
  await endSession(deps, request, reply);
  await endUserSessions(deps, me.id);
  const files = await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, me.id);
    const owned = await filesOwnedBy(trx, me.id);
    await deleteUser(trx, me.id);
    return owned;
  });
  // Only now that the rows are gone for good: a delete that failed keeps every file its rows show.
  for (const url of files) {
    await deps.media
      .remove(url)
      .catch((err: unknown) => deps.log.warn({ err, url }, 'could not remove a deleted account’s file'));
  }
  return { message: 'Your account has been deleted.' };
}

export async function mentionSuggestions(deps: Deps, viewer: Viewer | null, query: string) {
  const me = requireViewer(viewer);
  return searchPeople(deps.db, me.id, query.trim().toLowerCase(), 8);
}
