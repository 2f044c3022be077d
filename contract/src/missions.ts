import { z } from 'zod';
import { shownPlaceSchema } from './geo.js';
import { pageQuerySchema } from './paging.js';
import {
  JOIN_MESSAGE_MAX,
  MISSION_CATEGORY_MAX,
  MISSION_DESCRIPTION_MAX,
  MISSION_LOCATION_MAX,
  MISSION_TITLE_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  memberRoles,
  missionRoles,
  missionStatuses,
  missionTypes,
  missionVisibilities,
  taskStatuses,
} from './missions-constants.js';
import { mapLocationSchema } from './posts.js';
import { publicUserSchema } from './users.js';

// The constants the shell needs at start-up live in a zod-free module (decision 030).
export * from './missions-constants.js';

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const createMissionSchema = z.strictObject({
  title: text(MISSION_TITLE_MAX, 'Title').min(1, 'Give the mission a title'),
  description: text(MISSION_DESCRIPTION_MAX, 'Description').default(''),
  type: z.enum(missionTypes, 'Choose collaboration or partnership'),
  category: text(MISSION_CATEGORY_MAX, 'Category').default(''),
  location: text(MISSION_LOCATION_MAX, 'Location').default(''),
  mapLocation: mapLocationSchema.optional(),
  /** A data URL; the server sniffs, re-encodes and stores it. */
  photo: z.string().startsWith('data:', 'Choose an image file').optional(),
  visibility: z.enum(missionVisibilities).default('public'),
});
export type CreateMissionInput = z.input<typeof createMissionSchema>;

/**
 * PATCH: any of the fields; `photo: null` removes the photo. Without create's defaults: a field
 * left out stays as it is (`.partial()` keeps them, and a title-only edit blanked the description,
 * the category and the place).
 */
export const updateMissionSchema = z.strictObject({
  title: createMissionSchema.shape.title.optional(),
  description: text(MISSION_DESCRIPTION_MAX, 'Description').optional(),
  type: createMissionSchema.shape.type.optional(),
  category: text(MISSION_CATEGORY_MAX, 'Category').optional(),
  location: text(MISSION_LOCATION_MAX, 'Location').optional(),
  mapLocation: mapLocationSchema.optional(),
  photo: z.string().startsWith('data:', 'Choose an image file').nullable().optional(),
  visibility: z.enum(missionVisibilities).optional(),
});
export type UpdateMissionInput = z.input<typeof updateMissionSchema>;

/** A mission as cards and lists show it (spec §3 Mission, plus what the page needs). */
export const missionSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  photo: z.string(),
  type: z.enum(missionTypes),
  category: z.string(),
  location: z.string(),
  status: z.enum(missionStatuses),
  owner: publicUserSchema,
  partnersCount: z.number(),
  collaboratorsCount: z.number(),
  updateCount: z.number(),
  followerCount: z.number(),
  createdAt: z.string(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

/** The mission page: the summary, the description and place, and where the viewer stands. */
export const missionSchema = missionSummarySchema.extend({
  description: z.string(),
  /** Exact for its members; else approximate, as is `location` (issue 16). */
  mapLocation: shownPlaceSchema.nullable(),
  visibility: z.enum(missionVisibilities),
  role: z.enum(missionRoles),
  following: z.boolean(),
  joinRequest: z.enum(['none', 'pending']),
  /** The mission's group chat, for members; null for everyone else. */
  chatId: z.string().nullable(),
  can: z.object({
    edit: z.boolean(),
    join: z.boolean(),
    leave: z.boolean(),
    postUpdate: z.boolean(),
    manageTasks: z.boolean(),
    approveRequests: z.boolean(),
  }),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionParamsSchema = z.object({ missionId: z.uuid('Not a mission id') });
export const missionListQuerySchema = pageQuerySchema.extend({
  type: z.enum(missionTypes).optional(),
  category: z.string().trim().max(MISSION_CATEGORY_MAX).optional(),
  status: z.enum(missionStatuses).optional(),
});
export const missionResponseSchema = z.object({ data: missionSchema });
export const missionPageResponseSchema = z.object({
  data: z.array(missionSummarySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
/** GET /missions/mine: mine, or with `userId` theirs that I may see. */
export const myMissionsQuerySchema = pageQuerySchema.extend({ userId: z.uuid('Not a person id').optional() });
/** DELETE /missions/{missionId}/members/me: the mission if I may still see it, else null. */
export const leaveMissionResponseSchema = z.object({ data: missionSchema.nullable() });
/** The composer's mission picker: ongoing missions I belong to, with their update counts. */
export const ongoingMissionsResponseSchema = z.object({
  data: z.array(z.object({ _id: z.string(), title: z.string(), updateCount: z.number() })),
});

export const joinMissionSchema = z.strictObject({
  role: z.enum(memberRoles, 'Choose partner or collaborator'),
  message: text(JOIN_MESSAGE_MAX, 'Message').default(''),
});
export const joinRequestSchema = z.object({
  _id: z.string(),
  mission: z.object({ _id: z.string(), title: z.string(), photo: z.string() }),
  user: publicUserSchema,
  role: z.enum(memberRoles),
  message: z.string(),
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestsResponseSchema = z.object({ data: z.array(joinRequestSchema) });
export const joinRequestParamsSchema = missionParamsSchema.extend({ requestId: z.uuid('Not a request id') });
export const memberParamsSchema = missionParamsSchema.extend({ userId: z.uuid('Not a person id') });

export const memberSchema = z.object({
  user: publicUserSchema,
  role: z.enum(['owner', ...memberRoles]),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.object({
  data: z.object({
    owner: memberSchema,
    partners: z.array(memberSchema),
    collaborators: z.array(memberSchema),
  }),
});

export const createTaskSchema = z.strictObject({
  title: text(TASK_TITLE_MAX, 'Title').min(1, 'Give the task a title'),
  description: text(TASK_DESCRIPTION_MAX, 'Description').default(''),
  assigneeId: z.uuid('Choose a member').nullable().optional(),
  dueDate: z.iso.date('Choose a real date').nullable().optional(),
});
/** PATCH: any of the fields. Not `createTaskSchema.partial()`: its default would blank the description of every edit that leaves it out. */
export const updateTaskSchema = z.strictObject({
  title: text(TASK_TITLE_MAX, 'Title').min(1, 'Give the task a title').optional(),
  description: text(TASK_DESCRIPTION_MAX, 'Description').optional(),
  assigneeId: z.uuid('Choose a member').nullable().optional(),
  dueDate: z.iso.date('Choose a real date').nullable().optional(),
  status: z.enum(taskStatuses, 'Choose To do, In progress or Done').optional(),
});
export const taskSchema = z.object({
  _id: z.string(),
  missionId: z.string(),
  missionTitle: z.string(),
  title: z.string(),
  description: z.string(),
  assignee: publicUserSchema.nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(taskStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the viewer may do: any member edits and moves a task; the owner, partners and its creator delete it. */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Task = z.infer<typeof taskSchema>;
export const taskResponseSchema = z.object({ data: taskSchema });
export const taskListResponseSchema = z.object({ data: z.array(taskSchema) });
export const taskParamsSchema = z.object({ taskId: z.uuid('Not a task id') });
export const taskListQuerySchema = z.object({
  mine: z.enum(['true', 'false']).optional(),
  status: z.enum(taskStatuses).optional(),
  missionId: z.uuid().optional(),
});
