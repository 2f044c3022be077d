import { z } from 'zod';
import { suspensionDetailsSchema } from './moderation-actions.js';

/** The one error envelope every failing API call answers with (DESIGN.md §3). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A refused sign-in of a suspended account (code SUSPENDED, decision 070): why, until when, how to appeal. */
  suspension: suspensionDetailsSchema.optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
