const root = ['alerts'] as const;

/** The alerts feature's cache: my saved alerts (issue 37 item 2). */
export const alertKeys = { all: root, mine: [...root, 'mine'] as const };
