import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type sharpModule from 'sharp';
import { HttpError } from '../errors.js';
import { newId } from '../ids.js';
import { DOCUMENT_MAX_BYTES } from '@muster/contract/limits';
import { isImageType, sniffType } from './sniff.js';

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
  remove: (url: string) => Promise<void>;
  /** Throws unless the store can be written now: readiness (`/api/v1/ready`, decision 074) asks it. */
  check: () => Promise<void>;
};

/** Splits `data:<type>;base64,<payload>`; the declared type is not trusted, only the bytes. */
export function decodeDataUrl(dataUrl: string, maxBytes: number): Buffer {
  const match = /^data:[\w.+/-]*(?:;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw new HttpError(400, 'BAD_MEDIA', FAILED_TO_PROCESS);
  if ((match[1]!.length * 3) / 4 > maxBytes + 4)
    throw new HttpError(413, 'TOO_LARGE', 'The file is too large');
  return Buffer.from(match[1]!, 'base64');
}

/**
 * Local-folder storage under DATA_DIR/media. Nothing is stored as it came: images are decoded
 * and written anew by sharp (EXIF and other metadata dropped, orientation applied), so a
 * polyglot or a script hidden in a picture does not survive.
 */
export function createLocalMediaStore(dataDir: string): MediaStore {
  const dir = path.join(dataDir, 'media');
  return {
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
      const name = `${newId()}.webp`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), output);
      return `${MEDIA_URL_PREFIX}${name}`;
    },
    async saveDrawing(svg) {
      const name = `${newId()}.webp`;
      await fs.mkdir(dir, { recursive: true });
      const sharp = await loadSharp();
      // effort 0: a tenth of the encoding time for flat shapes, at ~10 KB a picture instead of ~5.
      const output = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 0 }).toBuffer();
      await fs.writeFile(path.join(dir, name), output);
      return `${MEDIA_URL_PREFIX}${name}`;
    },
    async saveVideo(dataUrl) {
      const input = decodeDataUrl(dataUrl, MAX_VIDEO_BYTES);
      const type = sniffType(input);
      if (type !== 'video/mp4' && type !== 'video/webm') throw new HttpError(400, 'BAD_MEDIA', INVALID_MEDIA);
      const name = `${newId()}.${type === 'video/mp4' ? 'mp4' : 'webm'}`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), input);
      return `${MEDIA_URL_PREFIX}${name}`;
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
      const name = `${newId()}.${ext}`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), input);
      return `${MEDIA_URL_PREFIX}${name}`;
    },
    async remove(url) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return;
      const name = path.basename(url);
      await fs.rm(path.join(dir, name), { force: true });
    },
    async check() {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, fs.constants.W_OK);
    },
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
    });
  } catch (err) {
    // The first failure is the one to report; a file that will not go is only litter.
    await Promise.allSettled(saved.map((url) => store.remove(url)));
    throw err;
  }
}

/** A stored file's name, as the store makes them: an id and an extension, in the folder itself. */
const STORED_NAME = /^\/[\w-]+\.[a-z0-9]{1,5}$/;

/**
 * Serves stored media: long-cached (names are unique), nosniff, never as HTML. Only names the store
 * makes are looked up: the folder itself, a dot file or anything further down is as missing as a
 * deleted file, and a missing one is 404 (errors.ts), never the app (issue 31).
 */
export async function registerMediaRoutes(app: FastifyInstance, dataDir: string) {
  const dir = path.join(dataDir, 'media');
  await fs.mkdir(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: (pathname) => STORED_NAME.test(pathname),
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      // Documents are never shown inline: a download, whatever the browser would make of them.
      if (/\.(pdf|docx?)$/.test(filePath)) res.setHeader('Content-Disposition', 'attachment');
    },
  });
}
