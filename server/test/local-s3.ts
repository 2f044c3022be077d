import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server on loopback for the suite (s3rver, from the npm registry; decision 073):
 * one bucket, in a folder of its own. It checks that a signed URL has not expired but not the
 * signature itself, so signing is tested apart from it (platform/media/s3-signing.test.ts).
 */
export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** What a Muster process needs in its environment to store media here. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

export const LOCAL_S3_KEY = 'S3RVER';

export async function startLocalS3(bucket = 'muster-media'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: LOCAL_S3_KEY,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
