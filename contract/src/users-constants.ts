/**
 * Zod-free half of users.ts (decision 030): what the signed-in shell's avatar reads at start-up,
 * and the fields' limits, which a form shows before it loads the schemas (decision 056). users.ts
 * re-exports it, so the server and the forms keep importing from there.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MAX = 50;
export const HEADLINE_MAX = 120;
export const BIO_MAX = 1000;
export const LOCATION_MAX = 100;
export const EMAIL_MAX = 254;

/** Spec §3 User: a person who never set a picture is sent with this one. */
export const DEFAULT_AVATAR = '/avatar.png';

/**
 * Whether a person set a picture of their own (decision 053): the spec's default stands for "none",
 * and so does an empty one (a client that sends none at all).
 */
export function hasOwnPicture(profilePicture: string | null | undefined): profilePicture is string {
  return !!profilePicture && profilePicture !== DEFAULT_AVATAR;
}
