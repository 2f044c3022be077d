import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The service worker's Workbox runtime: its name carries a hash of its contents, like assets/. */
const WORKBOX_RUNTIME = /^workbox-[\w-]+\.js$/;
/** The copies scripts/precompress.mjs writes beside a file at build time. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Serves the built single-page app. Hashed assets never change, so browsers keep them for a
 * year; everything else (index.html, sw.js, the manifest, the offline page) is revalidated every
 * time, so a deploy is seen at once: a service worker kept in a cache would keep serving the old
 * app for as long as it was kept.
 *
 * Text files are compressed once, at build time (decision 025): the brotli or gzip copy beside a
 * file is sent when the browser accepts it (q-values honoured, brotli first), the file itself
 * otherwise. Every file that has copies says `Vary: Accept-Encoding` whichever one is sent, so a
 * shared cache never hands a brotli body to a client that did not ask for it.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run `npm run build`)');
    return false;
  }
  const negotiable = filesWithCopies(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The copies are reached through their original's URL only, never by a URL of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (res, servedPath) => {
      // The path is the copy's when a copy is sent; the headers are the original's.
      const filePath = servedPath.replace(PRECOMPRESSED, '');
      const immutable =
        filePath.startsWith(path.join(webDist, 'assets') + path.sep) ||
        WORKBOX_RUNTIME.test(path.relative(webDist, filePath));
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (negotiable.has(filePath)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return true;
}

/** The files of the build with a .br or .gz copy beside them; read once, like the routes. */
function filesWithCopies(webDist: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(webDist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && PRECOMPRESSED.test(entry.name))
      files.add(path.join(entry.parentPath, entry.name.replace(PRECOMPRESSED, '')));
  }
  return files;
}
