import { z } from 'zod';

export const healthResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ok']),
    database: z.enum(['up']),
    /**
     * `up`; `degraded` while Redis does not answer (the process still serves every request, with
     * rate limits counted in the process and live events to its own sockets only); `off` without
     * REDIS_URL. Reported, not failed on: health stays 200 (decision 043).
     */
    redis: z.enum(['up', 'degraded', 'off']),
    version: z.string(),
  }),
});
