// `npm run media:copy-to-s3 -w server`: copies the media of the local folder (DATA_DIR/media) into
// the bucket S3_* names (decision 073), before a server starts with S3_ENDPOINT set. Run it again
// as often as needed: an object already there with the same size is skipped, so an interrupted
// copy resumes, and a last run just before switching over copies only what came in meanwhile.
// Content types are read from each file's bytes, as an upload's are; names stay as they are, so
// every `/media/<name>` in the database finds its object.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { STORED_MEDIA_NAME } from '@muster/contract/media';
import { loadConfig } from './config.js';
import { createMediaStore, MEDIA_CONTENT_TYPES } from './platform/media/media.js';
import { sniffType } from './platform/media/sniff.js';

type Output = { write: (text: string) => unknown };

/** Files copied at once: enough to hide a bucket's latency, few enough for a small machine's memory. */
const PARALLEL = 4;

/** The exit code: 0 all there, 1 some file failed, 2 no bucket configured. */
export async function main(
  env: NodeJS.ProcessEnv,
  io: { out: Output; err: Output } = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const config = loadConfig(env);
  if (!config.s3) {
    io.err.write('Set S3_ENDPOINT, S3_BUCKET and the S3 keys: they name the bucket to copy into.\n');
    return 2;
  }
  // The bucket's own words on a failure (a wrong key, no such bucket), not only "cannot be reached".
  const { backend } = await createMediaStore(config, {
    onError: (operation, err) =>
      io.err.write(
        `S3 ${operation}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}\n`,
      ),
  });
  const dir = path.join(config.dataDir, 'media');
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const counts = { copied: 0, alreadyThere: 0, notMedia: 0, failed: 0 };
  const queue = [...names].sort();
  const copyOne = async (name: string) => {
    const file = path.join(dir, name);
    const stat = await fs.stat(file);
    // Only what the store itself would have written: a stray file is not served at /media either.
    if (!stat.isFile() || !STORED_MEDIA_NAME.test(name)) {
      counts.notMedia++;
      return;
    }
    if ((await backend.size(name)) === stat.size) {
      counts.alreadyThere++;
      return;
    }
    const bytes = await fs.readFile(file);
    const type =
      sniffType(bytes) ??
      MEDIA_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ??
      'application/octet-stream';
    await backend.put(name, bytes, type);
    counts.copied++;
  };
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        await copyOne(name).catch((err: unknown) => {
          counts.failed++;
          io.err.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
        });
      }
    }),
  );
  io.out.write(
    `${names.length} files in ${dir}: ${counts.copied} copied, ${counts.alreadyThere} already in the bucket ` +
      `${config.s3.bucket}, ${counts.notMedia} not media, ${counts.failed} failed.\n`,
  );
  return counts.failed ? 1 : 0;
}

// Run as a script (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = await main(process.env);
