import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { HttpError } from './errors.js';
import type { NewAccountBudget, WriteBudget } from './limits.js';
import { isNewAccount, isYoungAccount } from './new-account.js';
import { fallbackStore } from './rate-limit-store.js';
import type { RedisLink } from './redis.js';

/**
 * Registers the limiter without a global limit: each sensitive route names its own budget in
 * `config.rateLimit`. Counters live in Redis when it is configured, so every API process shares
 * them, and in this process's memory otherwise, or while Redis does not answer (rate-limit-store.ts).
 */
export async function registerRateLimits(app: FastifyInstance, redis: RedisLink | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStore(redis, 'muster-rl:') } : {}),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

/**
 * One budget: `max` requests per `timeWindow` for each value of `key` (an IP, an account, an
 * address…). `key` may look something up; when it gives nothing, the budget does not apply.
 */
export type Budget = {
  name: string;
  max: number;
  timeWindow: string;
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  /** What the 429 says when this budget is spent (the generic "Too many attempts" otherwise). */
  message?: string;
};

/**
 * The client a per-IP budget counts: its IPv4 address, or its IPv6 /64 — one subscriber's
 * network, where a single machine may take any of 2^64 addresses.
 */
export function clientOf(request: FastifyRequest): string {
  const ip = request.ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip); // an IPv4-mapped IPv6 address is its IPv4 address
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
/** The key of the budget being counted for a request, read by the shared limiter's key generator. */
const countingKey = new WeakMap<FastifyRequest, string>();
/** One limiter per budget name and application, however many routes draw on it. */
const limiters = new WeakMap<object, Map<string, { limit: Limiter; shape: string }>>();

function sharedLimiter(app: FastifyInstance, { name, max, timeWindow }: Budget): Limiter {
  // Keyed by the plugin's decorator, which is one function per application: every encapsulated
  // context of one app sees the same one, and two apps (tests) never share counters.
  let byName = limiters.get(app.createRateLimit);
  if (!byName) limiters.set(app.createRateLimit, (byName = new Map()));
  const shape = `${max}/${timeWindow}`;
  const known = byName.get(name);
  if (known) {
    if (known.shape !== shape)
      throw new Error(`rate-limit budget "${name}" is declared as ${known.shape} and as ${shape}`);
    return known.limit;
  }
  // The plugin gives each limiter a store of its own (in memory), so a budget that two routes
  // share must be one limiter, or each route would count apart.
  const limit = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}:${countingKey.get(request) ?? clientOf(request)}`,
  });
  byName.set(name, { limit, shape });
  return limit;
}

/**
 * Every budget counts the request; the first one spent answers 429 with Retry-After. A budget's
 * name is the budget: routes that name the same one draw on the same counters. A preHandler, so
 * it runs after validation and keys can read the parsed body.
 */
export function limitBy(app: FastifyInstance, budgets: Budget[]) {
  const counted = budgets.map((budget) => ({
    key: budget.key,
    message: budget.message,
    limit: sharedLimiter(app, budget),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { key, message, limit } of counted) {
      const value = await key(request);
      if (value === undefined) continue;
      countingKey.set(request, value.toLowerCase());
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw rateLimited(result.ttl, message);
      }
    }
  };
}

/**
 * Two budgets for one action: per client IP and per account or address (`key`), so neither a
 * single machine nor a botnet aimed at one account gets more than `max` tries per window.
 */
export function limitPerIpAndKey(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindow: string;
    key: (request: FastifyRequest) => string | undefined;
  },
) {
  const { name, max, timeWindow } = options;
  return limitBy(app, [
    { name: `${name}:ip`, max, timeWindow, key: clientOf },
    { name: `${name}:key`, max, timeWindow, key: (request) => options.key(request) ?? clientOf(request) },
  ]);
}

/**
 * One per-account budget on a write (platform/limits.ts), scaled by WRITE_RATE_LIMIT_SCALE. Without
 * a session it counts nothing: the route answers 401 anyway.
 */
export function limitPerAccount(app: FastifyInstance, budget: WriteBudget) {
  const max = Math.max(1, Math.round(budget.max * app.deps.config.writeRateLimitScale));
  return limitBy(app, [{ ...budget, max, key: (request) => request.viewer?.id }]);
}

/**
 * A new account's budget on a write (issue 35 item 5, decision 072), beside the route's
 * `limitPerAccount`: it counts only while the viewer's account is new, and only the requests
 * `applies` picks (a post with a link, a first message to a stranger). Newness is read last, and
 * its one query only for an account younger than a day. Scaled by WRITE_RATE_LIMIT_SCALE.
 */
export function limitNewAccount(
  app: FastifyInstance,
  budget: NewAccountBudget,
  applies: (request: FastifyRequest) => boolean | Promise<boolean> = () => true,
) {
  const max = Math.max(1, Math.round(budget.max * app.deps.config.writeRateLimitScale));
  const { name, timeWindow } = budget;
  return limitBy(app, [
    {
      name,
      max,
      timeWindow,
      message: budget.message(max),
      key: async (request) => {
        const viewer = request.viewer;
        if (!viewer || !isYoungAccount(viewer) || !(await applies(request))) return undefined;
        return (await isNewAccount(app.deps.db, viewer)) ? viewer.id : undefined;
      },
    },
  ]);
}

function rateLimited(ttlMs: number, message?: string) {
  const wait = `Please try again in ${Math.max(1, Math.ceil(ttlMs / 1000))} seconds.`;
  return new HttpError(429, 'RATE_LIMITED', message ? `${message} ${wait}` : `Too many attempts. ${wait}`);
}
