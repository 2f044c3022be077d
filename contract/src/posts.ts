import { z } from 'zod';
import { placePartsSchema, shownPlaceSchema } from './geo.js';
import { pageQuerySchema } from './paging.js';
import {
  CATEGORY_MAX,
  COMMENT_MAX,
  NEED_OPEN_DAYS,
  NEED_OPEN_DAYS_DEFAULT,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  RATING_STEP,
  REVIEW_DESCRIPTION_MAX,
  REVIEW_TITLE_MAX,
  emergencyEmojis,
  needStatuses,
  postKinds,
} from './posts-constants.js';
import { profileParamsSchema, publicUserSchema } from './users.js';

// The constants the shell needs at start-up live in a zod-free module (decision 030).
export * from './posts-constants.js';

const openForDays = z.literal(NEED_OPEN_DAYS, { error: `Choose ${NEED_OPEN_DAYS.join(', ')} days` });

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const mapLocationSchema = z.strictObject({
  address: z.string().trim().max(300),
  name: z.string().trim().max(200).optional(),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).optional(),
  placeId: z.string().trim().max(200).optional(),
  /** The geocoder's city-level parts, which the public place is built from (decision 041). */
  parts: placePartsSchema.optional(),
});

export const reviewSchema = z.strictObject({
  rating: z
    .number()
    .min(0, 'Rating is from 0 to 5')
    .max(5, 'Rating is from 0 to 5')
    .refine((r) => Number.isInteger(r / RATING_STEP), 'Rating goes in half steps'),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `A review's title is at most ${REVIEW_TITLE_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(REVIEW_DESCRIPTION_MAX, `A review is at most ${REVIEW_DESCRIPTION_MAX} characters`)
    .optional(),
});

export const missionRefSchema = z.strictObject({
  title: z.string().trim().max(200),
  missionId: z.string().trim().max(60),
  updateCount: z.number().int().min(0).optional(),
});

/** POST /posts/create (spec §3 Post create payload, plus the kind and category of PRODUCT.md). */
export const createPostSchema = z
  .strictObject({
    kind: z.enum(['need', 'want', 'provision', 'general']).default('general'),
    category: optionalText(CATEGORY_MAX),
    title: optionalText(POST_TITLE_MAX),
    content: z
      .string({ error: 'Write something to share' })
      .trim()
      .min(1, 'Write something to share')
      .max(POST_CONTENT_MAX),
    fileName: optionalText(200),
    review: reviewSchema.optional(),
    mapLocation: mapLocationSchema.optional(),
    mission: missionRefSchema.optional(),
    emergencyEmoji: z.enum(emergencyEmojis).optional(),
    image: z.string().startsWith('data:').optional(),
    video: z.string().startsWith('data:').optional(),
    file: z.string().startsWith('data:').optional(),
    /** A need or want only: days until it expires (NEED_OPEN_DAYS; NEED_OPEN_DAYS_DEFAULT when left out). */
    openForDays: openForDays.optional(),
  })
  .refine((p) => !(p.image && p.video), { message: 'Attach a picture or a video, not both', path: ['video'] })
  .refine((p) => p.openForDays === undefined || p.kind === 'need' || p.kind === 'want', {
    message: 'Only a need or a want stays open for a while',
    path: ['openForDays'],
  })
  .refine((p) => p.kind === 'general' || (p.category ?? '') !== '', {
    message: 'Choose a category',
    path: ['category'],
  });
export type CreatePostInput = z.infer<typeof createPostSchema>;

/** POST /posts/create-hunt (spec §3 Hunt payload). */
export const createHuntSchema = z.strictObject({
  huntType: z.enum(['product', 'service'], { error: 'Please select Product or Service' }),
  title: z
    .string({ error: 'Hunt title is required' })
    .trim()
    .min(1, 'Hunt title is required')
    .max(POST_TITLE_MAX),
  description: z.string().trim().max(POST_CONTENT_MAX).optional(),
  location: z.string().trim().max(300).optional(),
  mapLocation: mapLocationSchema.pick({ address: true, coordinates: true }).optional(),
  image: z.string().startsWith('data:').optional(),
});

export const updatePostSchema = z.strictObject({
  title: optionalText(POST_TITLE_MAX),
  content: z.string().trim().min(1, 'Write something to share').max(POST_CONTENT_MAX).optional(),
  category: optionalText(CATEGORY_MAX),
  status: z.enum(needStatuses).optional(),
  /** With status fulfilled: the helpers to credit, from those who offered (issue 13). */
  creditedIds: z.array(z.uuid('Not a person id')).max(20, 'Credit at most 20 helpers').optional(),
});

/** POST /posts/{id}/keep-open: the author keeps a need or want open (or opens an expired one again) for this long from now. */
export const keepOpenSchema = z.strictObject({ openForDays: openForDays.default(NEED_OPEN_DAYS_DEFAULT) });

export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  siteName: z.string(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

export const postSchema = z.object({
  _id: z.string(),
  kind: z.enum(postKinds),
  author: publicUserSchema,
  title: z.string(),
  content: z.string(),
  category: z.string().nullable(),
  status: z.enum(needStatuses).nullable(),
  /** A need or want: when it expires, or expired (issue 16); null for other kinds. */
  expiresAt: z.string().nullable(),
  huntType: z.enum(['product', 'service']).nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  file: z.object({ url: z.string(), name: z.string() }).nullable(),
  review: reviewSchema.nullable(),
  /** Exact for its author, an accepted helper and (an update) its mission's members; else approximate (issue 16). */
  mapLocation: shownPlaceSchema.nullable(),
  mission: z
    .object({ title: z.string(), missionId: z.string(), updateCount: z.number().optional() })
    .nullable(),
  emergencyEmoji: z.string().nullable(),
  /** Unfurled by the server once, just after the post is saved; null until then, or if it cannot be. */
  linkPreview: linkPreviewSchema.nullable(),
  hashtags: z.array(z.string()),
  /** Likes here and Likes from other servers (decision 091). */
  likeCount: z.number(),
  /** Comments and replies from other servers not removed (decision 091). */
  commentCount: z.number(),
  /** Boosts (ActivityPub Announces) from other servers (decision 091). */
  boostCount: z.number(),
  likedByMe: z.boolean(),
  savedByMe: z.boolean(),
  /** Offers of help it has had (withdrawn ones aside); needs and wants only, else 0. */
  offerCount: z.number(),
  /** To its author only: who offered (pending or accepted), newest first; [] for everyone else. */
  offeredBy: z.array(publicUserSchema),
  /** The helpers its author credited on marking it fulfilled ("Fulfilled with help from …"). */
  helpers: z.array(publicUserSchema),
  /**
   * Hidden by a moderator, and why (issue 35, decision 071): only its author is ever shown a hidden
   * post, so this is null for everyone else, and for its author while it is shown.
   */
  hiddenReason: z.string().nullable(),
  /** In the home feed: 'network' (mine, my connections', my missions', my hashtags') or 'public' (the tail for everyone). */
  via: z.enum(['network', 'public']).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const postResponseSchema = z.object({ data: postSchema });
export const postPageResponseSchema = z.object({
  data: z.array(postSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});

export const feedQuerySchema = pageQuerySchema.extend({ kind: z.enum(postKinds).optional() });

/** GET /posts/user/{username}: `kind=needs` is the profile's Needs & Provisions tab (need, want, provision). */
export const userPostsQuerySchema = pageQuerySchema.extend({ kind: z.enum(['needs']).optional() });

export const postParamsSchema = z.object({ postId: z.uuid('Not a post id') });
/** GET /posts/user/{username}: a person's posts, at the username of their profile. */
export const userPostsParamsSchema = profileParamsSchema;

export const hashtagCountSchema = z.object({ name: z.string(), count: z.number() });
/** GET /hashtags/trending: the top hashtags with how often each was used. */
export const hashtagCountsResponseSchema = z.object({ data: z.array(hashtagCountSchema) });
/** GET /posts/trending-hashtags: each hashtag's posts split into needs, provisions and the rest. */
export const trendingHashtagsResponseSchema = z.object({
  data: z.array(
    z.object({ name: z.string(), postCount: z.number(), needCount: z.number(), provisionCount: z.number() }),
  ),
});
/** A hashtag in a path: what extractHashtags finds after '#'. */
export const hashtagParamsSchema = z.object({
  hashtag: z.string().regex(/^[\p{L}\p{N}_]{2,50}$/u, 'Not a hashtag'),
});
/** Hashtags by name: those I follow, those I have used. */
export const hashtagNamesResponseSchema = z.object({ data: z.array(z.string()) });

export const createCommentSchema = z.strictObject({
  content: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(COMMENT_MAX, `Comments are at most ${COMMENT_MAX} characters`),
  parentId: z.uuid('Not a comment id').optional(),
});

const commentFields = {
  _id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable(),
  /** As written here; a remote reply's is plain text made from its sanitised HTML (never HTML). */
  content: z.string(),
  createdAt: z.string(),
  /** Hidden by a moderator, and why (decision 071): shown to its author alone, so null for everyone else. */
  hiddenReason: z.string().nullable(),
};

/** A comment written here. */
export const localCommentSchema = z.object({
  ...commentFields,
  author: publicUserSchema,
  remote: z.null(),
});
export type LocalComment = z.infer<typeof localCommentSchema>;

/**
 * Who wrote a reply on another server and where it is (decision 091): a remote reply is shown
 * among a post's comments, top level, with no author here (`author` null).
 */
export const remoteCommentOriginSchema = z.object({
  /** Their display name, or their handle's user part when they gave none. */
  name: z.string(),
  /** `@user@host`, or their actor's address when it could not be fetched. */
  handle: z.string(),
  /** Their server's host (the "via" badge). */
  server: z.string(),
  /** Their profile: the actor's address. */
  profileUrl: z.string(),
  /** The reply where it was written (its page there, else its id). */
  url: z.string(),
  /** Its ActivityPub id: what a report to its server names (decision 094's POST /federation/reports). */
  objectId: z.string(),
});
export const remoteCommentSchema = z.object({
  ...commentFields,
  author: z.null(),
  remote: remoteCommentOriginSchema,
});
export type RemoteComment = z.infer<typeof remoteCommentSchema>;

/** A post's comment: one written here (`remote` null), or a reply from another server (`author` null). */
export const commentSchema = z.union([localCommentSchema, remoteCommentSchema]);
export type Comment = z.infer<typeof commentSchema>;
export const commentParamsSchema = postParamsSchema.extend({ commentId: z.uuid('Not a comment id') });
/** What commenting answers: the comment written here. */
export const commentResponseSchema = z.object({ data: localCommentSchema });
export const commentsResponseSchema = z.object({ data: z.array(commentSchema) });

export const linkPreviewQuerySchema = z.object({ url: z.string().trim().min(1, 'Give a link').max(2000) });
export const linkPreviewResponseSchema = z.object({ data: linkPreviewSchema });
