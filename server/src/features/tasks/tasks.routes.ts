import { apiErrorSchema } from '@muster/contract/errors';
import {
  createTaskSchema,
  missionParamsSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskParamsSchema,
  taskResponseSchema,
  updateTaskSchema,
} from '@muster/contract/missions';
import { emptyResponseSchema } from '@muster/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TASK_BUDGET, TASK_EDIT_BUDGET } from '../../platform/limits.js';
import { limitPerAccount } from '../../platform/rate-limit.js';
import * as tasks from './tasks.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['tasks'];

/** A mission's task board (issue 12): members only, every route; strangers meet a 404. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/missions/:missionId/tasks',
    {
      schema: {
        tags,
        summary: 'The tasks of a mission I belong to, newest first',
        params: missionParamsSchema,
        response: { 200: taskListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await tasks.listMissionTasks(deps, request.viewer, request.params.missionId),
    }),
  );

  app.post(
    '/missions/:missionId/tasks',
    {
      preHandler: limitPerAccount(app, TASK_BUDGET),
      schema: {
        tags,
        summary:
          'Add a task to a mission I belong to (the assignee must be a member); the assignee and the owner are told',
        params: missionParamsSchema,
        body: createTaskSchema,
        response: { 200: taskResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await tasks.createTask(deps, request.viewer, request.params.missionId, request.body),
    }),
  );

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: 'Tasks of the missions I belong to (mine=true: assigned to me), newest first',
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await tasks.listMyTasks(deps, request.viewer, request.query) }),
  );

  app.patch(
    '/tasks/:taskId',
    {
      preHandler: limitPerAccount(app, TASK_EDIT_BUDGET),
      schema: {
        tags,
        summary: 'Change a task of a mission I belong to; a new status tells the assignee and the owner',
        params: taskParamsSchema,
        body: updateTaskSchema,
        response: { 200: taskResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await tasks.updateTask(deps, request.viewer, request.params.taskId, request.body),
    }),
  );

  app.delete(
    '/tasks/:taskId',
    {
      schema: {
        tags,
        summary: 'Delete a task (the mission owner, a partner or its creator)',
        params: taskParamsSchema,
        response: { 204: emptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await tasks.removeTask(deps, request.viewer, request.params.taskId);
      return reply.status(204).send(null);
    },
  );
};
