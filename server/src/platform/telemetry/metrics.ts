import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, poolUsage } from '../../db/database.js';
import { JOB_SCHEMA } from '../jobs.js';
import { queueDepths } from './metrics.queries.js';

/**
 * Prometheus metrics (decision 075). What belongs to the process — Node's own figures, Redis and
 * storage errors, counted where they happen — is in one registry made once; what belongs to an app
 * (its requests, its database pool, its queues, its sockets) in a registry per app, so the tests'
 * many apps in one process never share a count. /metrics answers both.
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const redisErrors = new Counter({
  name: 'muster_redis_errors_total',
  help: 'Redis calls that failed or timed out, and connections lost (each opens the breaker or keeps it open).',
  registers: [processRegistry],
});

const storageErrors = new Counter({
  name: 'muster_storage_errors_total',
  help: 'Media store operations that failed, by operation.',
  labelNames: ['operation'] as const,
  registers: [processRegistry],
});

/** Counts a failed Redis call or a lost connection (platform/redis.ts). */
export function onRedisError(): void {
  redisErrors.inc();
}

/** Counts a failed bucket operation ('put', 'read', 'remove', 'check', …): app.ts hands it to the S3 store. */
export function onStorageError(operation: string): void {
  storageErrors.inc({ operation });
}

export type AppMetrics = {
  /** One answered request; `route` is its template (`/api/v1/posts/:id`), never the path itself. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** The exposition text of every metric, read now. */
  scrape: () => Promise<{ contentType: string; body: string }>;
};

export function createAppMetrics(options: { db: Db; openSockets: () => number }): AppMetrics {
  const { db } = options;
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method, route template and status.',
    labelNames,
    // From a cached read (~2 ms) to the 10 s requests may take (REQUEST_TIMEOUT_MS).
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'muster_db_pool_connections',
    help: 'Database connections by state: in use, idle, and requests waiting for one (the embedded database: its one connection).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const usage = poolUsage(db);
      if (!usage) return;
      this.set({ state: 'in_use' }, usage.inUse);
      this.set({ state: 'idle' }, usage.idle);
      this.set({ state: 'waiting' }, usage.waiting);
    },
  });
  const waiting = new Gauge({
    name: 'muster_job_queue_waiting',
    help: 'Jobs due and not yet taken, per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'muster_job_queue_oldest_waiting_seconds',
    help: 'How long the job due longest has waited, per queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'muster_websockets_open',
    help: 'Live-event sockets this process holds.',
    registers: [registry],
    collect() {
      this.set(options.openSockets());
    },
  });
  return {
    observeRequest: (method, route, status, seconds) => {
      const labels = { method, route, status_code: status };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    scrape: async () => {
      // One read for both queue gauges. A queue gone since the last scrape drops out (reset).
      waiting.reset();
      oldest.reset();
      // A database that does not answer leaves the queue gauges out; the rest still answers.
      const depths = await queueDepths(db, JOB_SCHEMA).catch(() => []);
      for (const q of depths) {
        waiting.set({ queue: q.queue }, q.waiting);
        oldest.set({ queue: q.queue }, q.oldestSeconds);
      }
      const [own, shared] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
      return { contentType: registry.contentType, body: `${own}\n${shared}` };
    },
  };
}
