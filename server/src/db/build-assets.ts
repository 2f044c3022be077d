import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { installJobSchema } from '../platform/jobs.js';
import { createLocalMediaStore } from '../platform/media/media.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { markAsDemoTemplate, seedDemoData } from './seed.js';

/**
 * Run by the build (build.mjs) after bundling; makes what a first start would otherwise spend
 * seconds on (decisions 026 and 037), beside the bundle in `dist`:
 *   demo-template/          a data directory with the demo data: its database (pgdata/) and its
 *                           pictures (media/); a new DATA_DIR with the demo starts as a copy
 *   pgdata-template.tar.gz  an embedded database, initialised and migrated, that a new DATA_DIR
 *                           without the demo starts from instead of PGlite's initdb (~8 s here)
 *   pgdata-template/        the same unpacked, which a start copies (what main.ts uses); last
 */
const dist = process.argv[2];
if (!dist) throw new Error('usage: node build-assets.js <dist directory>');
const handle = await openDatabase({});
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-build-'));
try {
  await migrateToLatest(handle.db);
  await installJobSchema(handle.jobBackend);
  // Compressed: uncompressed (42 MB) saved a little CPU at a first start but left ~65 MB more
  // resident afterwards.
  const template = await handle.dumpDataDir!('gzip');

  const seedStartedAt = new Date();
  await seedDemoData(handle.db, createLocalMediaStore(scratch), pino({ level: 'silent' }));
  await markAsDemoTemplate(handle.db, seedStartedAt);
  const demo = path.join(dist, 'demo-template');
  await fs.rm(demo, { recursive: true, force: true });
  await fs.mkdir(demo);
  await fs.rename(path.join(scratch, 'media'), path.join(demo, 'media'));
  await unpack(await handle.dumpDataDir!('gzip'), path.join(demo, 'pgdata'));

  const out = path.join(dist, 'pgdata-template.tar.gz');
  await fs.writeFile(`${out}.part`, Buffer.from(await template.arrayBuffer()));
  await fs.rename(`${out}.part`, out);
  // The same, unpacked: a new DATA_DIR is a copy of it (openDatabase), cheaper than untarring.
  await unpack(template, path.join(dist, 'pgdata-template'));
} finally {
  await handle.close();
  await fs.rm(scratch, { recursive: true, force: true });
}

/** A data-dir tarball as the directory PGlite opens, made by PGlite itself loading it. */
async function unpack(tarball: Blob, to: string): Promise<void> {
  const part = await fs.mkdtemp(path.join(path.dirname(to), 'unpacking-'));
  try {
    await (await openDatabase({ dataDir: part, loadDataDir: tarball })).close();
    await fs.rm(to, { recursive: true, force: true });
    await fs.rename(path.join(part, 'pgdata'), to);
  } finally {
    await fs.rm(part, { recursive: true, force: true });
  }
}
