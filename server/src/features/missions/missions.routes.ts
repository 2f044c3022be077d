import { apiErrorSchema } from '@muster/contract/errors';
import {
  createMissionSchema,
  joinMissionSchema,
  joinRequestParamsSchema,
  joinRequestsResponseSchema,
  leaveMissionResponseSchema,
  memberParamsSchema,
  membersResponseSchema,
  missionListQuerySchema,
  missionPageResponseSchema,
  missionParamsSchema,
  missionResponseSchema,
  myMissionsQuerySchema,
  ongoingMissionsResponseSchema,
  updateMissionSchema,
} from '@muster/contract/missions';
import { pageQuerySchema } from '@muster/contract/paging';
import { okResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MISSION_BUDGET, MISSION_JOIN_BUDGET, UPLOAD_BODY_LIMIT } from '../../platform/limits.js';
import { sendJsonText } from '../../platform/json-text.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as missions from './missions.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['missions'];
const one = { 200: missionResponseSchema, ...errors };
const page = { 200: missionPageResponseSchema, ...errors };
const pickerList = { 200: ongoingMissionsResponseSchema, ...errors };

/** The missions feature (issue 12): missions, their members, join requests and followers (offers of help are the offers feature's). */
export const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/missions',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      preHandler: limitPerAccount(app, MISSION_BUDGET),
      schema: {
        tags,
        summary: 'Start a mission (I become its owner)',
        body: createMissionSchema,
        response: one,
      },
    },
    async (request) => ({ data: await missions.createMission(deps, request.viewer, request.body) }),
  );

  app.get(
    '/missions',
    {
      schema: {
        tags,
        summary: 'Missions I may see, newest first (keyset paged)',
        querystring: missionListQuerySchema,
        response: page,
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await missions.listVisibleMissions(deps, request.viewer, request.query)),
  );

  app.get(
    '/missions/mine',
    {
      schema: {
        tags,
        summary: 'Missions I own or belong to (with `userId`: theirs that I may see)',
        querystring: myMissionsQuerySchema,
        response: page,
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await missions.missionsOf(deps, request.viewer, request.query)),
  );

  app.get(
    '/missions/followed',
    { schema: { tags, summary: 'Missions I follow', querystring: pageQuerySchema, response: page } },
    async (request, reply) =>
      sendJsonText(reply, await missions.followedMissions(deps, request.viewer, request.query)),
  );

  app.get(
    '/missions/:missionId',
    {
      schema: {
        tags,
        summary: 'A mission, and where I stand with it',
        params: missionParamsSchema,
        response: one,
      },
    },
    async (request) => ({ data: await missions.getMission(deps, request.viewer, request.params.missionId) }),
  );

  app.patch(
    '/missions/:missionId',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Edit my mission (owner only)',
        params: missionParamsSchema,
        body: updateMissionSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await missions.editMission(deps, request.viewer, request.params.missionId, request.body),
    }),
  );

  app.delete(
    '/missions/:missionId',
    {
      schema: {
        tags,
        summary: 'Delete my mission (owner only; its updates stay as posts)',
        params: missionParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await missions.removeMission(deps, request.viewer, request.params.missionId);
      return { data: { ok: true as const } };
    },
  );

  app.put(
    '/missions/:missionId/complete',
    {
      schema: {
        tags,
        summary: 'Mark my mission completed (owner only)',
        params: missionParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await missions.markCompleted(deps, request.viewer, request.params.missionId),
    }),
  );

  app.post(
    '/missions/:missionId/join',
    {
      // Each request tells the owner: a budget per account.
      preHandler: limitPerAccount(app, MISSION_JOIN_BUDGET),
      schema: {
        tags,
        summary: 'Ask to join a mission as a partner or collaborator',
        params: missionParamsSchema,
        body: joinMissionSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await missions.askToJoin(deps, request.viewer, request.params.missionId, request.body),
    }),
  );

  app.get(
    '/chats/join-requests',
    {
      schema: {
        tags,
        summary: 'Requests to join missions I own or partner in',
        response: { 200: joinRequestsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await missions.joinRequestsForMe(deps, request.viewer) }),
  );

  for (const [action, approve] of [
    ['approve', true],
    ['decline', false],
  ] as const) {
    app.put(
      `/missions/:missionId/join-requests/:requestId/${action}`,
      {
        schema: {
          tags,
          summary: approve
            ? 'Let someone in (owner or partner)'
            : 'Turn a join request down (owner or partner; they are not told)',
          params: joinRequestParamsSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await missions.answerRequest(
          deps,
          request.viewer,
          request.params.missionId,
          request.params.requestId,
          approve,
        ),
      }),
    );
  }

  app.delete(
    '/missions/:missionId/members/me',
    {
      schema: {
        tags,
        summary: 'Leave a mission (the owner cannot); answers the mission if I may still see it',
        params: missionParamsSchema,
        response: { 200: leaveMissionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await missions.leave(deps, request.viewer, request.params.missionId) }),
  );

  app.delete(
    '/missions/:missionId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member from my mission (owner only)',
        params: memberParamsSchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await missions.removeMember(
        deps,
        request.viewer,
        request.params.missionId,
        request.params.userId,
      ),
    }),
  );

  app.get(
    '/missions/:missionId/members',
    {
      schema: {
        tags,
        summary: 'The mission’s owner, partners and collaborators',
        params: missionParamsSchema,
        response: { 200: membersResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await missions.members(deps, request.viewer, request.params.missionId) }),
  );

  app.post(
    '/missions/:missionId/follow',
    { schema: { tags, summary: 'Follow a mission’s updates', params: missionParamsSchema, response: one } },
    async (request) => ({
      data: await missions.setFollowing(deps, request.viewer, request.params.missionId, true),
    }),
  );
  app.delete(
    '/missions/:missionId/follow',
    { schema: { tags, summary: 'Stop following a mission', params: missionParamsSchema, response: one } },
    async (request) => ({
      data: await missions.setFollowing(deps, request.viewer, request.params.missionId, false),
    }),
  );

  // The composer's mission picker (spec §7): one list for both modes, ongoing missions I belong to.
  for (const [url, summary] of [
    ['/chats/ongoing-missions/me', 'Ongoing missions I take part in (mission picker, reference mode)'],
    [
      '/posts/user/mission-posts-with-updates',
      'My ongoing missions with their update counts (mission picker, update mode)',
    ],
  ] as const) {
    app.get(url, { schema: { tags, summary, response: pickerList } }, async (request) => ({
      data: await missions.myOngoingMissions(deps, request.viewer),
    }));
  }
};
