import cookie from '@fastify/cookie';
import type { Agent as HttpsAgent } from 'node:https';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { API_ROOT } from '@muster/contract/limits';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { accountsRoutes } from './features/accounts/accounts.routes.js';
import { alertsRoutes } from './features/alerts/alerts.routes.js';
import { chatsRoutes } from './features/chats/chats.routes.js';
import { collaborationRoutes } from './features/collaboration/collaboration.routes.js';
import { commentsRoutes } from './features/comments/comments.routes.js';
import { contactRoutes } from './features/contact/contact.routes.js';
import { federationApiRoutes, federationRoutes } from './features/federation/federation.routes.js';
import { federationServersRoutes } from './features/federation/servers.routes.js';
import { remoteListings as federatedListings } from './features/federation/remote-listings.queries.js';
import { remoteReplies } from './features/federation/replies.js';
import { emergencyBoardRoutes } from './features/emergency-board/emergency-board.routes.js';
import { geoRoutes } from './features/geo/geo.routes.js';
import { hashtagsRoutes } from './features/hashtags/hashtags.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { findNewMatchesForProviders } from './features/matching/matching.queries.js';
import { mapRoutes } from './features/map/map.routes.js';
import { matchingRoutes } from './features/matching/matching.routes.js';
import { missionsRoutes } from './features/missions/missions.routes.js';
import { adminRoutes } from './features/moderation/admin.routes.js';
import { moderationQueueRoutes } from './features/moderation/cases.routes.js';
import { watchedRoutes } from './features/moderation/watch.routes.js';
import { fileRemoteReport } from './features/moderation/watch.service.js';
import { moderationActionsRoutes } from './features/moderation/actions.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { networkRoutes } from './features/network/network.routes.js';
import { notificationSettingsRoutes } from './features/notifications/notification-settings.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { offersRoutes } from './features/offers/offers.routes.js';
import { receiveRemoteOffer, withdrawnRemotely } from './features/offers/offers.service.js';
import { enqueueOfferAnswer } from './features/federation/offers-remote.js';
import { openDataRoutes } from './features/open-data/open-data.routes.js';
import { postsRoutes } from './features/posts/posts.routes.js';
import { postsSeenBy } from './features/posts/posts.service.js';
import { readPush } from './features/notifications/notice-push.js';
import { pushRoutes } from './features/push/push.routes.js';
import { safetyRoutes } from './features/safety/safety.routes.js';
import { tasksRoutes } from './features/tasks/tasks.routes.js';
import { recordModeration } from './features/moderation/audit.queries.js';
import { verificationRoutes } from './features/verification/verification.routes.js';
import { registerSessions } from './platform/auth/session.js';
import { frameworkErrors, registerErrorHandling } from './platform/errors.js';
import { registerCompression } from './platform/compression.js';
import { createEventBus } from './platform/events.js';
import { createJobQueue, type JobBackend, type JobMode } from './platform/jobs.js';
import { createNominatimProvider, createOfflineGazetteer } from './platform/geo.js';
import { DEFAULT_BODY_LIMIT } from './platform/limits.js';
import { fetchLinkPreview, type PreviewOptions } from './platform/link-preview.js';
import { MAIL_QUEUE, type Mailer, type OutgoingMail, sendMail } from './platform/mail.js';
import { createMediaStore, registerMediaRoutes } from './platform/media/media.js';
import { createPushService } from './platform/push.js';
import { registerOpenApi, registerOpenApiRoute } from './platform/openapi.js';
import { createLocalHub, createRedisHub } from './platform/realtime/hub.js';
import { realtimeRoutes, registerWebSockets } from './platform/realtime/socket.js';
import { registerRateLimits } from './platform/rate-limit.js';
import { linkRedis } from './platform/redis.js';
import { createScheduler } from './platform/scheduler.js';
import { registerSecurity, signedMediaOrigin } from './platform/security.js';
import { registerTelemetry } from './platform/telemetry/http.js';
import { onStorageError } from './platform/telemetry/metrics.js';
import { flushTracing } from './platform/telemetry/tracing.js';
import { checkResponses, stringifyResponses } from './platform/serializer.js';
import { registerWebApp } from './platform/web-app.js';

export const APP_VERSION = '0.1.0';

/** An Offer of help from another server becomes one of the author's offers here (decision 090). */
const remoteOffers = { receive: receiveRemoteOffer, withdraw: withdrawnRemotely };

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
  /** The durable job queue's database: `DatabaseHandle.jobBackend`. */
  jobBackend: JobBackend;
  /**
   * 'workers' polls the queues, 'none' leaves them to other processes (the default follows
   * JOB_WORKERS). 'inline' is for the server's tests: nothing polls, and an answer is sent only
   * once the jobs its request enqueued have run (platform/jobs.ts).
   */
  jobMode?: JobMode | undefined;
  /** Retries of a failed job: the first delay in seconds and how many (tests shorten both). */
  jobRetry?: { delaySeconds: number; limit: number } | undefined;
  /** Only tests set this: pushes go through an agent that trusts their own push service's CA. */
  pushAgent?: HttpsAgent | undefined;
};

/** Builds the whole application — plugins, feature routes, the web app — without listening. */
export async function buildApp({
  config,
  db,
  mailer,
  logger,
  redis,
  demoLogin,
  linkPreview,
  jobBackend,
  jobMode = config.jobWorkers ? 'workers' : 'none',
  jobRetry,
  pushAgent,
}: AppOptions) {
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
  // First of all hooks: every later hook's work (sessions, limits) is inside the request's log
  // context and span; /metrics and the request figures (decision 075).
  registerTelemetry(app, { db, metricsToken: config.metricsToken });
  app.addHook('onClose', () => flushTracing());

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
  // Work that follows a write (notices, matching) runs from the durable queue (decision 059). Its
  // workers start once every feature has subscribed, and stop, letting jobs under way finish,
  // before the database closes.
  const jobs = createJobQueue({
    backend: jobBackend,
    db,
    log: app.log,
    mode: jobMode,
    retry: jobRetry,
  });
  // SMTP is outside the database: a mail job is sent, then completed (at least once).
  jobs.define(MAIL_QUEUE, (jobDb, data) => sendMail(jobDb, mailer, data as OutgoingMail), {
    transactional: false,
  });
  app.addHook('onReady', () => jobs.start());
  // SHUTDOWN_GRACE_MS bounds the whole stop (decision 074): the jobs under way get what the
  // requests in flight left of it (at least a second), then are failed back to the queue.
  let closingSince = 0;
  app.addHook('preClose', async () => {
    closingSince = Date.now();
  });
  app.addHook('onClose', () =>
    jobs.stop({ graceMs: Math.max(1_000, config.shutdownGraceMs - (Date.now() - closingSince)) }),
  );
  if (jobMode === 'inline')
    app.addHook('onSend', async (_request, _reply, payload) => {
      await jobs.settle();
      return payload;
    });
  // Its timer is started by main.ts only; closing waits for a run under way.
  const scheduler = createScheduler({ db, log: app.log });
  app.addHook('onClose', () => scheduler.stop());
  app.decorate('deps', {
    db,
    mailer,
    config,
    log: app.log,
    events: createEventBus(jobs),
    jobs,
    realtime,
    scheduler,
    // The local folder, or the bucket when S3_ENDPOINT is set (decision 073).
    media: await createMediaStore(config, {
      log: app.log,
      // The client sees a 503; the operator sees the cause here and the count in /metrics.
      onError: (operation, err) => {
        onStorageError(operation);
        app.log.warn({ err, operation }, 'media storage failed');
      },
    }),
    geo: config.geoNominatimUrl ? createNominatimProvider(config.geoNominatimUrl) : createOfflineGazetteer(),
    unfurl: (url: string) => fetchLinkPreview(url, linkPreview),
    push: createPushService({
      db,
      vapidKeys: config.vapidKeys,
      vapidSubject: config.vapidSubject,
      agent: pushAgent,
    }),
  });

  registerErrorHandling(app);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    https: config.publicUrl.startsWith('https://'),
    mediaOrigin: signedMediaOrigin(config.s3, config.mediaDelivery),
    tileUrl: config.mapTiles.url,
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
      // The digest names the needs matching a person's provisions: matching's reading of its pairs.
      await api.register(notificationsRoutes, { digestMatches: findNewMatchesForProviders });
      await api.register(notificationSettingsRoutes);
      await api.register(networkRoutes);
      await api.register(chatsRoutes);
      await api.register(collaborationRoutes);
      await api.register(postsRoutes);
      // Replies from other servers among the comments, the federation feature's (decision 091);
      // a moderator's removal of one in the moderation feature's log.
      await api.register(commentsRoutes, { remoteReplies, recordAudit: recordModeration });
      await api.register(hashtagsRoutes);
      // The board finds which posts; the posts feature shows them (decision 058).
      await api.register(emergencyBoardRoutes, { showPosts: postsSeenBy });
      await api.register(missionsRoutes);
      // An answer to an offer from another server goes back through federation (decision 090).
      await api.register(offersRoutes, { answerRemote: enqueueOfferAnswer });
      await api.register(safetyRoutes);
      // Roles and the audit log (issue 35, decision 067).
      await api.register(adminRoutes);
      // Files each report in the queue within the report's transaction (decision 068).
      await api.register(moderationQueueRoutes);
      // Watched words and domains: matching posts and comments filed for review (decision 072).
      await api.register(watchedRoutes);
      await api.register(moderationActionsRoutes);
      await api.register(tasksRoutes);
      await api.register(geoRoutes);
      // Another Muster's listings in search and on the map (decision 089): the federation feature
      // says which a viewer may see, search and the map read them in their own statements.
      const remoteListings = config.federation.enabled ? federatedListings : undefined;
      await api.register(searchRoutes, { remoteListings });
      // The map of where help is needed (issue 37, decision 077).
      await api.register(mapRoutes, { remoteListings });
      await api.register(matchingRoutes);
      await api.register(alertsRoutes);
      await api.register(realtimeRoutes);
      // Pushes say a notice as the list does, a chat's burst as the chats count it: notifications
      // reads them, push sends them (decisions 064, 066).
      await api.register(pushRoutes, { readPush });
      // Verification answers are audited in their own transaction, in the moderation feature's log.
      await api.register(verificationRoutes, { audit: recordModeration });
      // Open data for responders (decision 078): not there at all when the instance turns it off.
      if (config.openData) await api.register(openDataRoutes, config.openData);
      // Following accounts on other servers (decision 087); a remote Flag is filed by moderation.
      await api.register(federationApiRoutes, { version: APP_VERSION, fileRemoteReport, remoteOffers });
      // Blocked and limited servers (decision 088), audited in the moderation feature's log.
      await api.register(federationServersRoutes, { recordAudit: recordModeration });
    },
    { prefix: API_ROOT },
  );

  // ActivityPub outside the API's prefix, where the fediverse looks (WebFinger, NodeInfo, /ap/):
  // Fedify's, with the raw bytes its signature checks need (issue 38, decision 082).
  await app.register(federationRoutes, { version: APP_VERSION, fileRemoteReport, remoteOffers });
  registerOpenApiRoute(app);
  await registerMediaRoutes(app, app.deps.media, {
    mode: config.mediaDelivery,
    ttlSeconds: config.mediaUrlTtlSeconds,
  });
  await registerWebApp(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
