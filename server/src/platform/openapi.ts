import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_ROOT } from '@muster/contract/limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as "METHOD /path", so a test can check the document leaves none out. */
    apiRoutes: string[];
  }
}

/** Must be registered before the routes: it collects every route's zod schemas as it is added. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith(API_ROOT) || route.schema?.hide) return;
    for (const m of methods) if (m !== 'HEAD') app.apiRoutes.push(`${m} ${route.url}`);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Muster API',
        version,
        description: 'Every route of the Muster API, generated from the shared zod schemas.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'muster_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** Serves the document itself; registered after the routes so it is complete. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get(`${API_ROOT}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
