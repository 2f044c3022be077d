import type * as OtelApi from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { withLogContext } from './log-context.js';

/**
 * OpenTelemetry traces (decision 075), on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK is
 * imported by `startTracing` alone: a start without it loads none of it, and each seam below costs
 * one comparison. The production server is one esbuild bundle, where instrumentation by patching
 * modules (pg, http) cannot reach the copies inside it, so our own seams make the spans: a request
 * (Fastify hooks, telemetry/http.ts), a statement (db/database.ts), a job run (platform/jobs.ts).
 */
type Tracing = {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
  provider: { forceFlush: () => Promise<void>; shutdown: () => Promise<void> };
  /** The share of new traces kept; decided by `sampled` before any span or context is made. */
  ratio: number;
};

let tracing: Tracing | undefined;

export type TracingOptions = {
  serviceName: string;
  /** The collector's base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces`. */
  endpoint?: string | undefined;
  /** Tests and the bench: spans go here instead of to an OTLP endpoint. */
  exporter?: SpanExporter | undefined;
  /**
   * 'batch' (the default) exports in the background, a batch at a time; 'simple' exports each span
   * as it ends, so a test's in-memory exporter holds it by the time the answer arrives.
   */
  processor?: 'batch' | 'simple';
  /**
   * The share of new traces kept (OTEL_TRACES_SAMPLER_ARG, 1 unless set): a trace costs CPU on
   * every request (decision 075's figures), and a busy instance needs only a sample of them. A
   * request whose caller's `traceparent` says sampled is kept whatever the ratio (parent-based).
   */
  sampleRatio?: number | undefined;
};

/** Installs the tracer provider, W3C propagation and the AsyncLocalStorage context manager. */
export async function startTracing(options: TracingOptions): Promise<void> {
  if (tracing) throw new Error('tracing is already started');
  const [api, sdk, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
    ]);
  let exporter = options.exporter;
  if (!exporter) {
    if (!options.endpoint) throw new Error('tracing needs an OTLP endpoint or an exporter');
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
    exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  }
  const processor =
    options.processor === 'simple'
      ? new sdk.SimpleSpanProcessor({ exporter })
      : new sdk.BatchSpanProcessor({
          exporter,
          // A busy API ends thousands of spans a second (a request and its statements): a batch
          // goes every second or whenever 512 are waiting, and only beyond 16,384 are spans dropped.
          maxQueueSize: 16_384,
          maxExportBatchSize: 512,
          scheduledDelayMillis: 1_000,
        });
  const provider = new sdk.TracerProvider({
    // The ratio is applied by `sampled`, before a span is started: a left-out request then costs
    // nothing at all, where the SDK's ratio sampler still made a span and a context for it (~35 µs
    // an answer in the bench). What reaches the SDK is meant to be kept.
    sampler: new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    resource: resources.resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [processor],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  tracing = { api, tracer: provider.getTracer('muster'), provider, ratio: options.sampleRatio ?? 1 };
}

/** Exports what has ended and not yet gone (a stopping server's last spans). */
export async function flushTracing(): Promise<void> {
  await tracing?.provider.forceFlush();
}

/** Flushes, then takes the provider down and the globals back, so tracing can start again (tests). */
export async function stopTracing(): Promise<void> {
  const t = tracing;
  if (!t) return;
  tracing = undefined;
  await t.provider.shutdown();
  t.api.trace.disable();
  t.api.context.disable();
  t.api.propagation.disable();
}

export const tracingOn = (): boolean => tracing !== undefined;

/**
 * Whether a new request or job is traced (parent-based, by ratio): a caller's `traceparent`
 * decides by its sampled flag; without one, the configured share of them is kept.
 */
export function sampled(traceparent: string | string[] | undefined): boolean {
  if (!tracing) return false;
  if (typeof traceparent === 'string') {
    const flags = /^[\da-f]{2}-[\da-f]{32}-[\da-f]{16}-([\da-f]{2})$/i.exec(traceparent.trim())?.[1];
    if (flags) return (parseInt(flags, 16) & 1) === 1;
  }
  return tracing.ratio >= 1 || Math.random() < tracing.ratio;
}

/** The OpenTelemetry API, once tracing is on (telemetry/http.ts starts the request spans with it). */
export const tracingApi = (): Tracing | undefined => tracing;

/** Statement text kept on a span: enough to recognise it, bounded for the exporter's sake. */
const MAX_STATEMENT_CHARS = 2_000;

/**
 * A statement's span, a child of the request's or job's span. Kysely sends values apart from the
 * text (`$1`, `$2`), so the text names no one's data. A statement outside a request or a job (the
 * scheduler's turn, pg-boss's polling) is not traced: each would be a trace of one span.
 */
export async function traceSql<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!tracing) return run();
  const { api, tracer } = tracing;
  const parent = api.context.active();
  // No span, or one the sampler left out: its statements would be left out too, at a cost.
  if (!api.trace.getSpan(parent)?.isRecording()) return run();
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  const span = tracer.startSpan(
    verb,
    {
      kind: api.SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.system.name': 'postgresql',
        'db.operation.name': verb,
        'db.query.text': text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS)}…` : text,
      },
    },
    parent,
  );
  return endedAfter(span, run);
}

/**
 * One job's run (platform/jobs.ts): its log lines carry the job's id and queue, and, with tracing
 * on, it is a span whose children are its statements.
 */
export function runAsJob<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T> {
  return withLogContext({ job: jobId, queue }, () => traceJob(queue, jobId, run));
}

/** A job run's span: a root of its own trace (or the request's child in the tests' 'inline' mode). */
async function traceJob<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T> {
  if (!tracing) return run();
  // A job run in a traced request (the tests' 'inline' mode) belongs to it; a new one is sampled.
  if (!tracing.api.trace.getSpan(tracing.api.context.active())?.isRecording() && !sampled(undefined))
    return run();
  const { api, tracer } = tracing;
  return tracer.startActiveSpan(
    `job ${queue}`,
    {
      kind: api.SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'pg-boss',
        'messaging.destination.name': queue,
        'messaging.message.id': jobId,
      },
    },
    (span) => endedAfter(span, run),
  );
}

/** Runs `run` as the span's work: a throw is recorded on it, and the span ends either way. */
async function endedAfter<T>(span: OtelApi.Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    failed(span, err);
    throw err;
  } finally {
    span.end();
  }
}

function failed(span: OtelApi.Span, err: unknown) {
  const error = err instanceof Error ? err : new Error(String(err));
  span.recordException(error);
  span.setStatus({ code: 2 /* SpanStatusCode.ERROR */, message: error.message });
}
