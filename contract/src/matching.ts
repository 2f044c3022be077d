import { z } from 'zod';
import { needStatuses } from './posts-constants.js';
import { publicUserSchema } from './users.js';

/**
 * Two-sided resource matching (issue 16): a need or want meets the open provisions that may answer
 * it, and a provision the open needs and wants it may answer. A pair is scored once it exists, both
 * authors are told (`matchFound`), and `GET /matches` lists each of my open posts with its best.
 */

/** Match notifications one person gets in any 24 hours, however many posts they write. */
export const MATCH_NOTIFICATIONS_PER_DAY = 5;
/** The best matches each of my posts shows on /matches. */
export const MATCHES_SHOWN_PER_POST = 5;
/** How many of my open needs, wants and provisions /matches lists, newest first. */
export const MATCH_POSTS_LISTED = 50;

/** Why two posts matched: the category they share, the words they share, how far apart they are. */
export const matchReasonsSchema = z.object({
  /** The shared category as the other post writes it; null when the categories differ. */
  category: z.string().nullable(),
  /** Words both posts use (as the newer post wrote them), most telling first. */
  words: z.array(z.string()),
  /** Whole kilometres between the two places (at least 1), when both posts have one. */
  distanceKm: z.number().int().nullable(),
});
export type MatchReasons = z.infer<typeof matchReasonsSchema>;

/** A post as a match shows it: no place (the distance says enough), an excerpt of its text. */
export const matchPostSchema = z.object({
  _id: z.string(),
  kind: z.enum(['need', 'want', 'provision']),
  title: z.string(),
  excerpt: z.string(),
  category: z.string().nullable(),
  status: z.enum(needStatuses).nullable(),
  createdAt: z.string(),
});
export type MatchPost = z.infer<typeof matchPostSchema>;

export const matchSchema = z.object({
  /** The other side: a provision for my need or want, a need or want for my provision. */
  post: matchPostSchema,
  author: publicUserSchema,
  /** 0 to 1; a pair is a match from MATCH_THRESHOLD up. */
  score: z.number(),
  reasons: matchReasonsSchema,
  matchedAt: z.string(),
});
export type Match = z.infer<typeof matchSchema>;

export const myMatchesSchema = z.object({ post: matchPostSchema, matches: z.array(matchSchema) });
export type MyMatches = z.infer<typeof myMatchesSchema>;

export const matchesResponseSchema = z.object({ data: z.array(myMatchesSchema) });

/** "Same category: Energy · Shared words: generator, cebu · About 3 km apart": the reasons in words. */
export function describeReasons(r: MatchReasons): string[] {
  const said: string[] = [];
  if (r.category) said.push(`Same category: ${r.category}`);
  if (r.words.length) said.push(`Shared words: ${r.words.join(', ')}`);
  if (r.distanceKm !== null)
    said.push(r.distanceKm <= 1 ? 'About 1 km apart' : `About ${r.distanceKm} km apart`);
  return said;
}

/** The name a post kind goes by in a match notice. */
export const matchKindNames = { need: 'need', want: 'want', provision: 'offer' } as const;

/**
 * A matchFound notification's subType: which side its recipient is on. A provider (the provision's
 * author) can offer help on the related need at once; a seeker is pointed at the related provision.
 */
export const matchNoticeSides = ['provider', 'seeker'] as const;
export type MatchNoticeSide = (typeof matchNoticeSides)[number];
