/**
 * Zod-free half of auth.ts (decisions 030, 056): the password's limits, which the sign-in and
 * password forms show before they load the schemas. auth.ts re-exports them.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
