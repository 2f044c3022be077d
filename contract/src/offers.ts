import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import {
  OFFER_GIVE_MAX,
  OFFER_MESSAGE_MAX,
  OFFER_WHEN_MAX,
  offerBoxes,
  offerStatuses,
} from './offers-constants.js';
import { needStatuses, postKinds } from './posts-constants.js';
import { publicUserSchema } from './users.js';

// The constants the shell needs at start-up live in a zod-free module (decision 030).
export * from './offers-constants.js';

/**
 * Offers of help (issue 13): on someone's open need or want (`POST /posts/{postId}/offers`) or to a
 * mission (`POST /missions/{missionId}/offers`), listed together on /offers.
 */

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** What a helper says: the message, and optionally what they can give and when. */
export const createOfferSchema = z.strictObject({
  message: text(OFFER_MESSAGE_MAX, 'Message').min(1, 'Say how you can help'),
  give: text(OFFER_GIVE_MAX, 'What you can give').optional(),
  when: text(OFFER_WHEN_MAX, 'When').optional(),
});
export type CreateOfferInput = z.infer<typeof createOfferSchema>;

export const offerParamsSchema = z.object({ offerId: z.uuid('Not an offer id') });

export const offerListQuerySchema = pageQuerySchema.extend({
  box: z.enum(offerBoxes).default('received'),
  status: z.enum(offerStatuses).optional(),
});

export const offerSchema = z.object({
  _id: z.string(),
  status: z.enum(offerStatuses),
  message: z.string(),
  give: z.string(),
  when: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Which side of the offer the viewer is on. */
  box: z.enum(offerBoxes),
  /**
   * The other person: the helper in Received, the post's author or mission's owner in Made. A
   * helper on another server (decision 090) has `server` (its host), their actor URL as `_id` and
   * `user@host` as `username`: no profile or chat here.
   */
  person: publicUserSchema.extend({ server: z.string().optional() }),
  post: z
    .object({
      _id: z.string(),
      kind: z.enum(postKinds),
      title: z.string(),
      excerpt: z.string(),
      category: z.string().nullable(),
      status: z.enum(needStatuses).nullable(),
    })
    .nullable(),
  mission: z.object({ _id: z.string(), title: z.string(), photo: z.string() }).nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerResponseSchema = z.object({ data: offerSchema });
export const offerPageResponseSchema = z.object({
  data: z.array(offerSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
/**
 * Accepting opens (or reuses) the direct chat with the helper, where the offer is the first message.
 * A helper on another server has no chat here: `chatId` is null and they hear of it there (090).
 */
export const acceptOfferResponseSchema = z.object({
  data: z.object({ offer: offerSchema, chatId: z.string().nullable() }),
});
