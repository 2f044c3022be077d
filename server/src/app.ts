import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { API_ROOT } from '@muster/contract/limits';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { accountsRoutes } from './features/accounts/accounts.routes.js';
import { chatsRoutes } from './features/chats/chats.routes.js';
import { collaborationRoutes } from './features/collaboration/collaboration.routes.js';
import { commentsRoutes } from './features/comments/comments.routes.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { emergencyBoardRoutes } from './features/emergency-board/emergency-board.routes.js';
import { geoRoutes } from './features/geo/geo.routes.js';
import { hashtagsRoutes } from './features/hashtags/hashtags.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { matchingRoutes } from './features/matching/matching.routes.js';
import { missionsRoutes } from './features/missions/missions.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { networkRoutes } from './features/network/network.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { offersRoutes } from './features/offers/offers.routes.js';
import { postsRoutes } from './features/posts/posts.routes.js';
import { postsSeenBy } from './features/posts/posts.service.js';
import { safetyRoutes } from './features/safety/safety.routes.js';
import { tasksRoutes } from './features/tasks/tasks.routes.js';
import { registerSessions } from './platform/auth/session.js';
import { frameworkErrors, registerErrorHandling } from './platform/errors.js';
import { createBackgroundQueue } from './platform/background.js';
import { registerCompression } from './platform/compression.js';
import { createEventBus } from './platform/events.js';
import { createNominatimProvider, createOfflineGazetteer } from './platform/geo.js';
import { DEFAULT_BODY_LIMIT } from './platform/limits.js';
import { fetchLinkPreview, type PreviewOptions } from './platform/link-preview.js';
import type { Mailer } from './platform/mail.js';
import { createLocalMediaStore, registerMediaRoutes } from './platform/media/media.js';
import { registerOpenApi, registerOpenApiRoute } from './platform/openapi.js';
import { createLocalHub, createRedisHub } from './platform/realtime/hub.js';
import { realtimeRoutes, registerWebSockets } from './platform/realtime/socket.js';
import { registerRateLimits } from './platform/rate-limit.js';
import { linkRedis } from './platform/redis.js';
import { createScheduler } from './platform/scheduler.js';
import { registerSecurity } from './platform/security.js';
import { checkResponses, stringifyResponses } from './platform/serializer.js';
import { registerWebApp } from './platform/web-app.js';

export const APP_VERSION = '0.1.0';

export type AppOptions = {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Made with platform/redis.ts's `redisOptions`, so that no call waits on it for long. */
  redis?: Redis | undefined;
  /** The demo account's sign-in, shown on the sign-in page; only for the embedded demo database. */
  demoLogin?: { username: string; password: string } | undefined;
  /** Only tests set this, to let previews reach their own loopback server. */
  linkPreview?: PreviewOptions | undefined;
};

/** Builds the whole application — plugins, feature routes, the web app — without listening. */
export async function buildApp({ config, db, mailer, logger, redis, demoLogin, linkPreview }: AppOptions) {
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT,
    return503OnClosing: true,
    // Errors Fastify raises before any route or hook (an undecodable URL) in our envelope (decision 012).
    frameworkErrors,
    // Nothing waits for ever (decision 013). A request, headers and body, must arrive whole within
    // requestTimeoutMs, or Node answers 408 and closes the socket; Node looks for such requests
    // every second here instead of every 30 s. A socket silent for twice that is dead. Keep-alive
    // outlasts the 60 s idle timeout of the usual proxies, so they never reuse a socket we close.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 2 * config.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Live events reach sockets held by any API process through Redis when it is configured. Its
  // key prefix (each test app has its own) does not apply to pub/sub channels, so it names the channel.
  // One breaker for every use of Redis (decision 043): while it does not answer, the limiter counts
  // in this process, events reach this process's sockets, and /health says so.
  const redisLink = redis ? linkRedis(redis, { log: app.log }) : undefined;
  const realtime = redis
    ? createRedisHub(redis, {
        channel: `${redis.options.keyPrefix ?? ''}muster:realtime`,
        log: app.log,
        link: redisLink,
      })
    : createLocalHub({ log: app.log });
  app.addHook('onClose', () => realtime.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(stringifyResponses);
  if (config.env !== 'production') checkResponses(app);
  // Jobs queued by a request (matching) finish before the database closes.
  const background = createBackgroundQueue(app.log);
  app.addHook('onClose', () => background.settled());
  // Its timer is started by main.ts only; closing waits for a run under way.
  const scheduler = createScheduler({ db, log: app.log });
  app.addHook('onClose', () => scheduler.stop());
  app.decorate('deps', {
    db,
    mailer,
    config,
    log: app.log,
    events: createEventBus(app.log),
    background,
    realtime,
    scheduler,
    media: createLocalMediaStore(config.dataDir),
    geo: config.geoNominatimUrl ? createNominatimProvider(config.geoNominatimUrl) : createOfflineGazetteer(),
    unfurl: (url: string) => fetchLinkPreview(url, linkPreview),
  });

  registerErrorHandling(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    https: config.publicUrl.startsWith('https://'),
  });
  await app.register(cookie);
  registerSessions(app);
  await registerRateLimits(app, redisLink);
  await registerOpenApi(app, APP_VERSION);
  // Before the routes: it hooks each API route as it is added.
  await registerCompression(app, config.apiCompression);
  await registerWebSockets(app);
  // A process takes sockets only once it hears the other processes' events (bounded, so a Redis
  // outage delays its start by seconds, not for ever).
  app.addHook('onReady', () => realtime.ready(5_000));

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version: APP_VERSION, redis: redisLink });
      await api.register(contactRoutes);
      await api.register(accountsRoutes, { demoLogin });
      await api.register(notificationsRoutes);
      await api.register(networkRoutes);
      await api.register(chatsRoutes);
      await api.register(collaborationRoutes);
      await api.register(postsRoutes);
      await api.register(commentsRoutes);
      await api.register(hashtagsRoutes);
      // The board finds which posts; the posts feature shows them (decision 058).
      await api.register(emergencyBoardRoutes, { showPosts: postsSeenBy });
      await api.register(missionsRoutes);
      await api.register(offersRoutes);
      await api.register(safetyRoutes);
      await api.register(tasksRoutes);
      await api.register(geoRoutes);
      await api.register(searchRoutes);
      await api.register(matchingRoutes);
      await api.register(realtimeRoutes);
    },
    { prefix: API_ROOT },
  );

  registerOpenApiRoute(app);
  await registerMediaRoutes(app, config.dataDir);
  await registerWebApp(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
