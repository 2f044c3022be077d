import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_S3_KEY, type LocalS3 } from './local-s3.js';

/** A client of the test's own on the local S3 server, to look into the bucket behind the app's back. */
export function bucketClient(s3: LocalS3) {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_S3_KEY, secretAccessKey: LOCAL_S3_KEY },
  });
}

/** Every object name in the bucket, sorted. */
export async function bucketNames(s3: LocalS3): Promise<string[]> {
  const client = bucketClient(s3);
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) names.push(object.Key!);
    token = page.NextContinuationToken;
  } while (token);
  client.destroy();
  return names.sort();
}
