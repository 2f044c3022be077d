import { chosenPlaceSchema } from '@muster/contract/geo';
import {
  CATEGORY_MAX,
  NEED_OPEN_DAYS,
  NEED_OPEN_DAYS_DEFAULT,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
} from '@muster/contract/posts';
import { z } from 'zod';

/**
 * The post composer's unsent draft (issue 16), kept in this browser per signed-in person so a
 * reload, a closed modal or a dropped connection on a phone loses nothing. Words, kind, category,
 * period and place only: attachments are data URLs far too big for localStorage.
 */
const draftSchema = z.object({
  kind: z.enum(['need', 'want', 'provision', 'general']),
  category: z.string().max(CATEGORY_MAX),
  title: z.string().max(POST_TITLE_MAX),
  content: z.string().max(POST_CONTENT_MAX),
  openForDays: z.literal(NEED_OPEN_DAYS).catch(NEED_OPEN_DAYS_DEFAULT),
  place: chosenPlaceSchema.nullable().catch(null),
});
export type ComposerDraft = z.infer<typeof draftSchema>;

const keyOf = (userId: string) => `muster:composer-draft:${userId}`;

/** Nothing written yet: no draft worth keeping. */
export const isEmptyDraft = (d: ComposerDraft) => !d.content.trim() && !d.title.trim() && !d.category.trim();

/** The person's kept draft, or null (none, unreadable, or storage refused). */
export function loadDraft(userId: string): ComposerDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success && !isEmptyDraft(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the draft (an empty one is removed); a full or refused storage only means no draft. */
export function saveDraft(userId: string, draft: ComposerDraft) {
  try {
    if (isEmptyDraft(draft)) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Private browsing or a full quota: the composer works without a draft.
  }
}

export function clearDraft(userId: string) {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // As above.
  }
}
