import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { type ObjectBackend, storageUnavailable } from './media.js';

type S3Settings = NonNullable<Config['s3']>;

/** The status an SDK error carries from the bucket's answer; undefined when none came (a network error). */
const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

/**
 * Media in an S3-compatible bucket (AWS, MinIO, Garage, Ceph; decision 073), one object per stored
 * name, with the content type the processing gave it. The SDK (several MB) is imported here, and
 * this module only when S3_ENDPOINT is set. A failure other than "not there" goes to `onError`
 * (metrics count storage errors) and leaves as a 503: the client asked for nothing wrong.
 */
export async function createS3Backend(
  settings: S3Settings,
  onError: (operation: string, err: unknown) => void = () => undefined,
): Promise<ObjectBackend> {
  const s3 = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new s3.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only when the operation requires one: MinIO, Garage and Ceph releases in use
    // today refuse or ignore the newer default CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  /** Runs one bucket operation; a failure is reported and becomes a 503 unless `expected` takes it. */
  async function call<T, U = never>(
    operation: string,
    work: () => Promise<T>,
    expected?: (err: unknown) => U | undefined,
  ): Promise<T | U> {
    try {
      return await work();
    } catch (err) {
      const answer = expected?.(err);
      if (answer !== undefined) return answer;
      onError(operation, err);
      throw storageUnavailable();
    }
  }
  const missing = (err: unknown) => (statusOf(err) === 404 ? null : undefined);
  const size = async (name: string) => {
    const head = await call(
      'size',
      () => client.send(new s3.HeadObjectCommand({ Bucket, Key: name })),
      missing,
    );
    return head ? head.ContentLength : undefined;
  };

  return {
    kind: 's3',
    async put(name, bytes, contentType) {
      await call('put', () =>
        client.send(new s3.PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType })),
      );
    },
    async remove(name) {
      // S3 answers 204 for a key that is not there: removing twice is not an error.
      await call('remove', () => client.send(new s3.DeleteObjectCommand({ Bucket, Key: name })));
    },
    async check() {
      await call('check', () => client.send(new s3.HeadBucketCommand({ Bucket })));
    },
    size,
    async read(name, { head, range, ifNoneMatch }) {
      const request = { Bucket, Key: name, Range: range, IfNoneMatch: ifNoneMatch };
      const answer = await call(
        head ? 'head' : 'read',
        () => client.send(head ? new s3.HeadObjectCommand(request) : new s3.GetObjectCommand(request)),
        (err) => {
          const status = statusOf(err);
          if (status === 404) return null;
          if (status === 304) return { notModified: true as const };
          if (status === 416) return { unsatisfiable: true as const };
          return undefined;
        },
      );
      if (!answer) return undefined;
      if ('notModified' in answer) return { status: 304, etag: undefined };
      if ('unsatisfiable' in answer) {
        const total = await size(name);
        return { status: 416, contentRange: total === undefined ? undefined : `bytes */${total}` };
      }
      const body = 'Body' in answer ? (answer.Body as Readable | undefined) : undefined;
      return {
        status: answer.ContentRange ? 206 : 200,
        body,
        contentType: answer.ContentType,
        contentLength: answer.ContentLength,
        contentRange: answer.ContentRange,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    },
    async signedUrl(name, { expiresIn, contentType, contentDisposition, cacheControl }) {
      const command = new s3.GetObjectCommand({
        Bucket,
        Key: name,
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition,
        ResponseCacheControl: cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn });
    },
  };
}
