import type { QueueFilters } from './cases';

const root = ['moderation', 'cases'] as const;

/** The moderation queue's query keys: every one starts at `moderationKeys.all`. */
export const moderationKeys = {
  all: root,
  lists: [...root, 'list'] as const,
  list: (f: QueueFilters) => [...root, 'list', f] as const,
  detail: (caseId: string) => [...root, 'detail', caseId] as const,
};

/** Appeals against strikes (issue 35 item 3): pending or decided, a list of their own. */
export const appealKeys = {
  all: ['moderation', 'appeals'] as const,
  list: (state: 'pending' | 'decided') => ['moderation', 'appeals', state] as const,
};
