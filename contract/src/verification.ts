import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits.js';
import { publicUserSchema } from './public-user.js';

/**
 * Verified organisations (issue 35 item 6, decision 069): a person asks to be shown as an
 * organisation, a moderator checks the proof and approves or refuses; an approved organisation's
 * name rides on the person's card (`verifiedOrg`), and search may put them first.
 */

/** Short: it rides on every card (users.card), in every feed answer. */
export const ORGANISATION_NAME_MAX = 80;
export const WEBSITE_MAX = 300;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_PHONE_MAX = 40;
export const PROOF_MIN = 10;
export const PROOF_MAX = 2000;
export const DECISION_REASON_MAX = 1000;

/** waiting: a moderator has yet to look; refused and revoked carry the moderator's reason. */
export const verificationStatuses = ['waiting', 'approved', 'refused', 'revoked'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** An http(s) address with a host that has a dot, and no user name or password in it. */
function isWebsite(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname.includes('.') &&
    !url.username &&
    !url.password
  );
}

/** An address typed without its scheme ("redcross.org") is taken as https. */
const withScheme = (value: string) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /verification/requests: who the organisation is and how a moderator can check it. */
export const verificationAskSchema = z
  .strictObject({
    organisationName: z
      .string('Name your organisation')
      .trim()
      .min(2, 'Name your organisation')
      .max(ORGANISATION_NAME_MAX, `At most ${ORGANISATION_NAME_MAX} characters`),
    website: z
      .string('Give your organisation’s website')
      .trim()
      .min(1, 'Give your organisation’s website')
      .max(WEBSITE_MAX, `At most ${WEBSITE_MAX} characters`)
      .transform(withScheme)
      .refine(isWebsite, 'Enter a website address, like https://example.org'),
    contactName: z
      .string('Name a contact person')
      .trim()
      .min(1, 'Name a contact person')
      .max(CONTACT_NAME_MAX, `At most ${CONTACT_NAME_MAX} characters`),
    contactEmail: optionalText(254, 'Email is too long').pipe(
      z.email('Enter a valid email address').optional(),
    ),
    contactPhone: optionalText(CONTACT_PHONE_MAX, `At most ${CONTACT_PHONE_MAX} characters`).pipe(
      z
        .string()
        .regex(/^\+?[0-9][0-9 ().-]{4,}$/, 'Enter a phone number, like +63 2 8527 0000')
        .optional(),
    ),
    proof: z
      .string('Say how we can check')
      .trim()
      .min(PROOF_MIN, `Say how we can check, in at least ${PROOF_MIN} characters`)
      .max(PROOF_MAX, `At most ${PROOF_MAX} characters`),
  })
  .refine((v) => v.contactEmail !== undefined || v.contactPhone !== undefined, {
    message: 'Give an email or a phone number for the contact',
    path: ['contactEmail'],
  });
export type VerificationAsk = z.input<typeof verificationAskSchema>;

/** A request as its author sees it. */
export const verificationRequestSchema = z.object({
  _id: z.string(),
  organisationName: z.string(),
  website: z.string(),
  contactName: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  proof: z.string(),
  status: z.enum(verificationStatuses),
  /** The moderator's reason: a refusal's or a revocation's (an approval may say one too). */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** POST /verification/requests: the request as stored. */
export const verificationRequestResponseSchema = z.object({ data: verificationRequestSchema });

/** GET /verification/me: my latest request (a withdrawn one is gone), or null. */
export const myVerificationResponseSchema = z.object({ data: verificationRequestSchema.nullable() });

/** A request as staff see it: whose it is and since when they are on Muster. */
export const staffVerificationRequestSchema = verificationRequestSchema.extend({
  user: publicUserSchema,
  accountCreatedAt: z.string(),
});
export type StaffVerificationRequest = z.infer<typeof staffVerificationRequestSchema>;

export const staffVerificationResponseSchema = z.object({ data: staffVerificationRequestSchema });

/** GET /moderation/organisations: waiting requests oldest first (or the verified, most recent first). */
export const staffVerificationListQuerySchema = z.object({
  status: z.enum(['waiting', 'approved']).default('waiting'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const staffVerificationListResponseSchema = z.object({
  data: z.array(staffVerificationRequestSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});

export const verificationRequestParamsSchema = z.object({ requestId: z.uuid('Not a request id') });

const reasonSchema = z.string().trim().max(DECISION_REASON_MAX, `At most ${DECISION_REASON_MAX} characters`);

/** POST /moderation/organisations/:requestId/decision: a refusal says why, for the person to read. */
export const verificationDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'refuse'], 'Approve or refuse'),
    reason: reasonSchema.default(''),
  })
  .refine((v) => v.decision === 'approve' || v.reason.length > 0, {
    message: 'Say why, for the person to read',
    path: ['reason'],
  });
export type VerificationDecision = z.input<typeof verificationDecisionSchema>;

/** POST /moderation/organisations/:requestId/revoke: the badge goes, and the person reads why. */
export const verificationRevokeSchema = z.strictObject({
  reason: reasonSchema.min(1, 'Say why, for the person to read'),
});
