import type { SavedPrivacySettings, SessionUser } from '@muster/contract/users';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import { presentCard } from '../../social/social.present.js';

type UserRow = Selectable<UsersTable>;

export function presentSessionUser(u: UserRow): SessionUser {
  return {
    ...presentCard(u),
    bio: u.bio,
    // Their own: the location as they typed it; others read the city-level one (decision 041).
    location: u.exactLocation ?? u.location,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
    role: u.role,
  };
}

export function presentPrivacy(u: UserRow): SavedPrivacySettings {
  return {
    profileVisibility: u.profileVisibility,
    connectionsVisibility: u.connectionsVisibility,
    messagePolicy: u.messagePolicy,
    searchable: u.searchable,
    // Someone search does not show is not shown to other servers either (decision 082).
    federate: u.searchable && u.federate,
  };
}
