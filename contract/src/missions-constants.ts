/**
 * Zod-free half of missions.ts (decision 030): the mission types, roles, labels and field limits,
 * which the signed-in shell and home page read at start-up. Importing missions.ts builds all of its
 * zod schemas on load, a cost the shell's start-up task paid for these constants; it re-exports
 * everything here, so the server, the forms and the tests keep importing from it.
 */
/** Spec §3 Mission, and PRODUCT.md: what a mission is and how it shows when parts are missing. */
export const missionTypes = ['collaboration', 'partnership'] as const;
export type MissionType = (typeof missionTypes)[number];
export const missionStatuses = ['ongoing', 'completed'] as const;
export const missionVisibilities = ['public', 'members'] as const;
export const memberRoles = ['partner', 'collaborator'] as const;
export type MemberRole = (typeof memberRoles)[number];
export const missionRoles = ['owner', 'partner', 'collaborator', 'none'] as const;
export type MissionRole = (typeof missionRoles)[number];
export const taskStatuses = ['todo', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const UNTITLED_MISSION = 'Untitled Mission';
export const DEFAULT_MISSION_PHOTO = '/mission-default.svg';
/** The badge a mission card shows for its type (spec §2: 'Collab' or 'Partner'). */
export const missionTypeBadge: Record<MissionType, string> = {
  collaboration: 'Collab',
  partnership: 'Partner',
};
export const taskStatusLabels: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
};

export const MISSION_TITLE_MAX = 150;
export const MISSION_DESCRIPTION_MAX = 5000;
export const MISSION_CATEGORY_MAX = 60;
export const MISSION_LOCATION_MAX = 200;
export const JOIN_MESSAGE_MAX = 1000;
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 2000;
