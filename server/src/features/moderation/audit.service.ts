import type { AuditEntryView, auditQuerySchema } from '@muster/contract/admin';
import type { z } from 'zod';
import { requireRole, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import { type AuditRow, listAudit } from './audit.queries.js';

function presentEntry(row: AuditRow): AuditEntryView {
  return {
    _id: row.id,
    action: row.action,
    actorName: row.actorName,
    actorId: row.actorId,
    subjectName: row.subjectName,
    subjectId: row.subjectId,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The moderation audit log for admins, newest first. Read-only by design: no route edits or
 * deletes an entry, and the table's trigger refuses it from anywhere (0032).
 */
export async function auditLog(deps: Deps, viewer: Viewer | null, query: z.output<typeof auditQuerySchema>) {
  requireRole(viewer, 'admin');
  const cursor = decodeCursor(query.cursor);
  const rows = await listAudit(
    deps.db,
    {
      action: query.action || undefined,
      actor: query.actor || undefined,
      subject: query.subject || undefined,
    },
    cursor,
    query.limit,
  );
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map(presentEntry), meta: { nextCursor } };
}
