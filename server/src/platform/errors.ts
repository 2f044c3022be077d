import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type ErrorDetail = { path: string; message: string };

/** An error a service throws on purpose; the handler turns it into the API's error envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /**
     * More the envelope carries besides `details`, each field in the contract's apiErrorSchema
     * (a refused sign-in's `suspension`, decision 070).
     */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new HttpError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Please sign in to continue') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
/**
 * A write refused by a foreign key (23503): the row it points at (a post, the comment replied to)
 * went between our look and our write, so the write is refused whole; the caller answers 404.
 */
export const isGoneUnderUs = (err: unknown) => (err as { code?: string })?.code === '23503';
/** Input that does not fit its schema: a 400 naming each field (dotted path) and what is wrong. */
export const validationFailed = (details: ErrorDetail[]) =>
  new HttpError(400, 'VALIDATION_FAILED', details[0]?.message ?? 'Invalid input', details);

/**
 * Fastify's own client errors, in our codes and words. Their messages quote the raw input (a bad
 * URL, a content type) and their codes name the framework, so neither reaches the client.
 */
const fastifyClientErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'TOO_LARGE', message: 'The request is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Requests must be sent as JSON',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body does not match its stated length',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'TOO_LARGE', message: 'The address is too long' },
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Requests must be sent as JSON',
  },
  FST_ERR_ROUTE_MISSING_CONTENT: { status: 400, code: 'BAD_REQUEST', message: 'The request needs a body' },
};

/** Any other 4xx from a framework or plugin: its status kept, its words and code our own. */
const clientErrorsByStatus: Record<number, { code: string; message: string }> = {
  404: { code: 'NOT_FOUND', message: 'Not found' },
  413: { code: 'TOO_LARGE', message: 'The request is too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Requests must be sent as JSON' },
};
const CLIENT_ERROR = { code: 'BAD_REQUEST', message: 'The request could not be understood' };

function sendError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext;
    const details = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(where ?? ''),
      message: v.message ?? 'Invalid value',
    }));
    return reply.status(400).send({
      message: details[0]?.message ?? 'Invalid input',
      code: 'VALIDATION_FAILED',
      details,
    });
  }
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send({
      message: error.message,
      code: error.code,
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
    });
  }
  const known = fastifyClientErrors[error.code];
  if (known) return reply.status(known.status).send({ message: known.message, code: known.code });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const { code, message } = clientErrorsByStatus[status] ?? CLIENT_ERROR;
    return reply.status(status).send({ message, code });
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(status >= 500 && status < 600 ? status : 500)
    .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
}

/**
 * Fastify's `frameworkErrors` option: the errors it raises before any route or hook runs (a URL
 * that does not decode, a parameter over the router's length), which otherwise answer in
 * Fastify's own shape with the raw path quoted back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}

/**
 * One envelope for every failure: `{ message, code, details? }`. Client mistakes keep their 4xx
 * status and a readable message; anything else is a logged 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  // Registered here, on the root instance, so that it runs for every route of every feature.
  app.addHook('preValidation', refuseUnstorableText);

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/') && !isMediaPath(request.url)) {
      // The web app routes by URL fragment; any other path is best answered with the app itself.
      return reply.redirect('/');
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}

/**
 * A path under /media/, however it is spelled (encoded, any case, doubled slashes, a query): a
 * picture or a file that is not there is missing, not a page of the app. Answered with the app, a
 * deleted file read as 302 to "/" (issue 31), and an <img> or a download got HTML.
 */
function isMediaPath(url: string): boolean {
  const pathOnly = url.split('?', 1)[0]!;
  let decoded = pathOnly;
  try {
    decoded = decodeURIComponent(pathOnly);
  } catch {
    // A broken escape: the raw path decides.
  }
  return /^\/+media(\/|$)/i.test(decoded) || /^\/+media(\/|$)/i.test(pathOnly);
}

const NUL_MESSAGE = 'Must not contain a NUL character';
const UNICODE_MESSAGE = 'Must be valid Unicode text';
/** With the u flag a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const MAX_DETAILS = 20;

/**
 * Text no database stores: PostgreSQL refuses NUL in text and JSON, and a lone UTF-16 surrogate
 * is not Unicode (it would be stored as U+FFFD, or refused). Checked once for every route, before
 * its schema, in the path parameters, the query and the body — strings and field names, at any
 * depth — so no schema has to remember it and no such text reaches a query as a 500.
 */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const details = [
    ...unstorableText(request.params, 'params'),
    ...unstorableText(request.query, 'querystring'),
    ...unstorableText(request.body, 'body'),
  ];
  if (details.length) throw validationFailed(details.slice(0, MAX_DETAILS));
}

const problemOf = (text: string) =>
  text.includes('\u0000') ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? UNICODE_MESSAGE : undefined;

type Step = { key: string; parent: Step | undefined };
/** A field's path as the schema errors write it (`images.0.url`), or the part of the request. */
function pathOf(step: Step | undefined, root: string): string {
  const keys: string[] = [];
  for (let s = step; s; s = s.parent) keys.push(s.key);
  return keys.length ? keys.reverse().join('.') : root;
}

/**
 * The strings and field names in a parsed value that cannot be stored, with their paths. Walks
 * without recursion and without copying paths: a 256 KB body can nest 100,000 levels deep.
 */
export function unstorableText(value: unknown, root: string): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const pending: Array<{ item: unknown; at: Step | undefined }> = [{ item: value, at: undefined }];
  while (pending.length && found.length < MAX_DETAILS) {
    const { item, at } = pending.pop()!;
    if (typeof item === 'string') {
      const message = problemOf(item);
      if (message) found.push({ path: pathOf(at, root), message });
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        const message = problemOf(key);
        // The field name is not echoed back: it is the text that cannot be stored.
        if (message)
          found.push({
            path: pathOf(at, root),
            message: `Field names ${message[0]!.toLowerCase()}${message.slice(1)}`,
          });
        else pending.push({ item: (item as Record<string, unknown>)[key], at: { key, parent: at } });
      }
    }
  }
  return found;
}
