import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import { CATEGORY_MAX } from './posts-constants.js';

/**
 * The emergency board (`/journalist`, issue 16): emergency-marked posts and mission updates the
 * viewer may see, newest first, keyset paged, in the post shape of every other post list. New ones
 * arrive live (the realtime event `board.posted`).
 */

/** The longest place filter: a town, a district or a region is a few words. */
export const BOARD_PLACE_MAX = 100;

/**
 * `GET /posts/emergency`. `category`: the post's category, or a mission update's mission's, whole
 * and case-insensitive ("medical supplies" finds "Medical supplies"). `place`: a part of the place's
 * name ("Cebu", "Leyte"). Empty filters are no filters.
 */
export const emergencyBoardQuerySchema = pageQuerySchema.extend({
  category: z
    .string()
    .trim()
    .max(CATEGORY_MAX, `A category is at most ${CATEGORY_MAX} characters`)
    .optional(),
  place: z
    .string()
    .trim()
    .max(BOARD_PLACE_MAX, `A place is at most ${BOARD_PLACE_MAX} characters`)
    .optional(),
});
export type EmergencyBoardQuery = z.infer<typeof emergencyBoardQuerySchema>;
