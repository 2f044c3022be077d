import { z } from 'zod';
import { strikeSchema } from './moderation-actions.js';
import { pageQuerySchema } from './paging.js';
import { reportReasons, reportTargetTypes } from './safety.js';

/**
 * The moderation queue (issue 35 item 2, decision 068): reports grouped by what they are about
 * into cases, each with the content as it was when reported. Moderators and admins only.
 */

export const caseStatuses = ['open', 'closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

/**
 * How a case was closed: dismissed (no rule broken), or actioned (a moderator's decision and a
 * strike, issue 35 item 3, decision 070; what was done is the strike's).
 */
export const caseResolutions = ['dismissed', 'actioned'] as const;
export type CaseResolution = (typeof caseResolutions)[number];

/** Whose the case is: anyone's, the caller's, or nobody's yet. */
export const caseAssignedFilters = ['anyone', 'me', 'unassigned'] as const;

export const CASE_NOTE_MAX = 2000;
export const DISMISS_REASON_MAX = 1000;

/** A person as a snapshot or a case names them: kept as they were, the account may be gone. */
export const snapshotPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SnapshotPerson = z.infer<typeof snapshotPersonSchema>;

/** The reported thing as it was when reported, one shape per kind of target. */
export const snapshotSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('post'),
    kind: z.string(),
    title: z.string(),
    content: z.string(),
    category: z.string().nullable(),
    image: z.string().nullable(),
    video: z.string().nullable(),
    fileUrl: z.string().nullable(),
    fileName: z.string().nullable(),
    author: snapshotPersonSchema,
  }),
  z.object({
    type: z.literal('comment'),
    content: z.string(),
    postId: z.string(),
    postTitle: z.string(),
    author: snapshotPersonSchema,
  }),
  z.object({
    type: z.literal('user'),
    person: snapshotPersonSchema,
    headline: z.string(),
    bio: z.string(),
    profilePicture: z.string().nullable(),
  }),
  z.object({
    type: z.literal('message'),
    body: z.string(),
    /** A stranger's first message, waiting as a chat request, rather than a message in a chat. */
    chatRequest: z.boolean(),
    sender: snapshotPersonSchema,
  }),
  z.object({
    type: z.literal('collaboration'),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    deadline: z.string().nullable(),
    location: z.string(),
    image: z.string().nullable(),
    author: snapshotPersonSchema,
  }),
]);
export type Snapshot = z.infer<typeof snapshotSchema>;

const staffSchema = z.object({ id: z.string(), username: z.string(), name: z.string() });

/** One case in the queue's list. */
export const caseSummarySchema = z.object({
  id: z.string(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.string(),
  status: z.enum(caseStatuses),
  /** Someone reported it as putting someone in danger: it goes first. */
  danger: z.boolean(),
  reporterCount: z.number().int(),
  /** Each reason given, with how many gave it, most given first. */
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
  /** The newest snapshot, for the card. */
  snapshot: snapshotSchema,
  author: snapshotPersonSchema.nullable(),
  assignee: staffSchema.nullable(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  closedAt: z.string().nullable(),
  resolution: z.enum(caseResolutions).nullable(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseListQuerySchema = pageQuerySchema.extend({
  status: z.enum(caseStatuses, 'Choose open or closed').default('open'),
  reason: z.enum(reportReasons, 'Choose a reason').optional(),
  targetType: z.enum(reportTargetTypes, 'Choose a kind of content').optional(),
  assigned: z.enum(caseAssignedFilters, 'Choose anyone, me or unassigned').default('anyone'),
});
export type CaseListQuery = z.input<typeof caseListQuerySchema>;

export const caseListResponseSchema = z.object({
  data: z.array(caseSummarySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});

export const caseReportSchema = z.object({
  id: z.string(),
  reason: z.enum(reportReasons),
  note: z.string(),
  createdAt: z.string(),
  snapshot: snapshotSchema,
});

export const caseNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: staffSchema.nullable(),
  createdAt: z.string(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

/** The author's record, for judging a first slip from a pattern. */
export const authorHistorySchema = z.object({
  /** ISO 8601: when the account was made. */
  joinedAt: z.string(),
  /** Earlier closed cases about their content or their account, newest first (at most 20). */
  earlierCases: z.array(
    z.object({
      id: z.string(),
      targetType: z.enum(reportTargetTypes),
      resolution: z.enum(caseResolutions).nullable(),
      closedAt: z.string().nullable(),
    }),
  ),
  dismissedCount: z.number().int(),
  /** Earlier cases closed with an action (not dismissed): the strikes of issue 35 item 3 will count here. */
  actionedCount: z.number().int(),
});

export const caseDetailSchema = caseSummarySchema.extend({
  /** Every report, newest first, each with the content as that reporter saw it. Reporters are never named. */
  reports: z.array(caseReportSchema),
  notes: z.array(caseNoteSchema),
  authorHistory: authorHistorySchema.nullable(),
  resolutionReason: z.string().nullable(),
  closedBy: staffSchema.nullable(),
  /** What was done, when the case was closed with an action (decision 070). */
  strike: strikeSchema.nullable(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;
export const caseDetailResponseSchema = z.object({ data: caseDetailSchema });

export const caseIdParamsSchema = z.object({ caseId: z.uuid('Not a case id') });

export const assignCaseSchema = z.strictObject({
  /** A moderator or admin, or null to leave it to anyone. */
  assigneeId: z.uuid('Not a person id').nullable(),
});
export const addCaseNoteSchema = z.strictObject({
  body: z
    .string({ error: 'Write a note' })
    .trim()
    .min(1, 'Write a note')
    .max(CASE_NOTE_MAX, `Notes are at most ${CASE_NOTE_MAX} characters`),
});
export const dismissCaseSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why it breaks no rule' })
    .trim()
    .min(1, 'Say why it breaks no rule')
    .max(DISMISS_REASON_MAX, `At most ${DISMISS_REASON_MAX} characters`),
});
export const caseNoteResponseSchema = z.object({ data: caseNoteSchema });

/** What a reporter is told when the case is dismissed: nobody is named, not even the content's author. */
export const REPORT_REVIEWED_MESSAGE =
  'We reviewed your report. It did not break our rules, so we did not act on it. Thank you for looking out for others.';

/** What a reporter is told when the case is actioned (decision 070): nobody is named, nor what was done. */
export const REPORT_ACTIONED_MESSAGE =
  'We reviewed your report and took action. Thank you for looking out for others.';
