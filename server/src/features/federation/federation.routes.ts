import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@muster/contract/errors';
import { okResponseSchema } from '@muster/contract/responses';
import {
  blockRemoteSchema,
  followIdParamsSchema,
  followRemoteSchema,
  remoteFollowResponseSchema,
  remoteFollowsResponseSchema,
  remoteReportSchema,
  remoteBlockIdParamsSchema,
  remoteBlockResponseSchema,
  remoteBlocksResponseSchema,
} from '@muster/contract/federation';
import { reportResponseSchema } from '@muster/contract/safety';
import type { Deps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { HIDE_BUDGET, REMOTE_FOLLOW_BUDGET, REPORT_BUDGET } from '../../platform/limits.js';
import { limitBy, limitPerAccount } from '../../platform/rate-limit.js';
import {
  createMusterFederation,
  missionPage,
  profilePage,
  type FederationOptions,
  type MusterFederation,
} from './federation.js';
import { isBlockedHost } from './federation.queries.js';
import { followRemote, myRemoteFollows, unfollowRemote } from './following.js';
import { remoteOfferRoutes } from './offers-remote.routes.js';
import { reportRemote } from './reports-out.js';
import { blockRemote, myRemoteBlocks, unblockRemote } from './remote-blocks.js';

/**
 * The app's one Federation, made by whichever plugin asks first (the ActivityPub routes or the
 * API's follow routes): one queue handler, one set of listeners per app. Undefined when off.
 */
const federations = new WeakMap<Deps, MusterFederation>();
function federationOf(deps: Deps, options: FederationOptions): MusterFederation | undefined {
  if (!deps.config.federation.enabled) return undefined;
  let federation = federations.get(deps);
  if (!federation) {
    federation = createMusterFederation(deps, options);
    federations.set(deps, federation);
  }
  return federation;
}

/** An incoming activity's largest body: Mastodon's own limit is far above any real activity. */
export const INBOX_BODY_LIMIT = 256 * 1024;

const INBOX = /^\/ap\/(inbox|users\/[^/]+\/inbox)$/;
const ACTOR = /^\/ap\/users\/([^/?#]+)$/;

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Not found');

/** The host of the key a request is signed with (draft-cavage `Signature` or RFC 9421 `Signature-Input`). */
export function signerHost(request: FastifyRequest): string | undefined {
  const header = request.headers.signature ?? request.headers['signature-input'];
  const text = Array.isArray(header) ? header.join(',') : header;
  const keyId = text?.match(/keyid="([^"]+)"/i)?.[1];
  return keyId && URL.canParse(keyId) ? new URL(keyId).host.toLowerCase() : undefined;
}

/** The host of an activity's actor, read from the raw body before Fedify parses it (undefined: none). */
function actorHost(body: unknown): string | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    const activity = JSON.parse(body.toString('utf8')) as { actor?: unknown };
    const actor = activity.actor;
    const id =
      typeof actor === 'string'
        ? actor
        : actor && typeof actor === 'object' && 'id' in actor && typeof actor.id === 'string'
          ? actor.id
          : undefined;
    return id && URL.canParse(id) ? new URL(id).host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ActivityPub (issue 38, decision 082): WebFinger, NodeInfo and everything under /ap/ are Fedify's.
 * Fastify takes the request (its limits, timeouts, logging), hands a WHATWG Request with the raw
 * body (the inbox verifies the signature over those bytes) to `federation.fetch`, and sends back
 * what Fedify answers. With FEDERATION off the same paths answer 404, as if they were not there.
 */
export const federationRoutes: FastifyPluginAsync<FederationOptions> = async (app, options) => {
  const { deps } = app;
  const enabled = deps.config.federation.enabled;
  // Built (and its queue defined) only when on: an instance that does not federate runs none of it.
  const federation = federationOf(deps, options);

  // The bytes as they came: the inbox's signature covers them (its Digest), so nothing may re-encode them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  /** Refuses a blocked server's activity before Fedify fetches its key or parses anything (403). */
  const refuseBlocked = async (request: FastifyRequest) => {
    if (!enabled || request.method !== 'POST') return;
    for (const host of [signerHost(request), actorHost(request.body)])
      if (host && (await isBlockedHost(deps.db, host)))
        throw new HttpError(403, 'SERVER_BLOCKED', 'This server does not accept activities from yours');
  };
  // Per remote server, by the host of the key that signed the post (FEDERATION_INBOX_RATE_LIMIT a
  // minute, 300 unless set: a busy Mastodon delivering to many local followers stays below it).
  const perServer = limitBy(app, [
    {
      name: 'federation:inbox',
      max: deps.config.federation.inboxPerMinute,
      timeWindow: '1 minute',
      // Unsigned posts are refused by Fedify (401) and counted per address like anything else.
      key: (request) =>
        request.method === 'POST' && INBOX.test(request.url.split('?')[0]!)
          ? (signerHost(request) ?? `ip:${request.ip}`)
          : undefined,
    },
  ]);

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!federation) throw notFound();
    const url = new URL(request.url, `${deps.config.publicUrl}/`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
    const response = await federation.fetch(
      new Request(url, {
        method: request.method,
        headers,
        ...(body && request.method !== 'GET' && request.method !== 'HEAD' ? { body } : {}),
      }),
      {
        contextData: deps,
        onNotFound: () => new Response(null, { status: 404 }),
        // A fetch signed by someone the actor blocked (decision 092) is answered as if nothing were there.
        onUnauthorized: () => new Response(null, { status: 404 }),
        // A browser opening an actor's URL (a Mastodon user clicking a name) sees the web app's page.
        onNotAcceptable: (req) => {
          const identifier = ACTOR.exec(new URL(req.url).pathname)?.[1];
          if (!identifier) return new Response(null, { status: 406 });
          const location = identifier.startsWith('m-')
            ? missionPage(deps.config.publicUrl, identifier.slice(2))
            : identifier.includes('.') // the server's own actor (decision 094): its front page
              ? `${deps.config.publicUrl}/`
              : profilePage(deps.config.publicUrl, identifier);
          return new Response(null, { status: 302, headers: { location } });
        },
      },
    );
    if (response.status === 404 && !response.headers.get('content-type')) throw notFound();
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(Buffer.from(await response.arrayBuffer()));
  };

  const routeOptions = {
    bodyLimit: INBOX_BODY_LIMIT,
    // Authorised by the HTTP signature Fedify verifies and by no cookie: another server posts
    // here as `application/activity+json` from its own origin (platform/security.ts's exemption).
    config: { authorizedByToken: true },
    preHandler: [perServer, refuseBlocked],
    schema: { hide: true },
  };
  for (const url of ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/*', '/ap/*'])
    app.route({ method: ['GET', 'POST'], url, ...routeOptions, handler: handle });
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['federation'];

/**
 * People here following accounts elsewhere on the fediverse (decision 087) and reporting what came
 * from there (094), under the API's prefix at /federation/…. With FEDERATION off they answer 404
 * (the routes stay listed).
 */
export const federationApiRoutes: FastifyPluginAsyncZod<FederationOptions> = async (app, options) => {
  const { deps } = app;
  const federation = federationOf(deps, options);
  // Offers of help on other servers' listings (decision 090).
  await app.register(remoteOfferRoutes, { federation });

  app.post(
    '/federation/follows',
    {
      // Each follow fetches a remote server and sends a signed delivery: a budget per account.
      preHandler: limitPerAccount(app, REMOTE_FOLLOW_BUDGET),
      schema: {
        tags,
        summary: 'Follow an account on another server (@user@host or its actor URL)',
        body: followRemoteSchema,
        response: { 200: remoteFollowResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await followRemote(deps, federation, request.viewer, request.body) }),
  );

  app.get(
    '/federation/follows',
    {
      schema: {
        tags,
        summary: 'The accounts on other servers I follow, newest first',
        response: { 200: remoteFollowsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await myRemoteFollows(deps, request.viewer) }),
  );

  app.delete(
    '/federation/follows/:id',
    {
      preHandler: limitPerAccount(app, REMOTE_FOLLOW_BUDGET),
      schema: {
        tags,
        summary: 'Stop following an account on another server',
        params: followIdParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await unfollowRemote(deps, federation, request.viewer, request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/federation/reports',
    {
      // The same budget as every other report (one bucket, `write:reports`).
      preHandler: limitPerAccount(app, REPORT_BUDGET),
      schema: {
        tags,
        summary: "Report a listing or reply from another server: sent to its server's moderators",
        body: remoteReportSchema,
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await reportRemote(deps, federation, request.viewer, request.body) }),
  );

  // Blocking people on other servers (decision 092): the budget of blocking and muting here.
  const hides = limitPerAccount(app, HIDE_BUDGET);
  app.post(
    '/federation/blocks',
    {
      preHandler: hides,
      schema: {
        tags,
        summary: 'Block a person on another server (@user@host or their actor URL)',
        body: blockRemoteSchema,
        response: { 200: remoteBlockResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await blockRemote(deps, federation, request.viewer, request.body) }),
  );

  app.get(
    '/federation/blocks',
    {
      schema: {
        tags,
        summary: 'The people on other servers I blocked, newest first',
        response: { 200: remoteBlocksResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await myRemoteBlocks(deps, request.viewer) }),
  );

  app.delete(
    '/federation/blocks/:id',
    {
      preHandler: hides,
      schema: {
        tags,
        summary: 'Unblock a person on another server',
        params: remoteBlockIdParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await unblockRemote(deps, request.viewer, request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
