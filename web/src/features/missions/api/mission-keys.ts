/**
 * The missions feature's cache: every key starts at `missionKeys.all`, so a write (join, approve,
 * follow, a task's status) refreshes the mission page, the lists and the task board together.
 */
export const missionKeys = {
  all: ['missions'] as const,
  detail: (missionId: string) => ['missions', 'detail', missionId] as const,
  members: (missionId: string) => ['missions', 'members', missionId] as const,
  followed: ['missions', 'followed'] as const,
  mine: (userId?: string) => ['missions', 'mine', userId ?? 'me'] as const,
  joinRequests: ['missions', 'join-requests'] as const,
  /** Every task list and board (a task changed somewhere). */
  allTasks: ['missions', 'tasks'] as const,
  missionTasks: (missionId: string) => ['missions', 'tasks', 'mission', missionId] as const,
  tasks: (filter: { mine?: boolean; missionId?: string }) => ['missions', 'tasks', 'list', filter] as const,
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
