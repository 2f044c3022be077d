import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type sharpModule from 'sharp';
import type { Config } from '../../config.js';
import { HttpError } from '../errors.js';
import { newId } from '../ids.js';
import { DOCUMENT_MAX_BYTES } from '@muster/contract/limits';
import { isImageType, sniffType } from './sniff.js';
import { mediaParamsSchema, mediaReadHeadersSchema, STORED_MEDIA_NAME } from '@muster/contract/media';

export const MEDIA_URL_PREFIX = '/media/';

// sharp (libvips, ~30 MB of RSS once loaded) is loaded when the first image is processed, not at
// start: most starts and many processes never process one (decision 026).
let sharpLoaded: Promise<typeof sharpModule> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));
/** Decoding stops past this many pixels: a small file that inflates to a huge image is refused. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const INVALID_MEDIA = 'Please upload a valid image or video file';
export const FAILED_TO_PROCESS = 'Failed to process file.';
export const DOCUMENT_TOO_LARGE = 'File size must be less than 10MB';
const MAX_VIDEO_BYTES = 11 * 1024 * 1024;
const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export type MediaStore = {
  /** Decodes a data URL, checks the bytes are an image, re-encodes it and stores it; returns its URL. */
  saveImage: (dataUrl: string, options: { maxDimension: number }) => Promise<string>;
  /**
   * One of our own SVG drawings (the demo data's pictures, never anyone's upload), rendered to
   * WebP at its own size in one pass: nothing to distrust, and the demo seed's start-up waits
   * for several dozen of them.
   */
  saveDrawing: (svg: string) => Promise<string>;
  /** A video, stored as sent once its bytes prove it is MP4 or WebM (no re-encoder is available). */
  saveVideo: (dataUrl: string) => Promise<string>;
  /** A PDF, DOC or DOCX under 10 MB, served only as a download. */
  saveDocument: (dataUrl: string) => Promise<string>;
  /**
   * Never fails: it runs after the write that let the file go has committed, so a file that will
   * not go (a bucket down) is litter to log, not a failed request for a change already made.
   */
  remove: (url: string) => Promise<void>;
  /** Throws unless the store can be written now: readiness (`/api/v1/ready`, decision 074) asks it. */
  check: () => Promise<void>;
  /** Where the bytes live: `/media/<name>` reads through it (decision 073). */
  backend: MediaBackend;
};

/**
 * Where stored bytes live, under the processing above (decision 073): the local folder, or an
 * S3-compatible bucket. Names are the store's own (`STORED_MEDIA_NAME`), the same in both, so a
 * URL in the database (`/media/<name>`) means the same file whichever holds it.
 */
export type MediaBackend = DiskBackend | ObjectBackend;

type BackendBase = {
  put: (name: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** Removing what is not there is not an error. */
  remove: (name: string) => Promise<void>;
  check: () => Promise<void>;
  /** The stored size in bytes, undefined when there is no such file. */
  size: (name: string) => Promise<number | undefined>;
};

export type DiskBackend = BackendBase & { kind: 'disk'; dir: string };

/** What a proxied read of a bucket's object gives: 404 is `undefined`, 416 and 304 are answers too. */
export type StoredObject =
  | {
      status: 200 | 206;
      body: Readable | undefined;
      contentType: string | undefined;
      contentLength: number | undefined;
      contentRange: string | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    }
  | { status: 304; etag: string | undefined }
  | { status: 416; contentRange: string | undefined };

export type ObjectBackend = BackendBase & {
  kind: 's3';
  /** `head` reads the headers only. Throws StorageUnavailable when the bucket does not answer. */
  read: (
    name: string,
    options: { head: boolean; range?: string; ifNoneMatch?: string },
  ) => Promise<StoredObject | undefined>;
  /** A presigned GET, answered by the bucket with the headers given (decision 073). */
  signedUrl: (
    name: string,
    options: { expiresIn: number; contentType?: string; contentDisposition?: string; cacheControl: string },
  ) => Promise<string>;
};

/** The bucket did not answer or refused us: the client's request was fine, so a 503, never a 500. */
export const storageUnavailable = () =>
  new HttpError(503, 'STORAGE_UNAVAILABLE', 'Stored files cannot be reached right now. Please try again.');

/** The type a stored name is served with; the store makes only these. */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const contentTypeOf = (name: string) =>
  MEDIA_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Splits `data:<type>;base64,<payload>`; the declared type is not trusted, only the bytes. */
export function decodeDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const match = /^data:[\w.+/-]*(?:;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw new HttpError(400, 'BAD_MEDIA', FAILED_TO_PROCESS);
  if ((match[1]!.length * 3) / 4 > maxBytes + 4)
    throw new HttpError(413, 'TOO_LARGE', 'The file is too large');
  return Buffer.from(match[1]!, 'base64');
}

/** The local folder DATA_DIR/media: the default, and what every install had before decision 073. */
export function createDiskBackend(dataDir: string): DiskBackend {
  const dir = path.join(dataDir, 'media');
  return {
    kind: 'disk',
    dir,
    async put(name, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), bytes);
    },
    async remove(name) {
      await fs.rm(path.join(dir, name), { force: true });
    },
    async check() {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
    },
    async size(name) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },
  };
}

/**
 * The store the app uses: the bucket when S3_ENDPOINT is set, the local folder otherwise. The AWS
 * SDK is loaded only then (decision 026: a default start parses none of it). `onError` hears every
 * failed bucket operation (metrics count them).
 */
export async function createMediaStore(
  config: Pick<Config, 'dataDir' | 's3'>,
  options: { onError?: (operation: string, err: unknown) => void; log?: FastifyBaseLogger } = {},
): Promise<MediaStore> {
  if (!config.s3) return mediaStoreOn(createDiskBackend(config.dataDir), options.log);
  const { createS3Backend } = await import('./s3-backend.js');
  return mediaStoreOn(await createS3Backend(config.s3, options.onError), options.log);
}

/** Local-folder storage under DATA_DIR/media (tests, the seed and the demo template use it directly). */
export const createLocalMediaStore = (dataDir: string) => mediaStoreOn(createDiskBackend(dataDir));

/**
 * Nothing is stored as it came: images are decoded and written anew by sharp (EXIF and other
 * metadata dropped, orientation applied), so a polyglot or a script hidden in a picture does not
 * survive. Videos and documents are stored as sent once their bytes prove their type.
 */
export function mediaStoreOn(backend: MediaBackend, log?: FastifyBaseLogger): MediaStore {
  const store = async (ext: string, bytes: Buffer) => {
    const name = `${newId()}.${ext}`;
    await backend.put(name, bytes, contentTypeOf(name));
    return `${MEDIA_URL_PREFIX}${name}`;
  };
  return {
    backend,
    async saveImage(dataUrl, { maxDimension }) {
      const input = decodeDataUrl(dataUrl, MAX_IMAGE_BYTES);
      if (!isImageType(sniffType(input))) throw new HttpError(400, 'BAD_MEDIA', INVALID_MEDIA);
      let output: Buffer;
      try {
        const sharp = await loadSharp();
        output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize(maxDimension, maxDimension, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new HttpError(400, 'BAD_MEDIA', INVALID_MEDIA);
      }
      return store('webp', output);
    },
    async saveDrawing(svg) {
      const sharp = await loadSharp();
      // effort 0: a tenth of the encoding time for flat shapes, at ~10 KB a picture instead of ~5.
      const output = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 0 }).toBuffer();
      return store('webp', output);
    },
    async saveVideo(dataUrl) {
      const input = decodeDataUrl(dataUrl, MAX_VIDEO_BYTES);
      const type = sniffType(input);
      if (type !== 'video/mp4' && type !== 'video/webm') throw new HttpError(400, 'BAD_MEDIA', INVALID_MEDIA);
      return store(type === 'video/mp4' ? 'mp4' : 'webm', input);
    },
    async saveDocument(dataUrl) {
      let input: Buffer;
      try {
        input = decodeDataUrl(dataUrl, DOCUMENT_MAX_BYTES);
      } catch (err) {
        throw err instanceof HttpError && err.statusCode === 413
          ? new HttpError(413, 'TOO_LARGE', DOCUMENT_TOO_LARGE)
          : err;
      }
      if (input.length >= DOCUMENT_MAX_BYTES) throw new HttpError(413, 'TOO_LARGE', DOCUMENT_TOO_LARGE);
      const ext = DOCUMENT_TYPES[sniffType(input) ?? ''];
      if (!ext) throw new HttpError(400, 'BAD_DOCUMENT', 'Attach a PDF, DOC or DOCX file');
      return store(ext, input);
    },
    async remove(url) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return;
      const name = path.basename(url);
      if (!STORED_MEDIA_NAME.test(name)) return;
      await backend
        .remove(name)
        .catch((err: unknown) => log?.warn({ err, url }, 'a stored file could not be removed'));
    },
    check: () => backend.check(),
  };
}

/**
 * Nothing written means nothing: the files `work` saves through the store it is handed are
 * removed again if `work` throws — a refused second attachment, or the row write that was to
 * point at them. Only the saving and that write belong inside; what follows a committed write
 * (removing a replaced file, presenting) goes after, or a late failure would orphan the row.
 */
export async function savingMedia<T>(store: MediaStore, work: (media: MediaStore) => Promise<T>): Promise<T> {
  const saved: string[] = [];
  const keep = async (url: Promise<string>) => {
    saved.push(await url);
    return saved[saved.length - 1]!;
  };
  try {
    return await work({
      saveImage: (dataUrl, options) => keep(store.saveImage(dataUrl, options)),
      saveDrawing: (svg) => keep(store.saveDrawing(svg)),
      saveVideo: (dataUrl) => keep(store.saveVideo(dataUrl)),
      saveDocument: (dataUrl) => keep(store.saveDocument(dataUrl)),
      remove: (url) => store.remove(url),
      check: () => store.check(),
      backend: store.backend,
    });
  } catch (err) {
    // The first failure is the one to report; a file that will not go is only litter.
    await Promise.allSettled(saved.map((url) => store.remove(url)));
    throw err;
  }
}

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const SANDBOX = "default-src 'none'; sandbox";
/** Documents are never shown inline: a download, whatever the browser would make of them. */
const isDocument = (name: string) => /\.(pdf|docx?)$/.test(name);

/**
 * Serves stored media: long-cached (names are unique), nosniff, never as HTML. Only names the store
 * makes are looked up: the folder itself, a dot file or anything further down is as missing as a
 * deleted file, and a missing one is 404 (errors.ts), never the app (issue 31). From a bucket,
 * `proxy` streams the object with the same headers; `signed` redirects to a presigned URL that
 * asks the bucket for them (decision 073).
 */
export async function registerMediaRoutes(
  app: FastifyInstance,
  store: MediaStore,
  delivery: { mode: 'proxy' | 'signed'; ttlSeconds: number },
) {
  const { backend } = store;
  if (backend.kind === 'disk') {
    await fs.mkdir(backend.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: backend.dir,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: (pathname) => pathname.startsWith('/') && STORED_MEDIA_NAME.test(pathname.slice(1)),
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', CACHE_FOREVER);
        res.setHeader('Content-Security-Policy', SANDBOX);
        if (isDocument(filePath)) res.setHeader('Content-Disposition', 'attachment');
      },
    });
    return;
  }
  app.route({
    method: ['GET', 'HEAD'],
    // A wildcard, not `:name`: a parameter past fastify's maxParamLength answers 414, and an
    // overlong name is as missing as any other the store never makes.
    url: `${MEDIA_URL_PREFIX}*`,
    handler: async (request, reply) => {
      const params = mediaParamsSchema.safeParse({ name: (request.params as { '*': string })['*'] });
      if (!params.success) return reply.callNotFound();
      const { name } = params.data;
      if (delivery.mode === 'signed') {
        const url = await backend
          .signedUrl(name, {
            expiresIn: delivery.ttlSeconds,
            contentType: MEDIA_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)],
            contentDisposition: isDocument(name) ? 'attachment' : undefined,
            cacheControl: CACHE_FOREVER,
          })
          .catch(() => {
            throw storageUnavailable();
          });
        // Every answer is a fresh signature: the redirect itself is never cached.
        return reply.header('Cache-Control', 'no-store').redirect(url, 302);
      }
      const headers = mediaReadHeadersSchema.parse(request.headers);
      const found = await backend.read(name, {
        head: request.method === 'HEAD',
        range: headers.range,
        ifNoneMatch: headers['if-none-match'],
      });
      if (!found) return reply.callNotFound();
      reply.header('Content-Security-Policy', SANDBOX);
      reply.header('X-Content-Type-Options', 'nosniff');
      // Not cached: only the file is forever, not an answer to one odd range.
      if (found.status === 416) {
        if (found.contentRange) reply.header('Content-Range', found.contentRange);
        return reply.status(416).send();
      }
      reply.header('Cache-Control', CACHE_FOREVER);
      if (found.etag) reply.header('ETag', found.etag);
      // A 304 names the tag it confirms; the bucket's refusal does not carry it, the request does.
      const asked = headers['if-none-match'];
      if (found.status === 304 && asked && !/[,*]/.test(asked)) reply.header('ETag', asked);
      if (found.status === 304) return reply.status(304).send();
      reply.header('Content-Type', found.contentType ?? contentTypeOf(name));
      reply.header('Accept-Ranges', 'bytes');
      if (isDocument(name)) reply.header('Content-Disposition', 'attachment');
      if (found.contentLength !== undefined) reply.header('Content-Length', found.contentLength);
      if (found.contentRange) reply.header('Content-Range', found.contentRange);
      if (found.lastModified) reply.header('Last-Modified', found.lastModified.toUTCString());
      reply.status(found.status);
      return reply.send(found.body ?? '');
    },
  });
}
