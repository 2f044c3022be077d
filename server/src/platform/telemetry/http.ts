import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { metricsHeadersSchema } from '@muster/contract/metrics';
import type { Db } from '../../db/database.js';
import { forbidden, unauthorized } from '../errors.js';
import { type LogContext, withLogContext } from './log-context.js';
import { createAppMetrics } from './metrics.js';
import { sampled, tracingApi } from './tracing.js';

type RequestTelemetry = {
  log: LogContext;
  /** With tracing on: the request's span and the context that holds it. */
  span?: Span;
  context?: Context;
};

const ofRequest = new WeakMap<FastifyRequest, RequestTelemetry>();

/**
 * Runs the rest of a request inside its log context (and its span's context). Entered at
 * onRequest, and again at preValidation: a body arrives in events of the socket, outside the
 * context its request began in, so what follows the body (validation, the handler) would lose it.
 */
function enter(t: RequestTelemetry, next: () => void) {
  const api = tracingApi()?.api;
  withLogContext(t.log, api && t.context ? () => api.context.with(t.context!, next) : next);
}

/**
 * Every request's context (its log lines' reqId; its span when tracing is on) and its figures, and
 * `GET /metrics`. Registered before any other hook, so that every hook's work is inside the request.
 */
export function registerTelemetry(
  app: FastifyInstance,
  options: { db: Db; metricsToken: string | undefined },
) {
  const metrics = createAppMetrics({
    db: options.db,
    openSockets: () => app.websocketServer?.clients.size ?? 0,
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const t: RequestTelemetry = { log: { reqId: request.id, owner: request.log } };
    const tracing = tracingApi();
    if (tracing && sampled(request.headers.traceparent)) {
      const { api, tracer } = tracing;
      // A caller's traceparent (a proxy, another service) makes this request part of its trace.
      const parent = api.propagation.extract(api.ROOT_CONTEXT, request.headers);
      const route = request.routeOptions.url;
      t.span = tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: api.SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'url.path': request.url.split('?', 1)[0],
            ...(route ? { 'http.route': route } : {}),
          },
        },
        parent,
      );
      t.context = api.trace.setSpan(parent, t.span);
    }
    ofRequest.set(request, t);
    enter(t, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const t = ofRequest.get(request);
    if (t) enter(t, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The template, so that /posts/1 and /posts/2 are one series; unmatched paths are one too.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const span = ofRequest.get(request)?.span;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: 2 /* ERROR */ });
      span.end();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const span = ofRequest.get(request)?.span;
    if (span) {
      span.setStatus({ code: 2 /* ERROR */, message: 'the client went away' });
      span.end();
    }
    done();
  });

  app.get('/metrics', { schema: { hide: true, headers: metricsHeadersSchema } }, async (request, reply) => {
    guard(request, options.metricsToken);
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * Metrics tell an outsider too much (routes, load, queue backlogs): with METRICS_TOKEN only its
 * bearer may read them; without it only this machine (a scraper beside the process, or through an
 * SSH tunnel). The socket's own address decides, never X-Forwarded-For, which anyone can write.
 */
function guard(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) throw unauthorized('The metrics need the bearer token (METRICS_TOKEN)');
    return;
  }
  if (!isLoopback(request.socket.remoteAddress))
    throw forbidden('The metrics are served to this machine only, unless METRICS_TOKEN is set');
}

/** Compared as digests of equal length, so the time taken says nothing of the token. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
