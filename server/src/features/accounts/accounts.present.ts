import { DEFAULT_AVATAR, type Profile, type PublicUser, type SessionUser } from '@muster/contract/users';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';

type UserRow = Selectable<UsersTable>;

export function presentPublicUser(u: UserRow): PublicUser {
  return {
    _id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    headline: u.headline,
    profilePicture: u.profilePicture ?? DEFAULT_AVATAR,
  };
}

export function presentSessionUser(u: UserRow): SessionUser {
  return {
    ...presentPublicUser(u),
    bio: u.bio,
    location: u.location,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    hasPassword: u.passwordHash !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

export function presentProfile(u: UserRow, viewerId: string | undefined): Profile {
  return {
    ...presentPublicUser(u),
    bio: u.bio,
    location: u.location,
    createdAt: u.createdAt.toISOString(),
    isMe: u.id === viewerId,
  };
}
