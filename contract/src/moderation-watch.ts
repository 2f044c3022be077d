import { z } from 'zod';

/**
 * Limits that slow abuse without stopping the honest (issue 35 item 5, decision 072): what makes an
 * account "new", the watched words and link domains admins keep, and the rule that holds a young
 * account's request for money for review. The pure functions here are the one reading of a text
 * that the server's posts and moderation features and the web share.
 */

/** An account is new for its first day, or until someone accepts a connection with it (whichever ends first). */
export const NEW_ACCOUNT_HOURS = 24;

export const watchedKinds = ['word', 'domain'] as const;
export type WatchedKind = (typeof watchedKinds)[number];

export const WATCHED_WORD_MAX = 60;
export const WATCHED_DOMAIN_MAX = 253;
export const WATCHED_LIST_MAX = 1000;

/** The words a post is held with when a young account asks for money (its author sees them). */
export const MONEY_REVIEW_REASON =
  "Waiting for a moderator's review: new accounts' posts that ask for money are checked first";

/**
 * Ways to ask for money that a young account's post is held for. Not "donate" alone: giving tents,
 * food or blood ("Tents to donate") is the everyday business here, so only money and the channels
 * it is sent by count. Whole words or phrases, case-insensitive.
 */
export const MONEY_PHRASES = [
  'send money',
  'send cash',
  'donate money',
  'money donation',
  'money donations',
  'cash donation',
  'cash donations',
  'monetary donation',
  'monetary donations',
  'donate via',
  'donate through',
  'donations via',
  'donations through',
  'bank transfer',
  'wire transfer',
  'bank details',
  'account number',
  'gcash',
  'paymaya',
  'maya wallet',
  'paypal',
  'venmo',
  'zelle',
  'cash app',
  'cashapp',
  'western union',
  'moneygram',
  'gofundme',
  'bitcoin',
  'crypto wallet',
  'usdt',
] as const;

/** Sites whose links ask for money: a link to one of these or a subdomain of it counts. */
export const PAYMENT_DOMAINS = [
  'paypal.me',
  'paypal.com',
  'gofundme.com',
  'venmo.com',
  'ko-fi.com',
  'buymeacoffee.com',
  'cash.app',
  'patreon.com',
  'gcash.com',
  'donorbox.org',
  'justgiving.com',
  'givebutter.com',
  'liberapay.com',
  'opencollective.com',
] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `phrase` is in `text` as whole words, case-insensitive: "fire" in "Fire on Main St!" and
 * not in "firewood". Word characters are letters and digits of any script.
 */
export function hasWholeWord(text: string, phrase: string): boolean {
  const words = phrase.trim().split(/\s+/).map(escape).join('\\s+');
  if (!words) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, 'iu').test(text);
}

/** Every host a text names, as a link ("https://a.example/x") or bare ("paypal.me/someone"), lower case, each once. */
export function hostsIn(text: string): string[] {
  const found = new Set<string>();
  const host =
    /(?:https?:\/\/)?((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,})(?![\p{L}\p{N}-])/giu;
  for (const match of text.matchAll(host)) found.add(match[1]!.toLowerCase().replace(/^www\./, ''));
  return [...found];
}

/** Whether a text carries a web link (a URL with its scheme, or one starting www.): the link budget's test. */
export function hasLink(text: string): boolean {
  return /(?:https?:\/\/|(?<![\p{L}\p{N}_.-])www\.)[^\s<]+/iu.test(text);
}

/** Whether `host` is `domain` or one of its subdomains ("give.paypal.me" is paypal.me's). */
export const hostIsIn = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Whether a text asks for money: a money phrase, or a link to a payment site. */
export function asksForMoney(text: string): boolean {
  if (MONEY_PHRASES.some((phrase) => hasWholeWord(text, phrase))) return true;
  return hostsIn(text).some((host) => PAYMENT_DOMAINS.some((domain) => hostIsIn(host, domain)));
}

export type WatchedEntryLike = { kind: WatchedKind; value: string };

/**
 * The watched entries a text matches: words as whole words, case-insensitive; domains as the host
 * of a link or a subdomain of it. Each entry once, in the list's order.
 */
export function watchedMatches<E extends WatchedEntryLike>(text: string, entries: readonly E[]): E[] {
  if (!entries.length) return [];
  const hosts = entries.some((e) => e.kind === 'domain') ? hostsIn(text) : [];
  return entries.filter((e) =>
    e.kind === 'word' ? hasWholeWord(text, e.value) : hosts.some((h) => hostIsIn(h, e.value)),
  );
}

/** How a match reads in the moderator's queue: "Watched word: fire", "Watched domain: scam.example". */
export const watchedNote = (e: WatchedEntryLike) => `Watched ${e.kind}: ${e.value}`;

/** A domain as typed ("https://www.Scam.example/path") reduced to what is matched ("scam.example"). */
export function normalizeDomain(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
}

const DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/** A watched entry as it is kept and matched: a domain reduced to its host, a word folded to lower case. */
export function normalizeWatched(entry: { kind: WatchedKind; value: string }): string {
  return entry.kind === 'domain'
    ? normalizeDomain(entry.value)
    : entry.value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The entry an admin adds; the server keeps `normalizeWatched` of it. */
export const addWatchedSchema = z
  .strictObject({
    kind: z.enum(watchedKinds, 'Choose a word or a link domain'),
    value: z.string({ error: 'Type a word or a domain' }).trim().min(1, 'Type a word or a domain'),
  })
  .superRefine((entry, ctx) => {
    const value = normalizeWatched(entry);
    if (entry.kind === 'word') {
      if (value.length > WATCHED_WORD_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: `A word or phrase is at most ${WATCHED_WORD_MAX} characters`,
        });
      else if (!/[\p{L}\p{N}]/u.test(value))
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'A word needs at least one letter or digit',
        });
    } else if (value.length > WATCHED_DOMAIN_MAX || !DOMAIN.test(value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Type a domain such as scam.example' });
    }
  });
export type AddWatchedInput = z.input<typeof addWatchedSchema>;

export const watchedEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(watchedKinds),
  value: z.string(),
  /** Who added it ("First Last (@username)"), or null once their account is gone. */
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type WatchedEntry = z.infer<typeof watchedEntrySchema>;

export const watchedListResponseSchema = z.object({ data: z.array(watchedEntrySchema) });
export const watchedEntryResponseSchema = z.object({ data: watchedEntrySchema });
export const watchedIdParamsSchema = z.object({ watchedId: z.uuid('Not a watched entry id') });
