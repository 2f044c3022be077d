import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/**
 * How responses become JSON (decisions 009 and 010): `JSON.stringify`, nothing more. The services
 * build every response from a presenter, or as text rendered by PostgreSQL (`json-text.ts`), so
 * re-validating it on every request in production (a sixth of the feed's CPU) buys nothing.
 */
export const stringifyResponses = () => (data: unknown) => JSON.stringify(data);

/**
 * Everywhere but production — tests, end-to-end runs, development — every JSON response, whether
 * stringified here or sent as ready-made text, must be exactly what its route's schema for that
 * status describes: not merely parse (zod would quietly strip an extra field, hiding a leak that
 * production would then send), but come out of the schema unchanged. A response that is not
 * fails loudly as a 500.
 */
export function checkResponses(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const schema = schemaFor(request.routeOptions.schema?.response, reply.statusCode);
    if (!schema) return payload;
    const sent: unknown = JSON.parse(payload);
    const checked = schema.safeParse(sent);
    if (!checked.success || !isDeepStrictEqual(checked.data, sent)) {
      throw new Error(
        `The response of ${request.method} ${request.routeOptions.url} is not exactly its schema: ${payload.slice(0, 500)}`,
      );
    }
    return payload;
  });
}

function schemaFor(responses: unknown, status: number): ZodType | undefined {
  if (!responses || typeof responses !== 'object') return undefined;
  const byStatus = responses as Record<string, ZodType | undefined>;
  return byStatus[status] ?? byStatus[`${Math.floor(status / 100)}xx`] ?? byStatus.default;
}
