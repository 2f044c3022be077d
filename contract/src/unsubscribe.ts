import { z } from 'zod';
import { noticeKindLabels, noticeKinds, type NoticeKind } from './notification-settings.js';

/**
 * One-click unsubscribe (issue 34, decision 063): every mail of a kind carries a link that stops
 * that kind's mail without signing in (RFC 8058). The digest has a link of its own.
 */
export const unsubscribeKinds = [...noticeKinds, 'digest'] as const;
export type UnsubscribeKind = (typeof unsubscribeKinds)[number];

/** What a link stops, in words for its page and its mail's footer ("mail about offers of help"). */
export function unsubscribeSubject(kind: UnsubscribeKind): string {
  if (kind === 'digest') return 'the digest';
  return `mail about ${lowerFirst(noticeKindLabels[kind as NoticeKind].label)}`;
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/** A token is `v<version>.<user id>.<kind>.<HMAC>`: short enough to read, long enough to guess never. */
export const UNSUBSCRIBE_TOKEN_MAX = 200;

export const unsubscribeQuerySchema = z.object({
  token: z
    .string('This unsubscribe link has no token')
    .min(1, 'This unsubscribe link has no token')
    .max(UNSUBSCRIBE_TOKEN_MAX, 'This unsubscribe link is not valid'),
});

export const unsubscribeStateSchema = z.object({
  kind: z.enum(unsubscribeKinds),
  /** What the link stops, in words ("mail about offers of help", "the digest"). */
  stops: z.string(),
  /** Whether that mail has stopped already (this link used, or the setting changed since). */
  stopped: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

export const unsubscribeResponseSchema = z.object({ data: unsubscribeStateSchema });
