import { createECDH } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { REALTIME_HEARTBEAT_MS } from '@muster/contract/realtime';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
      `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    )
    // Caught here, a malformed URL is named with its variable instead of failing deep in a driver.
    .refine((v) => v === undefined || URL.canParse(v), 'is not a valid URL');

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'));

/** A key given in the environment as base64url text: so many bytes once decoded, or unset. */
const base64urlBytes = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) =>
        v === undefined || (/^[A-Za-z0-9_-]+=*$/.test(v) && Buffer.from(v, 'base64url').length === bytes),
      `must be ${what}`,
    );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Muster <no-reply@muster.local>'),
    CONTACT_INBOX: z.email().default('team@muster.local'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFlag(false),
    SEED_DEMO: booleanFlag(true),
    // A process that only answers requests leaves its jobs to the processes that run workers.
    JOB_WORKERS: booleanFlag(true),
    // How long likes on one post gather before they are mailed or pushed as one (decision 066).
    LIKE_BURST_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 3600)
      .default(15 * 60),
    // How long a chat's messages gather before members away from it are told of them as one (decision 066).
    CHAT_BURST_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 3600)
      .default(10 * 60),
    WEB_DIST: z.string().default(path.join(repoRoot, 'web', 'dist')),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    WRITE_RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
    OIDC_ISSUER: optionalUrl(['http', 'https']),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_LABEL: z.string().default('Continue with Google'),
    GEO_NOMINATIM_URL: optionalUrl(['http', 'https']),
    // The map's tiles (issue 37, decision 077): a {z}/{x}/{y} template, and the credit its licence asks for.
    MAP_TILE_URL: z
      .string()
      .trim()
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'must be an http:// or https:// URL')
      .refine(
        (v) => ['{z}', '{x}', '{y}'].every((part) => v.includes(part)),
        'must hold {z}, {x} and {y} where the tile goes',
      ),
    MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default('© OpenStreetMap contributors'),
    MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(19),
    LOG_FORMAT: z.enum(['pretty', 'json', '']).optional(),
    REQUEST_TIMEOUT_MS: milliseconds(60_000),
    DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
    REDIS_TIMEOUT_MS: milliseconds(500),
    REALTIME_HEARTBEAT_MS: milliseconds(REALTIME_HEARTBEAT_MS),
    API_COMPRESSION: z.enum(['on', 'off', '']).optional(),
    // The first admins (decision 067): usernames or addresses, comma-separated.
    ADMIN_USERNAMES: z.string().default(''),
    DIGEST_PACE: z.coerce.number().gt(0).max(1).default(0.5),
    DIGEST_SCHEDULE_MS: milliseconds(15 * 60_000),
    // Web Push (decision 064): both keys or neither (then made at first start and kept in the database).
    VAPID_PUBLIC_KEY: base64urlBytes(65, 'an uncompressed P-256 public key (65 bytes), base64url'),
    VAPID_PRIVATE_KEY: base64urlBytes(32, 'a P-256 private key (32 bytes), base64url'),
    // Media in S3-compatible storage (decision 073): set S3_ENDPOINT and the bucket; the local disk otherwise.
    S3_ENDPOINT: optionalUrl(['http', 'https']),
    S3_BUCKET: z.string().trim().min(3).max(63).default('muster-media'),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    // MinIO, Garage and Ceph answer on one host with the bucket in the path; AWS wants virtual hosts.
    S3_FORCE_PATH_STYLE: booleanFlag(true),
    // 'proxy': /media/<name> is streamed through the API with today's headers; 'signed': a redirect
    // to a URL the store signs for MEDIA_URL_TTL_SECONDS, so the bytes bypass the API.
    MEDIA_DELIVERY: z.enum(['proxy', 'signed']).default('proxy'),
    MEDIA_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .default(3600),
    // /metrics (decision 075): a bearer token, or reachable only from loopback when unset.
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
    // Traces over OTLP/HTTP (decision 075); unset, tracing is off and costs nothing.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('muster'),
    // The share of requests and jobs that start a trace (parent-based: a sampled caller's is kept).
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
    // A stopping process finishes its requests and jobs for at most this long (decision 074).
    SHUTDOWN_GRACE_MS: milliseconds(10_000),
    // Open data for responders (decision 078): 'off' takes the routes away (404); the licence the
    // exports state is CC BY 4.0 unless both of its variables name another.
    OPEN_DATA: z.enum(['on', 'off', '']).optional(),
    // ActivityPub (decision 082): unset, on exactly when PUBLIC_URL is https, as a plain-http
    // instance (a laptop's localhost) has no name the fediverse can reach or trust.
    FEDERATION: z.enum(['on', 'off', '']).optional(),
    // Fedify's allowPrivateAddress: only tests and closed LANs fetch actors on private addresses.
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: booleanFlag(false),
    // Activities one remote server (the host of its signing key) may post to our inboxes a minute.
    FEDERATION_INBOX_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(300),
    OPEN_DATA_LICENSE: z.string().trim().min(1).max(100).optional(),
    OPEN_DATA_LICENSE_URL: optionalUrl(['http', 'https']),
    // CSV and GeoJSON exports per client (IP, or IPv6 /64) and hour: each can walk every item.
    OPEN_DATA_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine(
        (v) => v === undefined || /^mailto:\S+@\S+$/.test(v) || (v.startsWith('https://') && URL.canParse(v)),
        'must be a mailto: address or an https:// URL',
      ),
  })
  .refine((e) => !e.S3_ENDPOINT || (e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY), {
    message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY with S3_ENDPOINT',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  // A licence's name without its text (or the reverse) would state a licence nobody can read.
  .refine((e) => !e.OPEN_DATA_LICENSE === !e.OPEN_DATA_LICENSE_URL, {
    message: 'set both OPEN_DATA_LICENSE and OPEN_DATA_LICENSE_URL, or neither (CC BY 4.0)',
    path: ['OPEN_DATA_LICENSE_URL'],
  })
  .refine((e) => !e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY, {
    message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    path: ['VAPID_PRIVATE_KEY'],
  })
  // A pair copied from two places would sign pushes no browser's subscription accepts.
  .refine(
    (e) =>
      !e.VAPID_PUBLIC_KEY ||
      !e.VAPID_PRIVATE_KEY ||
      vapidPairMatches(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
    {
      message: 'is not the private key of VAPID_PUBLIC_KEY',
      path: ['VAPID_PRIVATE_KEY'],
    },
  );

function vapidPairMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  logLevel: string;
  /** Readable lines for a person at a terminal, or one JSON object a line for a log collector. */
  logFormat: 'pretty' | 'json';
  trustProxy: boolean;
  seedDemo: boolean;
  /** Whether this process runs the job queue's workers (decision 059); off for an API-only process. */
  jobWorkers: boolean;
  /** Likes on one post within this many seconds of the first are told away from the app as one. */
  likeBurstSeconds: number;
  /** A chat's messages within this many seconds of the burst's first are told away from the app as one. */
  chatBurstSeconds: number;
  webDist: string;
  /** Contact messages admitted per IP per hour. */
  contactRateLimit: number;
  /** Sign-in attempts per minute, per IP and per account. */
  loginRateLimit: number;
  /** Sign-ups, verification resends and password resets per 30 minutes, per IP and per address. */
  signupRateLimit: number;
  /**
   * Multiplies every per-account budget on writes (posts, comments, messages, requests; see
   * platform/limits.ts): 1 in production; tests raise it out of the way or lower it to reach a
   * limit in a few requests, and the benchmark lifts it to measure the writes themselves.
   */
  writeRateLimitScale: number;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined; label: string } | undefined;
  /** A Nominatim-compatible geocoder; unset, places come from the offline gazetteer. */
  geoNominatimUrl: string | undefined;
  /**
   * Where the map's tiles come from (a `{z}/{x}/{y}` URL template), the credit shown under the map
   * and the deepest zoom the source serves (issue 37, decision 077). The page's CSP lets images
   * come from the template's origin and no other.
   */
  mapTiles: { url: string; attribution: string; maxZoom: number };
  /** The whole request, headers and body, must arrive within this (else 408 and the socket closes). */
  requestTimeoutMs: number;
  /** PostgreSQL: opening a connection (and waiting for a free one); start-up gives up after it. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: a statement running longer is cancelled; an answer that never comes is given up on. */
  databaseStatementTimeoutMs: number;
  /** Redis: any command, and a few times this for connecting; past it the caller falls back (decision 043). */
  redisTimeoutMs: number;
  /**
   * Every live socket is pinged this often, and one that has not answered the previous ping is
   * dropped (a peer gone without a goodbye). Tests shorten it to see a silent peer go.
   */
  realtimeHeartbeatMs: number;
  /**
   * API answers above a kilobyte are compressed for browsers that accept it (decision 025); off
   * only to measure what that costs (the benchmark's BENCH_API_COMPRESSION=off) or behind a proxy
   * that compresses.
   */
  apiCompression: boolean;
  /**
   * Web Push's VAPID keys (base64url) from the environment; unset, the server makes a pair at its
   * first start and keeps it in `instance_keys` (decision 064).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services write to about our pushes (VAPID `sub`): a mailto: address or an https URL. */
  vapidSubject: string;
  /**
   * The share of a worker's time the digest's jobs may take (0 to 1; decision 065): the rest it
   * leaves to the reads. 1 builds everyone's digest as fast as the machine can.
   */
  digestPace: number;
  /**
   * How often the scheduler looks for people whose digest is due (decision 065): a quarter of an
   * hour, so a digest goes by 08:15 in the person's zone. The end-to-end journey shortens it.
   */
  digestScheduleMs: number;
  /**
   * Usernames or addresses (lower-cased) that are made admins: at every start the accounts that
   * exist, and an account signing up under one of them (decision 067).
   */
  adminLogins: string[];
  /** S3-compatible media storage (decision 073); undefined keeps media on the local disk. */
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** How /media/<name> answers: streamed through the API, or redirected to a signed URL (073). */
  mediaDelivery: 'proxy' | 'signed';
  mediaUrlTtlSeconds: number;
  /** The bearer token /metrics asks for; unset, only loopback may read it (decision 075). */
  metricsToken: string | undefined;
  /** OTLP/HTTP traces endpoint (decision 075); unset, no tracer is loaded. */
  otlpEndpoint: string | undefined;
  serviceName: string;
  /** The share of new traces kept, 0 to 1; a request whose caller sampled it is always kept (075). */
  traceSampleRatio: number;
  /** How long a stopping process lets requests and jobs under way finish (decision 074). */
  shutdownGraceMs: number;
  /** Open data for responders (decision 078): undefined when OPEN_DATA=off (no routes, 404). */
  openData: { license: { name: string; url: string }; exportsPerHour: number } | undefined;
  /**
   * ActivityPub (decision 082): `enabled` serves actors, WebFinger, NodeInfo and inboxes (404
   * otherwise); `allowPrivateAddresses` lets Fedify fetch from private addresses (tests, closed LANs);
   * `inboxPerMinute`: posts to our inboxes per remote server (its signing key's host) a minute.
   */
  federation: { enabled: boolean; allowPrivateAddresses: boolean; inboxPerMinute: number };
};

/** Parses the environment once at start; throws a readable message naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT || (stdoutIsTerminal ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    jobWorkers: e.JOB_WORKERS,
    likeBurstSeconds: e.LIKE_BURST_SECONDS,
    chatBurstSeconds: e.CHAT_BURST_SECONDS,
    webDist: path.resolve(e.WEB_DIST),
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    writeRateLimitScale: e.WRITE_RATE_LIMIT_SCALE,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL,
          }
        : undefined,
    geoNominatimUrl: e.GEO_NOMINATIM_URL,
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION, maxZoom: e.MAP_TILE_MAX_ZOOM },
    digestPace: e.DIGEST_PACE,
    digestScheduleMs: e.DIGEST_SCHEDULE_MS,
    adminLogins: [
      ...new Set(
        e.ADMIN_USERNAMES.split(',')
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean),
      ),
    ],
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    realtimeHeartbeatMs: e.REALTIME_HEARTBEAT_MS,
    apiCompression: e.API_COMPRESSION !== 'off',
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    // The contact inbox is where the team reads what strangers write: a push service's operator too.
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_INBOX}`,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    mediaDelivery: e.MEDIA_DELIVERY,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: e.OTEL_SERVICE_NAME,
    traceSampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    openData:
      e.OPEN_DATA === 'off'
        ? undefined
        : {
            license:
              e.OPEN_DATA_LICENSE && e.OPEN_DATA_LICENSE_URL
                ? { name: e.OPEN_DATA_LICENSE, url: e.OPEN_DATA_LICENSE_URL }
                : { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
            exportsPerHour: e.OPEN_DATA_RATE_LIMIT,
          },
    federation: {
      enabled: e.FEDERATION ? e.FEDERATION === 'on' : publicUrl.startsWith('https://'),
      allowPrivateAddresses: e.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
      inboxPerMinute: e.FEDERATION_INBOX_RATE_LIMIT,
    },
  };
}
