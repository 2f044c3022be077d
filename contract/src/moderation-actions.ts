import { z } from 'zod';
import { pageQuerySchema } from './paging.js';

/**
 * Moderation actions, strikes and appeals (issue 35 item 3, decision 070). A moderator closes an
 * open case (decision 068) with one decision: what happens to the reported content, what happens
 * to its author's account, and which rule was broken. Each decision records one strike against
 * the author, tells the author by their channels (kind 'safety'), and tells the reporters that
 * their report was acted on, naming nobody. The author may appeal a strike once; a moderator
 * other than the one who acted decides.
 */

/** What happens to the reported content: nothing, hidden (its author still sees it, with why), or deleted. */
export const contentActions = ['none', 'hide', 'delete'] as const;
export type ContentAction = (typeof contentActions)[number];

/**
 * What happens to the author's account. 'limit': their posts reach only their connections and
 * they cannot message strangers. 'suspend': every session and socket ends at once and sign-in is
 * refused, with the reason and the end date, until it ends (never, when `days` is null).
 */
export const accountActions = ['none', 'warn', 'limit', 'suspend'] as const;
export type AccountAction = (typeof accountActions)[number];

/** The community rules a moderator cites. The author is told the rule's label. */
export const moderationRules = [
  'spam',
  'scam',
  'harassment',
  'hate',
  'violence',
  'danger',
  'misinformation',
  'sexual',
  'impersonation',
  'privacy',
  'other',
] as const;
export type ModerationRule = (typeof moderationRules)[number];
export const moderationRuleLabels: Record<ModerationRule, string> = {
  spam: 'No spam',
  scam: 'No scams or fake appeals for money',
  harassment: 'No harassment',
  hate: 'No hate',
  violence: 'No threats or incitement to violence',
  danger: 'Do not put anyone in danger',
  misinformation: 'No false information that could cause harm',
  sexual: 'No sexual content',
  impersonation: 'Do not pretend to be someone else',
  privacy: "Do not share other people's private information",
  other: 'Our community rules',
};

/** Periods a moderator picks for a limit or a suspension; null is "for good". */
export const actionPeriodDays = [1, 3, 7, 30, 90] as const;
export const ACTION_REASON_MAX = 1000;
export const APPEAL_TEXT_MAX = 2000;

const reasonText = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(ACTION_REASON_MAX, `At most ${ACTION_REASON_MAX} characters`);

/** `POST /moderation/cases/:caseId/action`: closes the case with one decision and one strike. */
export const caseActionSchema = z
  .strictObject({
    content: z.enum(contentActions, 'Choose what happens to the content').default('none'),
    account: z.enum(accountActions, 'Choose what happens to the account').default('none'),
    /** For a limit or a suspension: how many days, or null for good. */
    days: z
      .number({ error: 'Choose how long' })
      .int('Choose how long')
      .min(1, 'At least a day')
      .max(3650, 'At most ten years, or for good')
      .nullable()
      .optional(),
    rule: z.enum(moderationRules, 'Choose the rule that was broken'),
    /** Shown to the author, with the rule. */
    reason: reasonText('Say what was wrong, for the author'),
  })
  .refine((a) => a.content !== 'none' || a.account !== 'none', {
    message: 'Choose an action, or dismiss the case',
    path: ['account'],
  })
  .refine((a) => (a.account === 'limit' || a.account === 'suspend') === (a.days !== undefined), {
    message: 'Choose how long, or for good (only for a limit or a suspension)',
    path: ['days'],
  });
export type CaseActionInput = z.input<typeof caseActionSchema>;

export const strikeAppealStates = ['none', 'pending', 'upheld', 'lifted'] as const;
export type StrikeAppealState = (typeof strikeAppealStates)[number];

/** A strike as its author sees it (`GET /users/me/strikes`) and as a moderator does. */
export const strikeSchema = z.object({
  id: z.string(),
  caseId: z.string().nullable(),
  rule: z.enum(moderationRules),
  ruleLabel: z.string(),
  reason: z.string(),
  content: z.enum(contentActions),
  account: z.enum(accountActions),
  /** ISO 8601; null for a warning, or for good. */
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  appeal: z.object({
    state: z.enum(strikeAppealStates),
    text: z.string().nullable(),
    appealedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** The deciding moderator's words to the author. */
    decisionReason: z.string().nullable(),
  }),
  /** Lifted on appeal: it no longer counts, and its limit or suspension ended. */
  lifted: z.boolean(),
});
export type Strike = z.infer<typeof strikeSchema>;
export const strikeListResponseSchema = z.object({ data: z.array(strikeSchema) });
export const strikeResponseSchema = z.object({ data: strikeSchema });
export const strikeIdParamsSchema = z.object({ strikeId: z.uuid('Not a strike id') });

/** `POST /users/me/strikes/:strikeId/appeal`: once per strike. */
export const appealSchema = z.strictObject({
  text: z
    .string({ error: 'Say why the decision was wrong' })
    .trim()
    .min(1, 'Say why the decision was wrong')
    .max(APPEAL_TEXT_MAX, `At most ${APPEAL_TEXT_MAX} characters`),
});

/** An appeal waiting in the queue (`GET /moderation/appeals`). */
export const appealSummarySchema = z.object({
  strike: strikeSchema,
  author: z.object({ id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() }),
  /** Who acted: they may not decide the appeal. */
  actedBy: z.object({ id: z.string(), username: z.string(), name: z.string() }).nullable(),
});
export type AppealSummary = z.infer<typeof appealSummarySchema>;
export const appealListQuerySchema = pageQuerySchema.extend({
  state: z.enum(['pending', 'decided'], 'Choose pending or decided').default('pending'),
});
export const appealListResponseSchema = z.object({
  data: z.array(appealSummarySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});

/** `POST /moderation/appeals/:strikeId/decide`: uphold the strike, or lift it (and what it did). */
export const decideAppealSchema = z.strictObject({
  decision: z.enum(['uphold', 'lift'], 'Choose uphold or lift'),
  reason: reasonText('Say why, for the author'),
});

/**
 * Sign-in refused to a suspended account: the 403 whose code is SUSPENDED carries this as its
 * `suspension` field (beside `message` and `code`; `details` stays the list of field errors).
 */
export const suspensionDetailsSchema = z.object({
  reason: z.string(),
  rule: z.string(),
  /** ISO 8601, or null for good. */
  until: z.string().nullable(),
  /**
   * A signed token that appeals the strike which suspended the account, without signing in
   * (`POST /appeals/by-link`, decision 070); null when there is none to appeal (already appealed).
   */
  appealToken: z.string().nullable(),
});
export type SuspensionDetails = z.infer<typeof suspensionDetailsSchema>;

/** An appeal token (`v1.<strike id>.<HMAC>`): in the suspension mail's link and the refused sign-in. */
export const APPEAL_TOKEN_MAX = 200;
const appealToken = z
  .string('This appeal link has no token')
  .min(1, 'This appeal link has no token')
  .max(APPEAL_TOKEN_MAX, 'This appeal link is not valid');

/** `GET /appeals/by-link?token=…`: the strike a link appeals (the page shows it before the form). */
export const appealLinkQuerySchema = z.object({ token: appealToken });

/**
 * `POST /appeals/by-link`: a suspended person, who cannot sign in, appeals with the token from
 * their mail or from the refused sign-in. The token is the whole authority; once per strike.
 */
export const appealByLinkSchema = appealSchema.extend({ token: appealToken });
