import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzz, type FuzzReport, type OpenApiDocument, type Route } from '../bench/fuzz.js';
import { signedInUser, signIn } from '../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../test/helpers.js';

/**
 * The fuzz test (issue 10): every route of the OpenAPI document × FUZZ_REQUESTS malformed requests,
 * each signed in (a real session) and signed out; no answer may be a 5xx or carry an internal detail.
 * `npm test` tries a small sample; `npm run fuzz -w server` the full one. FUZZ_SEED replays a run;
 * FUZZ_REPORT=<file> writes every failure there as JSON.
 */
const PER_ROUTE = Number(process.env.FUZZ_REQUESTS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_110);
/** Per request: generous for a busy machine, yet a hang is a failure, not a stuck suite. */
const REQUEST_TIMEOUT_MS = 20_000;

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
let doc: OpenApiDocument;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let cookie: string;
let report: FuzzReport | undefined;

const ok = async (res: Awaited<ReturnType<ReturnType<typeof apiCaller>>>) => {
  if (res.statusCode >= 300) throw new Error(`fuzz setup: ${res.statusCode} ${res.body}`);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  owner = await signedInUser(t);
  cookie = owner.cookie;
});

afterAll(async () => {
  if (report) {
    // eslint-disable-next-line no-console -- the figures the issue asks for, in the test output
    console.log(
      `fuzz: ${report.routes} routes × ${report.perRoute} requests × 2 (signed in, signed out) = ${report.tried} tried in ` +
        `${(report.elapsedMs / 1000).toFixed(1)} s; ≥ 500: ${report.serverErrors}; internal detail: ${report.leaks}; ` +
        `answers ${JSON.stringify(report.byStatus)}; seed ${SEED}`,
    );
  }
  await t?.close();
});

/** Real things of the signed-in person for a route's path, made afresh: an earlier route may have deleted them. */
async function pathValues(route: Route): Promise<Record<string, string>> {
  const names = new Set(route.pathParams.map((p) => p.name));
  const values: Record<string, string> = {
    username: owner.user.username,
    hashtag: 'fuzzing',
    categoryId: 'adventure',
  };
  if (names.has('postId') || names.has('commentId') || names.has('id')) {
    values.postId = (
      await ok(
        await api('POST', '/posts/create', cookie, { kind: 'general', content: 'Fuzzing target #fuzzing' }),
      )
    ).data._id;
  }
  if (names.has('commentId')) {
    values.commentId = (
      await ok(
        await api('POST', `/posts/${values.postId}/comments`, cookie, { content: 'A comment to fuzz' }),
      )
    ).data._id;
  }
  if (names.has('requestId') && route.path.includes('/chats/requests/')) {
    // A chat request to the owner (issue 15): a stranger writes while the owner takes messages only from connections.
    await ok(
      await api('PUT', '/users/me/privacy', cookie, {
        profileVisibility: 'everyone',
        connectionsVisibility: 'everyone',
        messagePolicy: 'connections',
        searchable: true,
      }),
    );
    const stranger = await signedInUser(t);
    values.requestId = (
      await ok(
        await api('POST', '/chats/send', stranger.cookie, {
          recipientId: owner.user.id,
          message: 'A request to fuzz',
        }),
      )
    ).data.request._id;
  } else if (names.has('requestId')) {
    values.requestId = (
      await ok(
        await api('POST', '/collaboration', cookie, {
          title: 'Fuzzing crew',
          description: 'A request to fuzz',
        }),
      )
    ).data._id;
  }
  if (names.has('chatId') || names.has('id')) {
    // A message to someone else makes a conversation, and their like a notification, of the owner's.
    // The owner writes first: fuzzing PUT /users/me/privacy may have left them open to connections only.
    const other = await signedInUser(t);
    values.chatId = (
      await ok(await api('POST', '/chats/send', cookie, { recipientId: other.user.id, message: 'Hello' }))
    ).data.chatId;
    if (names.has('id')) {
      await ok(await api('POST', `/posts/${values.postId}/like`, other.cookie));
      values.id = (await ok(await api('GET', '/notifications', cookie))).data[0]._id;
    }
  }
  if (names.has('offerId')) {
    // An offer someone made on the owner's need: theirs to accept or decline (and, fuzzed, to withdraw).
    const helper = await signedInUser(t);
    const needId = (
      await ok(
        await api('POST', '/posts/create', cookie, {
          kind: 'need',
          category: 'Tools',
          content: 'A need to fuzz',
        }),
      )
    ).data._id;
    values.offerId = (
      await ok(await api('POST', `/posts/${needId}/offers`, helper.cookie, { message: 'An offer to fuzz' }))
    ).data._id;
  }
  return values;
}

describe('fuzz', () => {
  it(
    `answers ${PER_ROUTE} malformed requests per route, signed in and out, without a 5xx or an internal detail`,
    async () => {
      report = await fuzz(
        doc,
        {
          send: async (request) => {
            const res = await t.app.inject({ ...request, method: request.method as 'GET' });
            return { statusCode: res.statusCode, body: res.body, headers: res.headers };
          },
          session: {
            cookie: () => cookie,
            // A try that signed out (or deleted the account) ends the session: sign in again.
            renew: async () => {
              cookie = await signIn(t, owner.user.username).catch(
                async () => (owner = await signedInUser(t)).cookie,
              );
            },
          },
          pathValues,
        },
        { perRoute: PER_ROUTE, seed: SEED, timeoutMs: REQUEST_TIMEOUT_MS },
      );
      if (process.env.FUZZ_REPORT)
        await fs.writeFile(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
      expect(report.routes).toBe(t.app.apiRoutes.length);
      expect(report.tried).toBe(report.routes * PER_ROUTE * 2);
      expect(report.failures.slice(0, 20)).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.leaks).toBe(0);
      // Prototype keys were parsed, stored and walked over: none reached Object.prototype.
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
    // 100 ms for each of ~80 routes × 2 tries, where one takes about 3 ms: a bound for a stuck run,
    // not a speed test (each request has its own bound above).
    120_000 + PER_ROUTE * 80 * 2 * 100,
  );
});
