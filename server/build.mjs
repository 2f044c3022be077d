// `npm run build -w server`: src/main.ts and everything it imports of ours (contract/src included)
// as one ES module, server/dist/main.js, so that production starts without compiling TypeScript
// (tsx took ~2.5 s of every start; decision 026).
//
// Packages written in plain JavaScript go into the bundle too: Node then reads one file instead of
// ~1,500 (kysely alone is 280), which halved the CPU time of a start on PostgreSQL (1.0 → 0.6 s)
// and took 20 MB off its RSS. The packages in `external` stay in node_modules and load exactly as
// they do under tsx: those that find files beside their own code (argon2's and sharp's native
// addons, PGlite's wasm and data, pino's worker threads, @fastify/swagger's package.json, pg's
// optional native driver), and those main.ts imports only when they are used.
//
// Then src/db/build-assets.ts makes what a first start would otherwise spend seconds on: a data
// directory holding the demo data (dist/demo-template), and dist/pgdata-template.tar.gz, an
// embedded database, initialised and migrated, that a new DATA_DIR without the demo starts from.
// The tarball is written last: scripts/start.mjs takes its age for the build's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// `--bundle-only --outdir <dir>`: the bundles alone, elsewhere (src/main.test.ts starts one).
const bundleOnly = process.argv.includes('--bundle-only');
const outdirAt = process.argv.indexOf('--outdir');
const outdir = path.resolve(here, outdirAt > 0 ? process.argv[outdirAt + 1] : 'dist');
fs.rmSync(outdir, { recursive: true, force: true });

const external = [
  'argon2',
  'sharp',
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  '@fastify/swagger',
  'pg',
  // React, loaded from node_modules so that the renderer below and our mail templates share one
  // copy: its CommonJS entry would bring both its development and production builds into the bundle.
  'react',
  'react-dom',
  // imported when first used
  // (@react-email/render with react-dom/server, prettier and html-to-text: ~1.5 MB the start of a
  // server that sends no mail yet would parse for nothing; decision 063)
  '@react-email/render',
  'ioredis',
  'nodemailer',
  'web-push',
  'openid-client',
  '@zxcvbn-ts/language-common',
  // media in a bucket only (decision 073)
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  // Tracing's SDK, imported only with OTEL_EXPORTER_OTLP_ENDPOINT set (decision 075).
  '@opentelemetry/api',
  '@opentelemetry/sdk-trace',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/resources',
  '@opentelemetry/exporter-trace-otlp-proto',
];

const result = await build({
  absWorkingDir: here,
  // Two bundles sharing no chunks: the server, and the script that makes the assets.
  entryPoints: { main: 'src/main.ts', 'build-assets': 'src/db/build-assets.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The runtime the install brings (decision 054).
  target: 'node26',
  external: external.flatMap((name) => [name, `${name}/*`]),
  alias: { '@muster/contract': '../contract/src' },
  // The CommonJS packages in the bundle call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // A map for `node --enable-source-maps`; Node reads it only when that flag is given, so it
  // costs nothing at a normal start.
  sourcemap: 'linked',
  // No `keepNames`: it wraps every function in an Object.defineProperty call, run again whenever a
  // closure is made, which per request was ~3 % of the API's CPU on a feed page (decision 036).
  // Stack traces keep esbuild's names, which the source map maps back.
  // Whitespace and syntax only: V8 parses the whole bundle at every start, and a third fewer bytes
  // (4.5 → 3.0 MB) took ~60 ms off a start on PostgreSQL. Names stay as written, so a stack trace
  // still names its functions (decision 037).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
});

// A bundled package that finds files beside its own code would look for them beside ours instead,
// and only fail when that code runs: refuse the build, so that it is added to `external`.
for (const [file, { inputs }] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  if (!/\b__(dirname|filename)\b/.test(fs.readFileSync(path.join(here, file), 'utf8'))) continue;
  const culprits = Object.keys(inputs).filter((input) =>
    /\b__(dirname|filename)\b/.test(fs.readFileSync(path.join(here, input), 'utf8')),
  );
  throw new Error(
    `${file} uses __dirname or __filename (${culprits.join(', ')}): add its package to \`external\` in build.mjs`,
  );
}

if (!bundleOnly)
  execFileSync(process.execPath, [path.join(outdir, 'build-assets.js'), outdir], { stdio: 'inherit' });
