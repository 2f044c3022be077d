import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * How responses become JSON (decision 009).
 *
 * In production a response is `JSON.stringify`'d: the services build every response from a
 * presenter, so checking it against its zod schema on every request (a sixth of the feed's CPU)
 * buys nothing there. Everywhere else — tests, end-to-end runs, development — the response must be
 * exactly what its schema describes: not merely parse (zod would quietly strip an extra field,
 * hiding a leak that production would then send), but come out of the schema unchanged.
 */
export function responseSerializer(env: 'development' | 'production' | 'test'): FastifySerializerCompiler<ZodType> {
  if (env === 'production') return () => (data) => JSON.stringify(data);
  return (route) => {
    const viaSchema = zodSerializerCompiler(route);
    return (data) => {
      const json = viaSchema(data);
      const sent = JSON.stringify(data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(sent))) {
        throw new Error(`The response of ${route.method} ${route.url} is not exactly its schema: ${sent.slice(0, 500)}`);
      }
      return sent;
    };
  };
}
