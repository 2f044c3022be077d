import type { AdvancedSearchResult, CategoryMatch } from '@muster/contract/search';
import {
  RECENT_PROFILES_KEPT,
  RECENT_PROFILES_KEY,
  SEARCH_HISTORY_KEPT,
  SEARCH_HISTORY_KEY,
  SEARCH_PREVIEW,
} from '@muster/contract/search-constants';
import { SEARCH_PAGE_SIZE } from '@muster/contract/limits';
import type { PublicUser } from '@muster/contract/users';
import { paths } from '../../../lib/paths';

/** Spec §3: a recently viewed profile keeps exactly these fields. */
export type RecentProfile = Pick<
  PublicUser,
  '_id' | 'username' | 'firstName' | 'lastName' | 'headline' | 'profilePicture'
>;

/**
 * Reads a stored list, keeping it only when it parses as JSON of the right shape. Anything else
 * is removed (spec §5: unparseable data is discarded), so one bad write cannot break the box forever.
 */
function readList<T>(key: string, valid: (item: unknown) => item is T): T[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return [];
  }
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every(valid)) return parsed;
  } catch {
    // Falls through to removal.
  }
  localStorage.removeItem(key);
  return [];
}

function writeList(key: string, list: unknown[]) {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or disabled (private mode): history is a convenience, never an error.
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isRecentProfile = (v: unknown): v is RecentProfile => {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    ['_id', 'username', 'firstName', 'lastName', 'headline', 'profilePicture'].every(
      (k) => typeof p[k] === 'string',
    ) && p.username !== ''
  );
};

export function readSearchHistory(): string[] {
  return readList(SEARCH_HISTORY_KEY, isString);
}

/** Most recent first, no duplicates, kept 7 (spec §9). Returns the new list. */
export function saveSearch(query: string): string[] {
  const q = query.trim();
  if (!q) return readSearchHistory();
  const next = [q, ...readSearchHistory().filter((h) => h !== q)].slice(0, SEARCH_HISTORY_KEPT);
  writeList(SEARCH_HISTORY_KEY, next);
  return next;
}

export function clearSearchHistory() {
  localStorage.removeItem(SEARCH_HISTORY_KEY);
}

export function readRecentProfiles(): RecentProfile[] {
  return readList(RECENT_PROFILES_KEY, isRecentProfile);
}

/** Spec §5: saved only with a username; most recent first, no duplicates, kept 5. */
export function saveRecentProfile(user: PublicUser): RecentProfile[] {
  if (!user.username) return readRecentProfiles();
  const entry: RecentProfile = {
    _id: user._id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    headline: user.headline,
    profilePicture: user.profilePicture,
  };
  const next = [entry, ...readRecentProfiles().filter((p) => p._id !== entry._id)].slice(
    0,
    RECENT_PROFILES_KEPT,
  );
  writeList(RECENT_PROFILES_KEY, next);
  return next;
}

export type PreviewSection = keyof typeof SEARCH_PREVIEW;

/** 'View All' shows when a section holds more than its preview (users above 4, others above 2). */
export function hasMoreThanPreview(section: PreviewSection, count: number): boolean {
  return count > SEARCH_PREVIEW[section];
}

/** Spec §2: 'N people' under a category; '+N' beside the first 3 avatars when more than 3 posted. */
export function peopleLabel(group: Pick<CategoryMatch, 'users'>): { text: string; overflow: string | null } {
  const n = group.users.length;
  return { text: `${n} people`, overflow: n > 3 ? `+${n - 3}` : null };
}

export function isEmptyResult(r: AdvancedSearchResult): boolean {
  return (
    r.users.length === 0 &&
    r.needsMatches.length === 0 &&
    r.provisionsMatches.length === 0 &&
    r.missionMatches.length === 0 &&
    (r.remoteMatches?.length ?? 0) === 0 &&
    (r.hashtags?.length ?? 0) === 0
  );
}

/** Spec §9: more results are assumed when a page returned exactly a full page. */
export function pageIsFull(r: AdvancedSearchResult, size = SEARCH_PAGE_SIZE): boolean {
  const posts = (groups: CategoryMatch[]) => groups.reduce((sum, g) => sum + g.posts.length, 0);
  return [
    r.users.length,
    r.missionMatches.length,
    posts(r.needsMatches),
    posts(r.provisionsMatches),
    r.needsMatches.length,
    r.provisionsMatches.length,
    r.remoteMatches?.length ?? 0,
  ].some((n) => n >= size);
}

/**
 * The section pages under paths.search: /search/all (people), /search/needs, /search/provisions,
 * /search/missions. Built here rather than listed in lib/paths.ts, which ships in the entry chunk
 * that the landing page's 120 KB budget weighs.
 */
export const searchSectionPath = (section: 'all' | 'needs' | 'provisions' | 'missions') =>
  `${paths.search}/${section}`;

/** A piece of a title, and whether it is a word the query matched. */
export type MarkedPart = { text: string; match: boolean };

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits a title into the words the query found and the rest, to mark them in the dropdown. The
 * server matches stems and typos; this only sees the letters, so it marks a title word that starts
 * with a query word ("gen" → generator) or begins a longer query word ("generators" → generator,
 * "drivers" → driver, "vans" → van). Query words of one letter mark nothing.
 */
export function markMatches(text: string, query: string): MarkedPart[] {
  const words = (query.toLowerCase().match(WORD) ?? []).filter((w) => w.length >= 2);
  const parts: MarkedPart[] = [];
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    const word = found[0].toLowerCase();
    if (!words.some((q) => word.startsWith(q) || (word.length >= 3 && q.startsWith(word)))) continue;
    if (found.index > at) parts.push({ text: text.slice(at, found.index), match: false });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
