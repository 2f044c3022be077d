// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the built web app,
// once, at build time (decision 025): the server then only picks the copy the browser accepts
// (@fastify/static's preCompressed) instead of compressing the same bytes on every request.
//   node scripts/precompress.mjs [dist folder, default web/dist]
// Run by web's `npm run build` after `vite build`; the originals are left as they are, so the
// service worker's precache manifest (revisions of the uncompressed files) still holds.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist'),
);

/** Text formats (and the icon, an uncompressed bitmap); PNG, WebP and WOFF2 are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;
/** Below this the saving fits in the packet the headers go in anyway: not worth a second file. */
const MIN_BYTES = 1024;
/** A copy must save at least this share of the original, or the original is sent. */
const MIN_SAVING = 0.05;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which the server never serves.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) yield full;
  }
}

/** Writes `file + ext` if it saves enough, else removes a stale one (it would be served instead). */
async function writeCopy(file, ext, original, compressed, stat) {
  const target = file + ext;
  if (compressed.length > original.length * (1 - MIN_SAVING)) {
    await fs.rm(target, { force: true });
    return 0;
  }
  await fs.writeFile(target, compressed);
  // The copy is the same version of the file: its Last-Modified should say so.
  await fs.utimes(target, stat.atime, stat.mtime);
  return compressed.length;
}

async function precompress(file) {
  const stat = await fs.stat(file);
  if (!COMPRESSIBLE.test(file) || stat.size < MIN_BYTES) {
    await Promise.all(['.br', '.gz'].map((ext) => fs.rm(file + ext, { force: true })));
    return undefined;
  }
  const original = await fs.readFile(file);
  // Build time, so the slowest settings: brotli's best quality and window, gzip -9.
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    file,
    raw: original.length,
    br: await writeCopy(file, '.br', original, br, stat),
    gz: await writeCopy(file, '.gz', original, gz, stat),
  };
}

const started = performance.now();
const jobs = [];
try {
  for await (const file of filesUnder(dist)) jobs.push(precompress(file));
} catch (err) {
  if (err.code === 'ENOENT') {
    console.error(`precompress: ${dist} does not exist (run vite build first)`);
    process.exit(1);
  }
  throw err;
}
const done = (await Promise.all(jobs)).filter(Boolean);
const kb = (n) => (n / 1024).toFixed(1);
const summary = (key, name) => {
  const copied = done.filter((d) => d[key] > 0);
  const raw = copied.reduce((s, d) => s + d.raw, 0);
  const packed = copied.reduce((s, d) => s + d[key], 0);
  return `${copied.length} ${name} (${kb(raw)} → ${kb(packed)} KB)`;
};
console.log(
  `precompress: ${summary('br', 'brotli')}, ${summary('gz', 'gzip')} in ${path.relative(process.cwd(), dist) || '.'}, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
