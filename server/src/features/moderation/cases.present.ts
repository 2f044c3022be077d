import type { Strike } from '@muster/contract/moderation-actions';
import type { CaseDetail, CaseNote, CaseSummary } from '@muster/contract/moderation-queue';
import type { CaseRow, caseNotes, caseReports, authorHistory } from './cases.queries.js';

type Staff = { id: string; username: string; name: string } | null;
type NoteRow = Awaited<ReturnType<typeof caseNotes>>[number];
type ReportRow = Awaited<ReturnType<typeof caseReports>>[number];
type History = NonNullable<Awaited<ReturnType<typeof authorHistory>>>;

// The rows hold what the contract's enums allow (the report's zod schema and 0033's checks).
export function presentCase(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    targetType: row.targetType as CaseSummary['targetType'],
    targetId: row.targetId,
    status: row.status,
    danger: row.danger,
    reporterCount: row.reporterCount,
    reasons: row.reasons as CaseSummary['reasons'],
    snapshot: row.snapshot as CaseSummary['snapshot'],
    author: row.author,
    assignee: row.assignee,
    firstReportedAt: row.firstReportedAt.toISOString(),
    lastReportedAt: row.lastReportedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    resolution: row.resolution as CaseSummary['resolution'],
  };
}

export function presentNote(n: NoteRow): CaseNote {
  return { id: n.id, body: n.body, author: n.author, createdAt: n.createdAt.toISOString() };
}

export function presentCaseDetail(
  row: CaseRow & { closedBy: Staff },
  reports: ReportRow[],
  notes: NoteRow[],
  history: History | undefined,
  strike: Strike | null,
): CaseDetail {
  return {
    ...presentCase(row),
    strike,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason as CaseDetail['reports'][number]['reason'],
      note: r.note,
      createdAt: r.createdAt.toISOString(),
      snapshot: r.snapshot as CaseDetail['snapshot'],
    })),
    notes: notes.map(presentNote),
    authorHistory: history
      ? {
          joinedAt: history.joinedAt.toISOString(),
          earlierCases: history.earlier.map((c) => ({
            id: c.id,
            targetType: c.targetType as CaseSummary['targetType'],
            resolution: c.resolution as CaseSummary['resolution'],
            closedAt: c.closedAt?.toISOString() ?? null,
          })),
          dismissedCount: history.dismissed,
          actionedCount: history.actioned,
        }
      : null,
    resolutionReason: row.resolutionReason,
    closedBy: row.closedBy,
  };
}
