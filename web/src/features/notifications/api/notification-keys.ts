const root = ['notifications'] as const;

/** The notifications feature's query keys: every one starts at `notificationKeys.all`. */
export const notificationKeys = {
  all: root,
  list: () => [...root, 'list'] as const,
};

/**
 * The optimistic changes to the list (delete one, mark all read), under one prefix: a rollback or
 * the refetch that ends them waits while any is pending (decision 057).
 */
export const notificationMutationKeys = {
  changes: [...root, 'change'] as const,
  delete: [...root, 'change', 'delete'] as const,
  markAllRead: [...root, 'change', 'mark-all-read'] as const,
};
