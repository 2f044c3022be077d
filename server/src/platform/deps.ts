import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { EventBus } from './events.js';
import type { GeoProvider } from './geo.js';
import type { JobQueue } from './jobs.js';
import type { LinkPreview } from '@muster/contract/posts';
import type { Mailer } from './mail.js';
import type { MediaStore } from './media/media.js';
import type { PushService } from './push.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { Scheduler } from './scheduler.js';

/** What services need from the outside world, handed to them explicitly as the first argument. */
export type Deps = {
  db: Db;
  mailer: Mailer;
  events: EventBus;
  /** The durable job queue the events' subscribers run on (decision 059); tests `drain()` it. */
  jobs: JobQueue;
  /** Live pushes to people's open sockets (issue 15): publish after a write commits. */
  realtime: RealtimeHub;
  /** Jobs the server runs on its own (issue 16: needs that expire); main.ts starts its timer, tests call runDue(now). */
  scheduler: Scheduler;
  media: MediaStore;
  geo: GeoProvider;
  /** Server-side link previews behind the private-address guard (tests widen it to their own server). */
  unfurl: (url: string) => Promise<LinkPreview>;
  /** Web Push: the VAPID key and sending one push (decision 064); tests trust their push service's CA. */
  push: PushService;
  config: Config;
  log: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
