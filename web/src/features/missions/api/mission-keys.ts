const root = ['missions'] as const;

/**
 * The missions feature's cache: every key starts at `missionKeys.all`, so a write (join, approve,
 * follow, a task's status) refreshes the mission page, the lists and the task board together.
 */
export const missionKeys = {
  all: root,
  detail: (missionId: string) => [...root, 'detail', missionId] as const,
  members: (missionId: string) => [...root, 'members', missionId] as const,
  followed: [...root, 'followed'] as const,
  mine: (userId?: string) => [...root, 'mine', userId ?? 'me'] as const,
  joinRequests: [...root, 'join-requests'] as const,
  /** Every task list and board (a task changed somewhere). */
  allTasks: [...root, 'tasks'] as const,
  missionTasks: (missionId: string) => [...root, 'tasks', 'mission', missionId] as const,
  tasks: (filter: { mine?: boolean; missionId?: string }) => [...root, 'tasks', 'list', filter] as const,
};

/** The missions feature's mutation keys, for the optimistic changes (decision 057). */
export const missionMutationKeys = {
  /** Following a mission or not: the missions are refetched once none is pending. */
  follow: [...root, 'follow'] as const,
  /** A task's status moved on the board: the task lists are refetched once none is pending. */
  updateTask: [...root, 'update-task'] as const,
};

/** How long a read stays fresh before a remount refetches it. */
export const missionStaleTimes = {
  /** A mission changes rarely; my own writes invalidate it at once. */
  detail: 30_000,
  /** Lists of missions and people: a minute, so moving between pages does not refetch. */
  lists: 60_000,
} as const;

export type Page<T> = { data: T[]; meta: { nextCursor: string | null } };

/** `?cursor=` appended to a URL that may already carry a query. */
export function withCursor(url: string, cursor?: string) {
  return cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url;
}
