import type { Match, MatchPost, MatchReasons, MyMatches } from '@muster/contract/matching';
import { presentCard } from '../../social/social.present.js';
import type { MatchRow, MyPostRow } from './matching.queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The start of a post's text on one line. */
export function excerptOf(text: string, max = 140) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** What a post is called in a notice: its title, or the start of its text. */
export function titleOf(post: { title: string; content: string }, max = 50) {
  return excerptOf(post.title.trim() || post.content, max);
}

const statusOf = (s: string | null): MatchPost['status'] =>
  s === 'open' || s === 'fulfilled' || s === 'expired' ? s : null;

export function presentMatchPost(
  p: Pick<MyPostRow, 'id' | 'kind' | 'title' | 'content' | 'category' | 'status' | 'createdAt'>,
): MatchPost {
  return {
    _id: p.id,
    kind: p.kind,
    title: p.title,
    excerpt: excerptOf(p.content),
    category: p.category,
    status: statusOf(p.status),
    createdAt: iso(p.createdAt),
  };
}

/** Reasons as stored (jsonb), read defensively: a row written by an older version still presents. */
function reasonsOf(raw: unknown): MatchReasons {
  const r = (raw ?? {}) as Partial<MatchReasons>;
  return {
    category: typeof r.category === 'string' ? r.category : null,
    words: Array.isArray(r.words) ? r.words.filter((w): w is string => typeof w === 'string') : [],
    distanceKm: typeof r.distanceKm === 'number' ? r.distanceKm : null,
  };
}

function presentMatch(m: MatchRow): Match {
  return {
    post: presentMatchPost(m),
    author: presentCard({
      id: m.authorId,
      username: m.username,
      firstName: m.firstName,
      lastName: m.lastName,
      headline: m.headline,
      profilePicture: m.profilePicture,
      verifiedOrg: m.verifiedOrg,
    }),
    score: Number(m.score),
    reasons: reasonsOf(m.reasons),
    matchedAt: iso(m.matchedAt),
  };
}

/** Each of my posts, newest first, with its matches, best first. */
export function presentMyMatches(mine: MyPostRow[], matches: MatchRow[]): MyMatches[] {
  const byPost = new Map<string, Match[]>();
  for (const m of matches) byPost.set(m.mineId, [...(byPost.get(m.mineId) ?? []), presentMatch(m)]);
  return mine.map((p) => ({ post: presentMatchPost(p), matches: byPost.get(p.id) ?? [] }));
}
