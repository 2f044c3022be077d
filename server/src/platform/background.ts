import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that follows a write but must not hold up its answer (matching a new post, issue 16). Jobs
 * run one at a time, in the order given, starting after the current tick — so the request that
 * queued one has answered before it starts, and a burst of posts never runs a burst of heavy
 * queries side by side. A failing job is logged and the next one runs. In-process: a job lost when
 * the process dies is only a late suggestion, never data (the write it follows is committed).
 */
export type BackgroundQueue = {
  /** Queues `job`; `name` says what failed in the log. */
  run: (name: string, job: () => Promise<void>) => void;
  /** Resolves once every queued job (and any job they queued) has finished: tests and shutdown wait here. */
  settled: () => Promise<void>;
};

export function createBackgroundQueue(log: FastifyBaseLogger): BackgroundQueue {
  const jobs: Array<{ name: string; job: () => Promise<void> }> = [];
  let running: Promise<void> | undefined;

  async function drain() {
    // Let the current request finish answering first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let next = jobs.shift(); next; next = jobs.shift()) {
      try {
        await next.job();
      } catch (err) {
        log.error({ err, job: next.name }, 'background job failed');
      }
    }
    running = undefined;
  }

  return {
    run: (name, job) => {
      jobs.push({ name, job });
      running ??= drain();
    },
    settled: async () => {
      while (running) await running;
    },
  };
}
