import { DEFAULT_MISSION_PHOTO, UNTITLED_MISSION } from '@muster/contract/missions';
import type { Offer } from '@muster/contract/offers';
import type { PostKind } from '@muster/contract/posts';
import type { PublicUser } from '@muster/contract/users';
import { presentCard } from '../../social/social.present.js';
import type { OfferRow } from './offers.queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The start of a post's text on one line, for a list row or a notice. */
export function excerptOf(text: string, max = 140) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** What an offer is about, in a few words: the need's title (or the start of its text), or the mission's. */
export function postTitleOf(post: { title: string; content: string }) {
  return post.title.trim() || excerptOf(post.content, 80);
}

/**
 * A helper on another server (decision 090) as a person card: their actor URL as the id, `user@host`
 * as the username, their name and icon as their server gave them, and that server.
 */
function remoteCard(o: OfferRow): Offer['person'] {
  const handle = o.remoteHandle?.replace(/^@/, '') ?? null;
  const host = o.remoteHost ?? new URL(o.remoteHelper!).host;
  return {
    ...presentCard({
      id: o.remoteHelper!,
      username: handle ?? o.remoteHelper!,
      firstName: o.remoteName?.trim() || (handle ?? host),
      lastName: '',
      headline: '',
      profilePicture: o.remoteAvatar,
      verifiedOrg: null,
    }),
    server: host,
  };
}

/** An offer as either side sees it (contract/offers offerSchema): the other person's card, and what it is about. */
export function presentOffer(o: OfferRow): Offer {
  return {
    _id: o.id,
    status: o.status,
    message: o.message,
    give: o.give,
    when: o.available,
    createdAt: iso(o.createdAt),
    decidedAt: o.decidedAt ? iso(o.decidedAt) : null,
    box: o.box,
    person: o.remoteHelper ? remoteCard(o) : (JSON.parse(o.personCard!) as PublicUser),
    post:
      o.postId !== null
        ? {
            _id: o.postId,
            kind: o.postKind as PostKind,
            title: o.postTitle ?? '',
            excerpt: excerptOf(o.postContent ?? ''),
            category: o.postCategory,
            status: (o.postStatus as NonNullable<Offer['post']>['status']) ?? null,
          }
        : null,
    mission:
      o.missionId !== null
        ? {
            _id: o.missionId,
            title: (o.missionTitle ?? '').trim() || UNTITLED_MISSION,
            photo: o.missionPhoto ?? DEFAULT_MISSION_PHOTO,
          }
        : null,
  };
}
