import { z } from 'zod';

/** A 204 (done, nothing to say) or a 302 (a redirect): no body. */
export const emptyResponseSchema = z.null();

/** A removal that answers only that it was done: `{ data: { ok: true } }`. */
export const okResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
