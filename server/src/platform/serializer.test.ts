import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonText, sendJsonText } from './json-text.js';
import { checkResponses, stringifyResponses } from './serializer.js';

const thing = z.object({ id: z.string(), name: z.string().nullable() });

async function appAnswering(body: unknown, options: { check: boolean; asText?: boolean }) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(stringifyResponses);
  if (options.check) checkResponses(app);
  app.get('/thing', { schema: { response: { 200: thing } } }, async (_request, reply) =>
    options.asText ? sendJsonText(reply, JSON.stringify(body) as JsonText) : body,
  );
  return app;
}

describe('responses', () => {
  it('outside production, refuses a response with a field its schema does not name (a leak zod would strip)', async () => {
    const exact = await appAnswering({ id: 'a', name: null }, { check: true });
    expect((await exact.inject('/thing')).body).toBe('{"id":"a","name":null}');
    const leaking = await appAnswering({ id: 'a', name: null, passwordHash: 'x' }, { check: true });
    expect((await leaking.inject('/thing')).statusCode).toBe(500);
    const missing = await appAnswering({ id: 'a' }, { check: true });
    expect((await missing.inject('/thing')).statusCode).toBe(500);
  });

  it('checks JSON sent as ready-made text the same way', async () => {
    const exact = await appAnswering({ id: 'a', name: 'b' }, { check: true, asText: true });
    const ok = await exact.inject('/thing');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.json()).toEqual({ id: 'a', name: 'b' });
    const leaking = await appAnswering(
      { id: 'a', name: 'b', email: 'x@example.org' },
      { check: true, asText: true },
    );
    expect((await leaking.inject('/thing')).statusCode).toBe(500);
  });

  it('in production, writes the presented response as it is', async () => {
    const app = await appAnswering({ id: 'a', name: 'b' }, { check: false });
    expect((await app.inject('/thing')).body).toBe('{"id":"a","name":"b"}');
  });
});
