/**
 * Zod-free half of users.ts (decision 030): what the signed-in shell's avatar reads at start-up.
 * users.ts re-exports it, so the server and the forms keep importing from there.
 */

/** Spec §3 User: a person who never set a picture is sent with this one. */
export const DEFAULT_AVATAR = '/avatar.png';

/**
 * Whether a person set a picture of their own (decision 053): the spec's default stands for "none",
 * and so does an empty one (a client that sends none at all).
 */
export function hasOwnPicture(profilePicture: string | null | undefined): profilePicture is string {
  return !!profilePicture && profilePicture !== DEFAULT_AVATAR;
}
