import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createLocalMediaStore } from '../platform/media/media.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { seedDemoData } from './seed.js';

/**
 * Run by the build (build.mjs) after bundling; makes what a first start would otherwise spend
 * seconds on (decision 026), beside the bundle in `dist`:
 *   drawings/               the demo seed's pictures, rendered once (named by their SVG's SHA-1)
 *   pgdata-template.tar.gz  an embedded database, initialised and migrated, that a new DATA_DIR
 *                           starts from instead of PGlite's initdb (~8 s here)
 *   pgdata-template/        the same unpacked, which a start copies (what main.ts uses); last
 */
const dist = process.argv[2];
if (!dist) throw new Error('usage: node build-assets.js <dist directory>');
const handle = await openDatabase({});
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-build-'));
try {
  await migrateToLatest(handle.db);
  // Compressed: uncompressed (42 MB) saved a little CPU at a first start but left ~65 MB more
  // resident afterwards.
  const template = await handle.dumpDataDir!('gzip');
  // The demo seed itself, on this throwaway copy, draws every picture it will draw at a start.
  const drawings = path.join(dist, 'drawings');
  await fs.mkdir(drawings, { recursive: true });
  await seedDemoData(handle.db, createLocalMediaStore(scratch, { drawings, fillDrawings: true }), pino({ level: 'silent' }));
  const out = path.join(dist, 'pgdata-template.tar.gz');
  await fs.writeFile(`${out}.part`, Buffer.from(await template.arrayBuffer()));
  await fs.rename(`${out}.part`, out);
  // The same, unpacked: a new DATA_DIR is a copy of it (openDatabase), cheaper than untarring.
  const unpacked = path.join(dist, 'pgdata-template');
  const part = await fs.mkdtemp(path.join(dist, 'pgdata-template-'));
  try {
    await (await openDatabase({ dataDir: part, template: out })).close();
    await fs.rm(unpacked, { recursive: true, force: true });
    await fs.rename(path.join(part, 'pgdata'), unpacked);
  } finally {
    await fs.rm(part, { recursive: true, force: true });
  }
} finally {
  await handle.close();
  await fs.rm(scratch, { recursive: true, force: true });
}
