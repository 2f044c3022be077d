import { z } from 'zod';

export const healthResponseSchema = z.object({
  data: z.object({ status: z.enum(['ok']), database: z.enum(['up']), version: z.string() }),
});
