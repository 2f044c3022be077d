import { z } from 'zod';

/**
 * `GET /metrics` (decision 075): Prometheus's text format, outside /api/v1. Its only input is the
 * bearer token when METRICS_TOKEN is set; every other header passes untouched.
 */
export const metricsHeadersSchema = z.looseObject({
  authorization: z.string().max(1_000).optional(),
});
