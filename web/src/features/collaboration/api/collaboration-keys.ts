import type { CollaborationCategoryId } from '@muster/contract/collaboration';

const root = ['collaboration'] as const;

/** The collaboration feature's query keys: every one starts at `collaborationKeys.all`. */
export const collaborationKeys = {
  all: root,
  list: (categoryId: CollaborationCategoryId) => [...root, 'list', categoryId] as const,
  detail: (requestId: string) => [...root, 'detail', requestId] as const,
};
