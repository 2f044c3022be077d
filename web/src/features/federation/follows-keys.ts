const root = ['federation', 'follows'] as const;

/**
 * The cache of following accounts on other servers (decision 093). Beside follows-api.ts rather
 * than under api/: the federation feature's web calls sit at its root (follows-api.ts, api.ts).
 */
export const followKeys = {
  all: root,
  /** Whether this server federates at all: the section is shown only then. */
  available: [...root, 'available'] as const,
  /** The accounts on other servers I follow, newest first. */
  list: [...root, 'list'] as const,
};
