import { z } from 'zod';
import { publicUserSchema } from './users.js';

/** Blocked and muted people, as /settings/blocked and /settings/muted list them. */
export const hiddenPersonSchema = z.object({ user: publicUserSchema, since: z.string() });
export type HiddenPerson = z.infer<typeof hiddenPersonSchema>;
export const hiddenPeopleResponseSchema = z.object({ data: z.array(hiddenPersonSchema) });

export const reportTargetTypes = ['post', 'comment', 'user', 'collaboration', 'message'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportReasons = ['spam', 'harassment', 'misinformation', 'danger', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
/** The words the report dialog shows for each reason. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  harassment: 'Harassment or hate',
  misinformation: 'False information',
  danger: 'Puts someone in danger',
  other: 'Something else',
};
export const REPORT_NOTE_MAX = 1000;

export const createReportSchema = z.strictObject({
  targetType: z.enum(reportTargetTypes, 'Choose what you are reporting'),
  targetId: z.uuid('Not an id'),
  reason: z.enum(reportReasons, 'Choose a reason'),
  note: z.string().trim().max(REPORT_NOTE_MAX, `Notes are at most ${REPORT_NOTE_MAX} characters`).default(''),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

/** What blocking or unblocking did: where the viewer now stands with the person. */
export const blockStateResponseSchema = z.object({ data: z.object({ blocked: z.boolean() }) });
/** What muting or unmuting did. Muting tells the muted person nothing. */
export const muteStateResponseSchema = z.object({ data: z.object({ muted: z.boolean() }) });
/** A stored report: the words the dialog shows. The reported person is told nothing. */
export const reportResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export const REPORT_RECEIVED = 'Thanks for letting us know. We will review your report.';
export const REPORT_DUPLICATE = 'You already reported this.';
