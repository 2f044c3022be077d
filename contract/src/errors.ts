import { z } from 'zod';

/** The one error envelope every failing API call answers with (DESIGN.md §3). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
