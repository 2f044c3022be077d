import type { PublicUser } from '@muster/contract/users';

/** How a person is named everywhere: their full name, or their @username when they gave none. */
export const personName = (u: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>) =>
  `${u.firstName} ${u.lastName}`.trim() || `@${u.username}`;
