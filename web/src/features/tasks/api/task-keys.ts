const root = ['tasks'] as const;

/** The tasks feature's query keys (the alerts about tasks; the tasks themselves are the missions feature's). */
export const taskKeys = {
  all: root,
  notifications: [...root, 'notifications'] as const,
};
