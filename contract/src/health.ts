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

/** What readiness looks at, in the order a failure is named (decision 074). */
export const readinessChecks = ['shutdown', 'database', 'migrations', 'redis', 'media'] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

/**
 * `GET /api/v1/ready` for a load balancer or an orchestrator: 200 only when this process can serve
 * everything now (decision 074); otherwise 503 in the error envelope (`NOT_READY`), whose `details`
 * name each failed check (`path` is one of `readinessChecks`).
 */
export const readyResponseSchema = z.object({
  data: z.object({
    status: z.enum(['ready']),
    database: z.enum(['up']),
    migrations: z.enum(['applied']),
    /** `off` without REDIS_URL; with it, a Redis that does not answer makes the process not ready. */
    redis: z.enum(['up', 'off']),
    media: z.enum(['up']),
  }),
});
