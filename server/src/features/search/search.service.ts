import { DEFAULT_MISSION_PHOTO } from '@muster/contract/missions';
import { type AdvancedSearchQuery, extractSearchHashtags, nearOfSearch } from '@muster/contract/search';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import type { JsonText } from '../../platform/json-text.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import type { RemoteListings, RemoteListingsOf } from '../../platform/remote-listings.js';
import { sharedSearchAnswerFits } from '../../social/social.queries.js';
import { standingOf } from '../../social/standing.js';
import {
  type Circle,
  commonSections,
  commonWords,
  countHashtags,
  type SearchTerms,
  searchSections,
  type Spellings,
  mayBeMistyped,
  type RemoteAsked,
  remoteMatches,
  typoSpellings,
} from './search.queries.js';

/** At most this many words reach the tsquery: a pasted paragraph must not become a huge AND. */
const MAX_WORDS = 8;

/** At most this many respellings of a query among names are walked (each one is two index walks). */
const MAX_NAME_SPELLINGS = 6;

/**
 * The query as the SQL matches it. Words are runs of letters and digits only, so the tsquery text
 * holds nothing but words, '&', '|' and the last word's ':*' (a prefix: "volu" finds "volunteer");
 * it is bound as a parameter of to_tsquery, never spliced into SQL. `spellings` are the close
 * spellings of mistyped words (typoSpellings), each word's own as alternatives: "transprt van"
 * becomes "(transprt | transport) & van:*". `names` are the close spellings of its words among
 * people's names: each is walked like the query, and the query with it in place of its word
 * ("jhon smith" → "john smith") says how close a name found so is.
 */
export function searchTermsOf(
  query: string,
  spellings: ReadonlyMap<string, readonly string[]> = new Map(),
  names: ReadonlyMap<string, readonly string[]> = new Map(),
): SearchTerms {
  const list = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  // A hashtag is typed whole: "#local4" means that tag, not local40…local49 (and an exact lexeme
  // is a quarter of the prefix's cost in the GIN index).
  const last = query.trim().split(/\s+/).at(-1) ?? '';
  const lastIsTag = last.startsWith('#') && last.length > 1;
  const word = (w: string, i: number) => {
    const own = i === list.length - 1 && !lastIsTag ? `${w}:*` : w;
    const others = spellings.get(w) ?? [];
    return others.length === 0 ? own : `(${[own, ...others].join(' | ')})`;
  };
  const respelt = list
    .flatMap((w, i) =>
      (names.get(w) ?? []).map((name) => ({
        name,
        term: list.map((x, j) => (j === i ? name : x)).join(' '),
      })),
    )
    .slice(0, MAX_NAME_SPELLINGS);
  const fragments = list.map(word);
  return {
    term: query,
    list,
    words: list.length === 0 ? null : fragments.join(' & '),
    fragments,
    tags: [...new Set(extractSearchHashtags(query).map((t) => t.toLowerCase()))],
    respelt: { names: [...new Set(respelt.map((r) => r.name))], terms: respelt.map((r) => r.term) },
  };
}

/**
 * Per-process caches of answers that are the same for every viewer (issue 14 note). Nothing in
 * them is filtered for a viewer: blocks and privacy are applied on every request.
 * - Whether a query is common in a section (it decides the plan; the probe costs up to ~100 ms
 *   for a very common prefix, and commonness moves slowly): 10 minutes.
 * - The query's hashtags' post counts (a count over 160k tagged posts costs ~10 ms): 30 s.
 * - Whole answers computed for nobody in particular (no viewer: no one's blocks, public missions
 *   only, searchable people only): fresh for 5 s, then still given while the next is computed (kept at
 *   most 30 s). A viewer gets one only when the kernel's sharedSearchAnswerFits
 *   says so — nobody it names is blocked either way with them, they may be found themselves, and
 *   they belong to no members-only mission — else their own answer is computed. Someone hiding
 *   from search drops them all at once (`subscribeSearch`; another process lags at most 5 s,
 *   as every micro-cache, decision 009). A search is five statements of 1–10 ms, so popular queries (the bench's words, a
 *   trending tag) would hold the database at ~200 req/s on two cores; shared, they cost one check.
 *   New posts and missions appear, and deleted ones leave, up to 5 s late.
 */
const commonness = microCachePerApp<Promise<{ needs: boolean; provisions: boolean }>>({
  ttlMs: 10 * 60_000,
  max: 10_000,
});
/** The same, word by word (decision 081): a rare word makes the whole query rare. */
const wordCommonness = microCachePerApp<{ needs: boolean; provisions: boolean }>({
  ttlMs: 10 * 60_000,
  max: 20_000,
});
/** Words being weighed now (in the background, see commonnessOf), so each is weighed once. */
const weighing = new Set<string>();
/** Close spellings of a query's words (search_lexicon and search_names move slowly): 10 minutes. */
const spellingsCache = microCachePerApp<Promise<Spellings>>({ ttlMs: 10 * 60_000, max: 10_000 });
const hashtagCounts = microCachePerApp<Promise<Array<{ name: string; count: number }>>>({
  ttlMs: 30_000,
  max: 1_000,
});
/**
 * Kept 30 s but fresh for 5: an older one is still answered while its successor is computed. At
 * most 500: popular queries are few, and a rare one is seldom asked again within the 30 s (030).
 */
const sharedAnswers = microCachePerApp<{ answer: Promise<Answer>; at: number; next?: Promise<Answer> }>({
  ttlMs: 30_000,
  max: 500,
});
const SHARED_FRESH_MS = 5_000;

/** Someone who chose not to appear in search leaves the shared answers at once. */
export function subscribeSearch(deps: Deps) {
  // Each viewer's standing is the kernel's (social/standing.ts), which drops it on a block, a
  // moderator's decision or a privacy change; someone hiding from search leaves the answers here.
  deps.events.afterCommit('user.privacy_changed', () => sharedAnswers(deps).clear());
  // A badge given or taken back (decision 069) is in the shared answers' cards and their order.
  deps.events.afterCommit('organisation.decided', () => sharedAnswers(deps).clear());
  // A moderator's decision (decision 071): a post hidden, shown again or deleted is in or out of
  // the shared answers at once here (in other processes within their five seconds); a suspended
  // person's answers never fit anyone (sharedSearchAnswerFits), and these go too.
  deps.events.afterCommit('moderation.content_hidden', () => sharedAnswers(deps).clear());
  deps.events.afterCommit('moderation.content_restored', () => sharedAnswers(deps).clear());
  deps.events.afterCommit('moderation.content_deleted', () => sharedAnswers(deps).clear());
  deps.events.afterCommit('user.suspended', () => sharedAnswers(deps).clear());
}

/**
 * `remoteLimited`: a limited server's listing matched, which an answer for nobody in particular
 * leaves out (decision 089): a viewer it otherwise fits gets it with their own `remoteMatches`
 * (one small statement, `aroundRemote` holding the text on either side of them) rather than a
 * whole answer of their own, so a popular query stays shared. `remoteActors`: the authors of the
 * remote listings it gives; a viewer who blocked one of them gets their own `remoteMatches` the
 * same way (decision 092).
 */
type Answer = {
  text: JsonText;
  people: string[];
  remoteLimited: boolean;
  remoteActors: string[];
  aroundRemote: [before: string, after: string];
};

/**
 * Global search (issue 14): people, needs (and wants), provisions and missions, each paged on its
 * own (page 2 is the next `limit` of every section), and the query's hashtags with their post
 * counts. `section` narrows the work to one section (the /search/* pages), `category` the needs
 * or provisions to one group, a circle (`lat`, `lon`, `radiusKm`: "near me", issue 37) the needs,
 * provisions and missions to those whose public place is in it. Visibility is the kernel's: see
 * social.queries.ts "Search". Another Muster's listings (`listings`, handed in by app.ts, decision
 * 089) come in `remoteMatches`, by the same words, kinds, category and circle.
 */
export async function advancedSearch(
  deps: Deps,
  viewer: Viewer | null,
  input: AdvancedSearchQuery,
  listings?: RemoteListings,
): Promise<JsonText> {
  const me = requireViewer(viewer);
  const remote = listings?.shownTo;
  const near = nearOfSearch(input);
  const key = [
    input.section,
    input.category?.toLowerCase() ?? '',
    input.page,
    input.limit,
    input.verifiedFirst,
    near ? `${near.lat},${near.lon},${near.radiusKm}` : '',
    input.query.toLowerCase(),
  ].join('\n');
  const shared = await sharedAnswer(deps, key, input, near, remote);
  if (
    !shared.people.includes(me.id) &&
    sharedSearchAnswerFits(await standingOf(deps, me.id), shared.people)
  ) {
    if (!listings) return shared.text;
    // Only an answer naming someone elsewhere costs the look-up of the viewer's blocks of them.
    const ownRemote =
      shared.remoteLimited ||
      (shared.remoteActors.length > 0 && (await listings.blockedAmong(deps.db, me.id, shared.remoteActors)));
    if (!ownRemote) return shared.text;
    const own = await remoteMatches(
      deps.db,
      listings.shownTo,
      me.id,
      await termsFor(deps, input),
      remoteAsked(input, near),
    );
    return `${shared.aroundRemote[0]}${own}${shared.aroundRemote[1]}` as JsonText;
  }
  return (await answerFor(deps, me.id, input, near, remote)).text;
}

/**
 * The shared answer for the key. Past its 5 s the one kept is still given while one request
 * computes its successor, so a popular query never makes a crowd wait on the database.
 */
function sharedAnswer(
  deps: Deps,
  key: string,
  input: AdvancedSearchQuery,
  near: Circle | undefined,
  remote: RemoteListingsOf | undefined,
): Promise<Answer> {
  const cache = sharedAnswers(deps);
  const kept = cache.get(key);
  if (!kept) {
    const entry = { answer: answerFor(deps, undefined, input, near, remote), at: Date.now() };
    cache.set(key, entry);
    entry.answer.catch(() => cache.delete(key));
    return entry.answer;
  }
  if (Date.now() - kept.at > SHARED_FRESH_MS && !kept.next) {
    kept.next = answerFor(deps, undefined, input, near, remote);
    kept.next.then(
      // Not when the kept one was dropped meanwhile (someone hid from search): it began before.
      (answer) =>
        cache.get(key) === kept && cache.set(key, { answer: Promise.resolve(answer), at: Date.now() }),
      () => (kept.next = undefined),
    );
  }
  return kept.answer;
}

/**
 * Whether the query is common among needs and among provisions (it decides the plan: see
 * searchablePostsMatching). Word by word (decision 081), each word's answer kept 10 minutes: a
 * query is rare in a section when one of its words is known to be, and a lone word known is as
 * common as itself. A word not yet weighed is weighed in the background, and nobody waits for it:
 * the first weighing of a very common word reads its whole posting list (0.8–2 s under load), and
 * every search holding it waited on it (the bench's p99 doubled). Meanwhile, and for several words
 * all common (which may still be rare together) or hashtags (matched beside the words), the whole
 * query is probed, as before, and that answer kept too.
 */
async function commonnessOf(
  deps: Deps,
  terms: SearchTerms,
): Promise<{ needs: boolean; provisions: boolean }> {
  const whole = () =>
    commonness(deps).remember(`${terms.words ?? ''}\n${terms.tags.join(' ')}`, () =>
      commonSections(deps.db, terms),
    );
  if (terms.tags.length > 0 || terms.fragments.length === 0) return whole();
  const cache = wordCommonness(deps);
  const known = terms.fragments.map((w) => cache.get(w));
  const unknown = terms.fragments.filter((w, i) => known[i] === undefined && !weighing.has(w));
  if (unknown.length > 0) {
    // One statement for the words not yet weighed, each kept on its own; never awaited.
    unknown.forEach((w) => weighing.add(w));
    commonWords(deps.db, unknown).then(
      (found) => {
        for (const w of unknown) cache.set(w, found.get(w) ?? { needs: false, provisions: false });
        unknown.forEach((w) => weighing.delete(w));
      },
      () => unknown.forEach((w) => weighing.delete(w)),
    );
  }
  const weighed = known.filter((c) => c !== undefined);
  const rare = {
    needs: weighed.some((c) => !c.needs),
    provisions: weighed.some((c) => !c.provisions),
  };
  if (rare.needs && rare.provisions) return { needs: false, provisions: false };
  if (weighed.length === 1 && known.length === 1) return weighed[0]!;
  const together = await whole();
  return { needs: !rare.needs && together.needs, provisions: !rare.provisions && together.provisions };
}

/** The query's terms, its words' close spellings put in (kept 10 minutes: typoSpellings). */
async function termsFor(deps: Deps, input: AdvancedSearchQuery): Promise<SearchTerms> {
  const plain = searchTermsOf(input.query);
  // Keyed by the words that may be mistyped, so "post 4711" and "post 815" share one look-up.
  const unsure = plain.list.filter(mayBeMistyped);
  const spellings =
    unsure.length === 0
      ? undefined
      : await spellingsCache(deps).remember(unsure.join(' '), () => typoSpellings(deps.db, unsure));
  return spellings === undefined || (spellings.words.size === 0 && spellings.names.size === 0)
    ? plain
    : searchTermsOf(input.query, spellings.words, spellings.names);
}

const windowOf = (input: AdvancedSearchQuery) => ({
  limit: input.limit,
  offset: (input.page - 1) * input.limit,
});

/** What another Muster's listings are narrowed by: the section's kinds, the category, the circle, the page. */
function remoteAsked(input: AdvancedSearchQuery, near: Circle | undefined): RemoteAsked {
  const wants = (s: AdvancedSearchQuery['section']) => input.section === 'all' || input.section === s;
  return {
    kinds: [...(wants('needs') ? ['need', 'want'] : []), ...(wants('provisions') ? ['provision'] : [])],
    category: input.category,
    near,
    window: windowOf(input),
  };
}

/** The answer for the viewer, or (undefined) for everybody, to share. */
async function answerFor(
  deps: Deps,
  viewerId: string | undefined,
  input: AdvancedSearchQuery,
  near: Circle | undefined,
  remote: RemoteListingsOf | undefined,
): Promise<Answer> {
  const terms = await termsFor(deps, input);
  const window = windowOf(input);
  const wants = (s: AdvancedSearchQuery['section']) => input.section === 'all' || input.section === s;
  const posts = wants('needs') || wants('provisions');
  // In a circle the posts are found by their place and words together (the GiST and GIN indexes,
  // ANDed), never by a walk of the newest: a walk would read the whole section for a circle with
  // nothing in it.
  const common = posts && !near ? await commonnessOf(deps, terms) : { needs: false, provisions: false };
  const [sections, hashtags] = await Promise.all([
    searchSections(deps.db, viewerId, terms, window, {
      users: wants('users'),
      needs: wants('needs'),
      provisions: wants('provisions'),
      missions: wants('missions'),
      common,
      category: input.category,
      verifiedFirst: input.verifiedFirst,
      near,
      defaultPhoto: DEFAULT_MISSION_PHOTO,
      remote: remote && { of: remote, ...remoteAsked(input, near) },
    }),
    terms.tags.length > 0 && input.section === 'all'
      ? hashtagCounts(deps).remember(terms.tags.join(' '), () => countHashtags(deps.db, terms.tags))
      : undefined,
  ]);
  const { users, needs, provisions, missions, remote: fromElsewhere } = sections;
  const before = [
    `{"data":{"users":${users.items}`,
    `"needsMatches":${needs.items}`,
    `"provisionsMatches":${provisions.items}`,
    `"missionMatches":${missions.items}`,
    `"remoteMatches":`,
  ].join(',');
  const after = `${hashtags ? `,"hashtags":${JSON.stringify(hashtags)}` : ''}}}`;
  return {
    text: `${before}${fromElsewhere.items}${after}` as JsonText,
    people: [...new Set([...users.people, ...needs.people, ...provisions.people, ...missions.people])],
    remoteLimited: fromElsewhere.limited,
    remoteActors: fromElsewhere.actors,
    aroundRemote: [before, after],
  };
}
