const root = ['network'] as const;

/**
 * The network feature's cache: every query key starts at `networkKeys.all`, so one invalidation
 * after any connection change refreshes requests, connections, suggestions and the Network badge.
 */
export const networkKeys = {
  all: root,
  /** Requests others sent me (the Network badge counts them). */
  received: [...root, 'requests', 'received'] as const,
  sent: [...root, 'requests', 'sent'] as const,
  connections: [...root, 'connections', 'mine'] as const,
  /** Someone else's connections (a profile's Connections tab). */
  connectionsOf: (userId: string) => [...root, 'connections', 'of', userId] as const,
  suggestions: [...root, 'suggestions'] as const,
};

/** How long a list stays fresh before a remount refetches it. */
export const networkStaleTimes = {
  /** Suggestions are ranked by the server from slow-moving data; a change of mine invalidates them anyway. */
  suggestions: 5 * 60_000,
  /** Someone else's connections: a short while, so flipping profile tabs does not refetch. */
  personConnections: 60_000,
} as const;
