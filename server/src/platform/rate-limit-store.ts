import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { RedisLink } from './redis.js';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** Both of the plugin's stores also have `read`, which its types leave out. */
type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };

/**
 * A rate-limit store that counts in Redis while it answers and in this process's memory when it
 * does not (decision 043). The plugin's own Redis store waits on every call, so a paused Redis held
 * every sign-in, post and message for as long as it was paused.
 *
 * While Redis is away each process counts on its own: a budget of `max` becomes at most `max` per
 * process, never none (the limiter does not fail open), and the counters start from zero on both
 * sides of the outage — Redis keeps its own until they expire, the in-process ones are dropped as
 * soon as Redis answers again.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly link: RedisLink,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, counted: Counted, timeWindow: number, max: number): void {
    this.count('incr', key, counted, timeWindow, max);
  }

  /** A look without counting (`{ increment: false }`), from the same place `incr` would count. */
  read(key: string, counted: Counted, timeWindow: number, max: number): void {
    this.count('read', key, counted, timeWindow, max);
  }

  private count(
    method: 'incr' | 'read',
    key: string,
    counted: Counted,
    timeWindow: number,
    max: number,
  ): void {
    if (!this.link.usable()) return this.local[method]!(key, counted, timeWindow, max);
    this.shared[method]!(
      key,
      (err, result) => {
        if (err || !result) {
          this.link.failed(err);
          this.local[method]!(key, counted, timeWindow, max);
          return;
        }
        this.link.succeeded();
        counted(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(this.link, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The store class the plugin instantiates (`store` option), counting under `nameSpace` in Redis. */
export function fallbackStore(link: RedisLink, nameSpace: string) {
  return class extends FallbackStore {
    // The plugin hands its options over with every default filled in.
    constructor(options: RateLimitPluginOptions) {
      const { continueExceeding = false, exponentialBackoff = false, cache } = options;
      super(
        link,
        new RedisStore(continueExceeding, exponentialBackoff, link.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, cache),
      );
    }
  };
}
