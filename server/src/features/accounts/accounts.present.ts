import type { ConnectionState } from '@muster/contract/network';
import type { PrivacySettings, Profile, SessionUser } from '@muster/contract/users';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import { presentCard } from '../../social/social.present.js';
import type { findProfile } from './accounts.queries.js';

type UserRow = Selectable<UsersTable>;
type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export function presentSessionUser(u: UserRow): SessionUser {
  return {
    ...presentCard(u),
    bio: u.bio,
    location: u.location,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * A profile header for one viewer. Limited (connections only, and the viewer is not one): the
 * card, the counts and the Connect button, but no bio or location.
 */
export function presentProfile(
  u: ProfileRow,
  viewerId: string,
  connection: { state: ConnectionState; requestId: string | null },
): Profile {
  const isMe = u.id === viewerId;
  const limited = !u.profileVisible;
  return {
    ...presentCard(u),
    bio: limited ? '' : u.bio,
    location: limited ? '' : u.location,
    createdAt: u.createdAt.toISOString(),
    isMe,
    connectionCount: u.connectionCount,
    mutualCount: isMe ? 0 : u.mutualCount,
    connection: connection.state,
    connectionRequestId: connection.requestId,
    muted: u.muted,
    limited,
    connectionsVisible: u.connectionsVisible,
  };
}

export function presentPrivacy(u: UserRow): PrivacySettings {
  return {
    profileVisibility: u.profileVisibility,
    connectionsVisibility: u.connectionsVisibility,
    messagePolicy: u.messagePolicy,
    searchable: u.searchable,
  };
}
