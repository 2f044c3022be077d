/**
 * Zod-free half of posts.ts (decision 030): the post kinds, the need lifecycle's days, the field
 * limits and the link rule, which the signed-in shell and home page read at start-up. Importing
 * posts.ts builds all of its zod schemas on load, a cost the shell's start-up task paid for these
 * constants; it re-exports everything here, so the server, the forms and the tests keep importing
 * from it.
 */
export const postKinds = ['need', 'want', 'provision', 'general', 'hunt', 'mission_update'] as const;
export type PostKind = (typeof postKinds)[number];
export const needStatuses = ['open', 'fulfilled', 'expired'] as const;
export const emergencyEmojis = ['🚨', '🆘', '⚠️', '🔥'] as const;

/**
 * How long a need or want stays open before it expires (issue 16), as its author picks in the
 * composer; "Keep open" extends it by the same choices. Its author is asked "Still needed?" this
 * many days before.
 */
export const NEED_OPEN_DAYS = [7, 14, 30, 60, 90] as const;
export type NeedOpenDays = (typeof NEED_OPEN_DAYS)[number];
export const NEED_OPEN_DAYS_DEFAULT: NeedOpenDays = 30;
export const NEED_NUDGE_DAYS = 3;
/** When a need or want opened (or kept open) at `from` for `days` expires. */
export const needExpiryAfter = (from: Date, days: NeedOpenDays = NEED_OPEN_DAYS_DEFAULT) =>
  new Date(from.getTime() + days * 86_400_000);

export const POST_TITLE_MAX = 150;
export const POST_CONTENT_MAX = 5000;
export const CATEGORY_MAX = 60;
export const RATING_STEP = 0.5;
export const REVIEW_TITLE_MAX = 200;
export const REVIEW_DESCRIPTION_MAX = 2000;

/**
 * A review's title is built from what is reviewed, as the user's review of it (spec §3 Review). The
 * composer's box for the subject takes at most what still fits in the title the server takes.
 */
const REVIEW_TITLE_PREFIX = 'My review of ';
export const reviewTitle = (subject: string) => `${REVIEW_TITLE_PREFIX}${subject.trim()}`;
export const REVIEW_SUBJECT_MAX = REVIEW_TITLE_MAX - REVIEW_TITLE_PREFIX.length;

/** The first web link in a text: the one the composer previews and the post card shows. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<]+/.exec(text)?.[0];
}

export const needsAndProvisionKinds = ['need', 'want', 'provision'] as const;

export const COMMENT_MAX = 2000;
