import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import secureJson from 'secure-json-parse';
import { API_ROOT } from '@muster/contract/limits';
import { HttpError } from './errors.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Browser features no page of ours uses, switched off so that injected or framed content cannot
 * ask for them either. Location comes from the place search; the browser's geolocation only for
 * our own pages (the map's "near me", issue 37: asked for when the person presses it, never stored,
 * decision 077), never for a frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/**
 * Security headers (a strict CSP: scripts only from our origin) and the request rules of
 * DESIGN.md §3: a state-changing request must be JSON and, when the browser names its origin,
 * come from our own. Together with SameSite=Lax cookies this closes cross-site request forgery.
 * Strict-Transport-Security only when the public address is https: over plain http the header is
 * ignored by browsers at best, and at worst pins a host name that later serves something on http.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; https: boolean; mediaOrigin?: string | undefined },
): Promise<void> {
  // Signed media URLs (decision 073) send the browser to the bucket for pictures and videos.
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and react-hot-toast set inline styles; scripts stay locked down.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:', 'blob:', ...media],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // Every API answer, not only those to a valid session: whether the session is valid is known
    // only later (and may end mid-request), every answer depends on the cookie, and none is meant
    // for a browser's or a proxy's cache — the web app keeps its own. /media/ and the web app's
    // hashed assets set their own long-lived caching.
    if (
      request.url === API_ROOT ||
      request.url.startsWith(`${API_ROOT}/`) ||
      request.url.startsWith(`${API_ROOT}?`)
    ) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Fastify's text/plain parser would let a cross-site form post reach us without a preflight.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body (POST /auth/logout, say) is "no body", not a syntax error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(new HttpError(400, 'INVALID_JSON', 'The request body is not valid JSON'), undefined);
    }
  });

  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.authorizedByToken) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!isOwnOrigin(request, origin, publicOrigin)) throw badOrigin();
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw badOrigin();
    }
    const type = request.headers['content-type'];
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    if (
      BODY_METHODS.has(request.method) &&
      (hasBody || type !== undefined) &&
      !type?.toLowerCase().startsWith('application/json')
    ) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Requests must be sent as JSON');
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This write is authorised by a signed token in its address and by nothing the browser sends
     * on its own (no cookie is read): a forged cross-site request cannot borrow anyone's rights,
     * so it may come from anywhere and as a form. RFC 8058's one-click unsubscribe is such a write:
     * a mail provider's server POSTs `List-Unsubscribe=One-Click` as a form, from its own origin.
     */
    authorizedByToken?: boolean;
  }
}

export const badOrigin = () => new HttpError(403, 'BAD_ORIGIN', 'Cross-site requests are not allowed');

/**
 * Whether a browser's Origin header names us: our public address, or the host the request was
 * sent to (the web app's development server proxies /api with its own host and origin).
 */
export function isOwnOrigin(request: FastifyRequest, origin: string, publicOrigin: string): boolean {
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/**
 * Helmet's headers, worked out once. They are the same for every response, and the Fastify
 * plugin rebuilt Helmet — parsing the whole policy again — on every request (6 % of a feed
 * request's CPU).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Where a signed media URL points (decision 073): the endpoint itself with path-style addressing,
 * the bucket's own host under it otherwise. Undefined when media are served from our origin.
 */
export function signedMediaOrigin(
  s3: { endpoint: string; bucket: string; forcePathStyle: boolean } | undefined,
  delivery: 'proxy' | 'signed',
): string | undefined {
  if (!s3 || delivery !== 'signed') return undefined;
  const endpoint = new URL(s3.endpoint);
  return s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}
