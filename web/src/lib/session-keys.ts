const authRoot = ['auth'] as const;

/**
 * The session's keys (lib/session.ts), which every feature reads. `all` is the auth feature's root
 * too (its providers): signing out keeps what is under it and drops every other cached answer.
 */
export const sessionKeys = { all: authRoot, me: [...authRoot, 'me'] as const };
