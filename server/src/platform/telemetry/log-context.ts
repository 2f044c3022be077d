import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/**
 * What a log line written while serving a request or running a job says it belongs to. `owner` is
 * the request's own child logger, whose lines already carry `reqId` (Fastify binds it).
 */
export type LogContext = { reqId: string; owner?: object | undefined } | { job: string; queue: string };

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work`, and everything it starts, as part of `context` (a request, a job). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * The pino mixin (main.ts, and tests that capture logs): a line logged through any logger — the
 * app's, a feature's `deps.log` — while serving a request carries its `reqId`, and during a job
 * its `job` id, so an operator can gather every line of one request or job. The request's own
 * logger is left alone: Fastify has bound `reqId` to it already, and a key twice is not JSON.
 */
export function logMixin(_merge: object, _level: number, logger: Logger): object {
  const context = storage.getStore();
  if (!context) return {};
  if ('reqId' in context) return logger === context.owner ? {} : { reqId: context.reqId };
  return { job: context.job, queue: context.queue };
}
