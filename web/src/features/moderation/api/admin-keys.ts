const root = ['admin'] as const;

/** The admin pages' cache (decision 067): every key starts at `adminKeys.all`. */
export const adminKeys = {
  all: root,
  staff: [...root, 'staff'] as const,
  people: (query: string) => [...root, 'people', query] as const,
  auditAll: [...root, 'audit'] as const,
  audit: (filters: AuditFilters) => [...root, 'audit', filters] as const,
  /** The watched words and link domains (decision 072). */
  watched: [...root, 'watched'] as const,
  /** Blocked and limited remote servers (decision 088). */
  servers: [...root, 'servers'] as const,
};

/** The audit log's filters as the page holds them ('' = none). */
export type AuditFilters = { action: string; actor: string; subject: string };
