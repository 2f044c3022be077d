import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The service worker's Workbox runtime: its name carries a hash of its contents, like assets/. */
const WORKBOX_RUNTIME = /^workbox-[\w-]+\.js$/;

/**
 * Serves the built single-page app. Hashed assets never change, so browsers keep them for a
 * year; everything else (index.html, sw.js, the manifest, the offline page) is revalidated every
 * time, so a deploy is seen at once: a service worker kept in a cache would keep serving the old
 * app for as long as it was kept.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep) || WORKBOX_RUNTIME.test(path.relative(webDist, filePath));
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
