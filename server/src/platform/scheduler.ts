import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { claimRun } from './scheduler.queries.js';

/** Work the server does on its own on a schedule (issue 16: needs that expire). */
export type ScheduledJob = {
  name: string;
  /** How often it runs, whatever the number of API processes: each turn is claimed by one of them. */
  everyMs: number;
  /** The work; `now` is given, so tests move the clock instead of waiting. Must be safe to run again. */
  run: (now: Date) => Promise<unknown>;
};

export type Scheduler = {
  add: (job: ScheduledJob) => void;
  /** Runs every job whose turn has come at `now` and that this process claims; answers the names run here. */
  runDue: (now?: Date) => Promise<string[]>;
  /** Looks for due jobs now and then every `tickMs` (an unref'd timer: it never keeps the process alive). */
  start: (tickMs?: number) => void;
  /** Stops the timer and waits for a run under way. */
  stop: () => Promise<void>;
};

const DEFAULT_TICK_MS = 30_000;

/**
 * A scheduler inside the server: no cron, no second service. Several API processes may run it
 * side by side; a turn of a job is claimed in the database (`claimRun`), so one process does each
 * turn's work. A process that dies mid-run loses only that turn: the next one does the work again,
 * which is why jobs must be safe to repeat. Tests never start the timer; they call `runDue(now)`.
 */
export function createScheduler({ db, log }: { db: Db; log: FastifyBaseLogger }): Scheduler {
  const jobs: ScheduledJob[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string[]> | undefined;

  async function runDue(now = new Date()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs) {
      try {
        if (!(await claimRun(db, job.name, now, job.everyMs))) continue;
        ran.push(job.name);
        await job.run(now);
      } catch (err) {
        log.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
    return ran;
  }

  // A tick while the last run is still going is skipped rather than stacked.
  const tick = () => {
    if (running) return;
    running = runDue().finally(() => (running = undefined));
  };

  return {
    add: (job) => void jobs.push(job),
    runDue,
    start: (tickMs = DEFAULT_TICK_MS) => {
      if (timer) return;
      timer = setInterval(tick, tickMs).unref();
      tick();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
