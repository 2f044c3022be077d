import { z } from 'zod';

/** A stored file's name, as the store makes them: an id and a short extension, nothing else. */
export const STORED_MEDIA_NAME = /^[\w-]+\.[a-z0-9]{1,5}$/;

/** `/media/:name`: a name the store never makes is as missing as a deleted one (404, not 400). */
export const mediaParamsSchema = z.object({ name: z.string().max(200).regex(STORED_MEDIA_NAME) });

/**
 * The request headers a proxied read passes on to the bucket. One byte range only (a video's
 * seek); anything else is ignored and the whole file sent, as RFC 9110 allows.
 */
export const mediaReadHeadersSchema = z.object({
  range: z
    .string()
    .regex(/^bytes=(\d{1,15}-\d{0,15}|-\d{1,15})$/)
    .optional()
    .catch(undefined),
  'if-none-match': z.string().max(200).optional().catch(undefined),
});
