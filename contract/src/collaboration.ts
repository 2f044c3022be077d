import { z } from 'zod';
import {
  COLLAB_DESCRIPTION_MAX,
  COLLAB_LOCATION_MAX,
  COLLAB_TITLE_MAX,
  collaborationCategoryIds,
} from './collaboration-constants.js';

// The constants live in a zod-free module the shell imports at start-up (decision 030).
export * from './collaboration-constants.js';

/**
 * A real calendar day (zod's ISO date knows month lengths and leap years; `Date.parse` rolls
 * 2026-02-31 over to March), from year 1: PostgreSQL's calendar has no year 0.
 */
const deadlineSchema = z.iso
  .date('Deadline must be a date')
  .refine((d) => !d.startsWith('0000'), 'Deadline must be a date');

export const createCollaborationSchema = z.strictObject({
  title: z
    .string({ error: 'Mission Title is required' })
    .trim()
    .min(1, 'Mission Title is required')
    .max(COLLAB_TITLE_MAX, `Title must be at most ${COLLAB_TITLE_MAX} characters`),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(COLLAB_DESCRIPTION_MAX, `Description must be at most ${COLLAB_DESCRIPTION_MAX} characters`),
  deadline: z.union([deadlineSchema, z.literal(''), z.null()]).optional(),
  location: z
    .string()
    .trim()
    .max(COLLAB_LOCATION_MAX, `Location must be at most ${COLLAB_LOCATION_MAX} characters`)
    .optional(),
  image: z
    .union([z.string().startsWith('data:', 'Choose an image file'), z.literal(''), z.null()])
    .optional(),
  category: z.enum(collaborationCategoryIds, { error: 'Unknown category' }).optional(),
});
export type CreateCollaborationInput = z.infer<typeof createCollaborationSchema>;

/** The edit form: every field optional; image `null` removes it, a data URL replaces it. */
export const updateCollaborationSchema = createCollaborationSchema.partial().extend({
  title: createCollaborationSchema.shape.title.optional(),
  description: createCollaborationSchema.shape.description.optional(),
});

export const collaborationRequestSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  deadline: z.string().nullable(),
  location: z.string(),
  image: z.string().nullable(),
  category: z.enum(collaborationCategoryIds),
  categoryName: z.string(),
  categoryColor: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), username: z.string(), bio: z.string() }).nullable(),
  /** Hidden by a moderator, and why (decision 071): shown to its owner alone, so null for everyone else. */
  hiddenReason: z.string().nullable(),
});
export type CollaborationRequest = z.infer<typeof collaborationRequestSchema>;

export const collaborationListResponseSchema = z.object({
  data: z.array(collaborationRequestSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export const collaborationResponseSchema = z.object({ data: collaborationRequestSchema });
export const collaborationParamsSchema = z.object({ requestId: z.uuid('Not a collaboration request id') });
/** GET /collaboration/category/{categoryId}: an unknown id lists every category. */
export const collaborationCategoryParamsSchema = z.object({ categoryId: z.string().max(40) });
