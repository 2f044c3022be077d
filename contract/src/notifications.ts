import { z } from 'zod';
import { notificationTypes, taskNotificationKinds } from './notifications-constants.js';

// The constants the shell needs at start-up live in a zod-free module (decision 030).
export * from './notifications-constants.js';

const senderSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  profilePicture: z.string(),
});

/** Spec §3 Notification. Related things are objects when known, so a click can route at once. */
export const notificationSchema = z.object({
  _id: z.string(),
  type: z.string(),
  subType: z.string().nullable(),
  slideType: z.enum(['photo', 'video', 'text']).nullable(),
  typeTask: z.enum(taskNotificationKinds).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  message: z.string(),
  sender: senderSchema.nullable(),
  commentContent: z.string().nullable(),
  replyContent: z.string().nullable(),
  relatedPost: z
    .object({ _id: z.string(), image: z.string().nullable(), content: z.string().nullable() })
    .nullable(),
  relatedUser: z.object({ _id: z.string(), username: z.string() }).nullable(),
  relatedMission: z.string().nullable(),
  chat: z.string().nullable(),
  /**
   * Issue 34: a like notice stands for every like on the post since its author last read it; the
   * sender is the latest liker and this counts the others (0 when alone).
   */
  othersCount: z.number().int().min(0),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  type: z.enum(notificationTypes).optional(),
});

export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema) });
export const notificationParamsSchema = z.object({ id: z.uuid('Not a notification id') });
export const offerCountsResponseSchema = z.object({
  data: z.object({ new: z.number(), mission: z.number() }),
});
export const unreadOffersResponseSchema = z.object({ data: z.object({ count: z.number() }) });
export const taskNotificationsResponseSchema = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      message: z.string(),
      type: z.string(),
      typeTask: z.string().nullable(),
      chat: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
