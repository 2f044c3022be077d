import { DEFAULT_AVATAR, type PublicUser } from '@muster/contract/users';

type CardRow = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  headline: string;
  profilePicture: string | null;
  /** users.verified_org: the organisation they are verified as (decision 069), or null. */
  verifiedOrg: string | null;
};

/** The one way a person is shown (spec §3 User); the SQL twin is `users.card` (`cardOf`). */
export function presentCard(u: CardRow): PublicUser {
  return {
    _id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    headline: u.headline,
    profilePicture: u.profilePicture ?? DEFAULT_AVATAR,
    verifiedOrg: u.verifiedOrg,
  };
}
