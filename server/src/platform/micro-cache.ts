/**
 * A small in-process cache whose entries live a few seconds (decision 009). It takes the hottest
 * reads — who a session belongs to, the newest page of posts — off the database under load, and
 * is short-lived so that another process of the same deployment is never more than `ttlMs` behind.
 * Oldest entries go first when it is full.
 */
export function createMicroCache<V>(options: { ttlMs: number; max: number }) {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until > Date.now()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      // Entries are kept in the order they were set, so in the order they end: those ended go
      // from the front as new ones come, and a cache holds what its last few seconds read, not
      // the most a busy minute once put in it (memory after a burst, decision 030).
      const now = Date.now();
      for (const [oldest, { until }] of entries) {
        if (until > now && entries.size < options.max) break;
        entries.delete(oldest);
      }
      entries.set(key, { value, until: now + options.ttlMs });
    },
    /** How many entries are kept (ended ones not yet swept included). */
    get size(): number {
      return entries.size;
    },
    /** The cached value, or `load()`'s, kept; a promise that fails is forgotten so the next call retries. */
    remember(key: string, load: () => V): V {
      const hit = this.get(key);
      if (hit !== undefined) return hit;
      const value = load();
      this.set(key, value);
      if (value instanceof Promise) value.catch(() => entries.delete(key));
      return value;
    },
    delete(key: string): void {
      entries.delete(key);
    },
    /** Drops every entry whose value matches, e.g. all the sessions of one user. */
    deleteWhere(match: (value: V) => boolean): void {
      for (const [key, { value }] of entries) if (match(value)) entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type MicroCache<V> = ReturnType<typeof createMicroCache<V>>;

/** A cache per app instance (tests build many apps in one process), made on first use. */
export function microCachePerApp<V>(options: { ttlMs: number; max: number }): (app: object) => MicroCache<V> {
  const caches = new WeakMap<object, MicroCache<V>>();
  return (app) => {
    let cache = caches.get(app);
    if (!cache) caches.set(app, (cache = createMicroCache<V>(options)));
    return cache;
  };
}
