import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '@muster/contract/limits';

/** Below this an answer goes as it is: the bytes saved would fit in the packet the headers take. */
export const API_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses the API's answers for clients that accept it (decision 025), as the last step before
 * they leave. Only routes under /api/v1 get the hook: the web app's files are compressed at build
 * time (web-app.ts), media are images and videos compressed already, and the socket at /api/v1/ws
 * is an upgrade, not an answer. An answer already carrying a Content-Encoding is left alone.
 *
 * The fastest level of each encoding: measured in the API process on a 16 KB feed page, brotli 1
 * added ~95 µs of CPU for 88 % fewer bytes, the least per byte saved; gzip 5–6 and brotli 4–5
 * took 1.6–2.3 times that to save 1–3 % more, and brotli's default quality 11 takes tens of
 * milliseconds a page. gzip (level 1, as cheap) is for the rare client without brotli.
 *
 * Registered before the routes (it hooks each one as it is added); its onSend hook is a route's
 * own, which Fastify runs after the application's, so the schema check outside production
 * (serializer.ts) still reads the JSON text, not the compressed bytes.
 */
export async function registerCompression(app: FastifyInstance, enabled: boolean): Promise<void> {
  if (!enabled) return;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_ROOT}/`) || route.url === `${API_ROOT}/ws`) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // In one go on the event loop up to 64 KB (every page the API sends): on two cores the
    // plugin's default (8 KB here) streamed a 16 KB feed page through zlib's thread pool at four
    // times the CPU of compressing it in place (decision 025).
    syncThreshold: 64 * 1024,
    // Request bodies are JSON as sent: a compressed one fails to parse (400) instead of being
    // inflated, so the body limit always weighs what the handler reads.
    globalDecompression: false,
  });
}
