import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonText } from '../../platform/json-text.js';
import {
  hashtagPostCounts,
  peopleMatching,
  postMatchesSample,
  searchablePostsMatching,
  sharedSearchAnswerFits,
  visibleMissionsMatching,
} from '../../social/social.queries.js';

/**
 * Global search reads other features' tables only through the kernel's search fragments
 * (social.queries.ts, "Search (issue 14)"); here they are ranked, grouped and paged, and each
 * section comes back as JSON text (cards are the users.card text, decision 010).
 */

export type SearchTerms = {
  /** The trimmed query, for trigram and exact-name matching. */
  term: string;
  /** The query's words (letters and digits), lower case. */
  list: string[];
  /** A tsquery text of the query's words, the last one a prefix; null when it holds no word. */
  words: string | null;
  /** Hashtags of the query (spec §5), lower case. */
  tags: string[];
  /** Close spellings of the query's words among people's names (typoSpellings), and the query with each put in. */
  respelt: { names: string[]; terms: string[] };
};
export type Window = { limit: number; offset: number };
/** A section's items as JSON text, and every person they name (cards, posters, authors of listed posts, mission owners). */
export type Section = { items: JsonText[]; people: string[] };

/**
 * How many candidates a section ranks (see the kernel's search fragments): the newest matching
 * posts, and any matching people and missions. A common word matches hundreds of thousands of
 * posts; ranking them all cost 100–300 ms at 1M posts, ranking the newest few hundred a few ms.
 */
const POST_CANDIDATES = 300;
const PEOPLE_CANDIDATES = 300;
const MISSION_CANDIDATES = 300;
/** Per category group: compact previews, and posters' cards (the client shows 3 and '+N'). */
const GROUP_PREVIEWS = 5;
const GROUP_POSTERS = 10;
/**
 * The ids of a group's best matches, in rank order (`count` says how many there are): a page's
 * worth. All of them (up to 300) made a common word's answer 22 KB, most of it ids nobody shows,
 * and writing it was half the API's time under load.
 */
const GROUP_POST_IDS = 20;
const EXCERPT_CHARS = 160;
const ISO = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * Typos are forgiven in names ("Quenbyy") and mission titles, but not in a lone handle with digits
 * ("user4242": see peopleMatching), nor in a query holding a long number ("post 482913"): no name or
 * title is misspelt that way, and the trigram probes cost more than the rest of such a search.
 */
const LONG_NUMBER = /(^|\s)\d{4,}(\s|$)/;
const fuzzyNames = (term: string) => (term.includes(' ') || !/\d/.test(term)) && !LONG_NUMBER.test(term);
const fuzzyTitles = (term: string) => !LONG_NUMBER.test(term);

/**
 * Exact name first, then a name or username that starts with the query, then the closest names
 * (typos: by trigrams, or respelt from everyone's names), then the newest accounts.
 */
export async function searchUsers(
  db: Db,
  viewerId: string | undefined,
  t: SearchTerms,
  w: Window,
): Promise<Section> {
  const { rows } = await sql<{ id: string; card: JsonText }>`
    select f.id, f.card from ${peopleMatching(viewerId, t.term, PEOPLE_CANDIDATES, fuzzyNames(t.term), t.respelt)} f
    order by f.exact desc, f.prefix desc, f.similarity desc, f.created_at desc, f.id
    limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}`.execute(db);
  return { items: rows.map((r) => r.card), people: rows.map((r) => r.id) };
}

/**
 * Matching needs (kinds need and want) or provisions, grouped by category (case folded): groups
 * holding an exact title, then an open post, then the best text rank, then the newest. Inside a
 * group posts go the same way, closed needs (fulfilled, expired) below open ones.
 */
export async function searchCategoryGroups(
  db: Db,
  viewerId: string | undefined,
  section: 'needs' | 'provisions',
  t: SearchTerms,
  w: Window,
  category: string | undefined,
  common: boolean,
): Promise<Section> {
  const onlyCategory = category === undefined ? sql`true` : sql`r.cat = lower(${category})`;
  const { rows } = await sql<{ group: JsonText; authors: string[] }>`
    with r as (
      select c.*, lower(coalesce(nullif(trim(c.category), ''), 'Other')) as cat,
        lower(c.title) = lower(${t.term}) as exact,
        coalesce(c.status in ('fulfilled', 'expired'), false) as closed
      from ${searchablePostsMatching(viewerId, section, t.words, t.tags, POST_CANDIDATES, common)} c
    ), ranked as (
      select r.*, row_number() over (partition by r.cat
        order by r.exact desc, r.closed, r.rank desc, r.created_at desc, r.id desc) as place
      from r where ${onlyCategory}
    ), g as (
      select cat, count(*)::int as count, min(coalesce(nullif(trim(category), ''), 'Other')) as category,
        bool_or(exact) as exact, bool_or(not closed) as open, max(rank) as rank, max(created_at) as newest
      from ranked group by cat
      order by exact desc, open desc, rank desc, newest desc, cat
      limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}
    ), posters as (
      -- Who posted in each group, newest first: the first GROUP_POSTERS are shown.
      select x.cat, x.author_id, max(x.card) as card, max(x.created_at) as newest,
        row_number() over (partition by x.cat order by max(x.created_at) desc, x.author_id) as n
      from ranked x where x.cat in (select cat from g) group by x.cat, x.author_id
    )
    select json_build_object(
      'category', g.category,
      'users', (select coalesce(json_agg(a.card::json order by a.n), '[]'::json) from posters a
          where a.cat = g.cat and a.n <= ${sql.lit(GROUP_POSTERS)}),
      'count', g.count,
      'postIds', (select json_agg(x.id order by x.place) from ranked x where x.cat = g.cat and x.place <= ${sql.lit(GROUP_POST_IDS)}),
      'posts', (select json_agg(json_build_object(
          '_id', x.id, 'kind', x.kind, 'title', x.title, 'excerpt', left(x.content, ${sql.lit(EXCERPT_CHARS)}),
          'status', x.status, 'createdAt', to_char(x.created_at at time zone 'UTC', ${sql.lit(ISO)}),
          'author', x.card::json) order by x.place)
        from ranked x where x.cat = g.cat and x.place <= ${sql.lit(GROUP_PREVIEWS)})
    )::text as group,
    -- Everyone the group names (shown posters, authors of the ids it lists): what a shared answer's fit is checked against.
    (select array_agg(distinct y.id) from (
        select a.author_id as id from posters a where a.cat = g.cat and a.n <= ${sql.lit(GROUP_POSTERS)}
        union select x.author_id from ranked x where x.cat = g.cat and x.place <= ${sql.lit(GROUP_POST_IDS)}) y) as authors
    from g
    order by g.exact desc, g.open desc, g.rank desc, g.newest desc, g.cat`.execute(db);
  return { items: rows.map((r) => r.group), people: rows.flatMap((r) => r.authors) };
}

/** Exact title first, then text rank and title likeness, then the newest. */
export async function searchMissions(
  db: Db,
  viewerId: string | undefined,
  t: SearchTerms,
  w: Window,
  defaultPhoto: string,
): Promise<Section> {
  const { rows } = await sql<{ mission: JsonText; ownerId: string }>`
    select json_build_object('_id', m.id, 'title', m.title, 'photo', coalesce(m.photo, ${defaultPhoto}), 'type', m.type,
      'partnersCount', m.partners_count, 'collaboratorsCount', m.collaborators_count)::text as mission, m.owner_id as "ownerId"
    from ${visibleMissionsMatching(viewerId, t.words, t.term, MISSION_CANDIDATES, fuzzyTitles(t.term))} m
    order by m.exact desc, m.rank desc, m.created_at desc, m.id
    limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}`.execute(db);
  return { items: rows.map((r) => r.mission), people: rows.map((r) => r.ownerId) };
}

/** See the kernel's sharedSearchAnswerFits. */
export async function sharedAnswerFits(db: Db, viewerId: string, people: string[]): Promise<boolean> {
  const { rows } = await sql<{
    fits: boolean | null;
  }>`select ${sharedSearchAnswerFits(viewerId, people)} as fits`.execute(db);
  return rows[0]?.fits === true;
}

/**
 * A query is common in a section when this many posts match: walking the section newest first then
 * finds its candidates sooner than reading every match from the GIN index (at 1M posts a walk read
 * 300 matches of a word in 6 posts in ~3 ms; reading 300k matches from the GIN index took 400 ms).
 */
const COMMON_MATCHES = 5000;

/** Whether the query is common among needs and among provisions, in one statement. */
export async function commonSections(
  db: Db,
  t: SearchTerms,
): Promise<{ needs: boolean; provisions: boolean }> {
  const sample = (section: 'needs' | 'provisions') =>
    sql`(select count(*)::int from ${postMatchesSample(section, t.words, t.tags, COMMON_MATCHES)} s)`;
  const { rows } = await sql<{ needs: number; provisions: number }>`
    select ${sample('needs')} as needs, ${sample('provisions')} as provisions`.execute(db);
  return { needs: rows[0]!.needs >= COMMON_MATCHES, provisions: rows[0]!.provisions >= COMMON_MATCHES };
}

export async function countHashtags(db: Db, tags: string[]) {
  const { rows } = await sql<{
    tag: string;
    count: number;
  }>`select h.tag, h.count from ${hashtagPostCounts(tags)} h`.execute(db);
  return rows.map((r) => ({ name: r.tag, count: r.count }));
}

/**
 * Close spellings of the words that may be mistyped, in one statement:
 * - `words`, from search_lexicon (category words and hashtags in use), of the words that are not
 *   in it themselves: "transprt" → transport. At most 2 per word, the closest first; similarity
 *   ≥ 0.45 (pg_trgm's `%` at its default 0.3 finds the candidates).
 * - `names`, from search_names (the words of everyone's names, 0029), for every word, a name
 *   itself included: names have many right spellings (Jon, John, Jhon), and those typed as they
 *   are still rank first. Trigram similarity ≥ 0.45 as above ("momdoma" → momodoma), or one slip
 *   away by the words' deletions, which trigrams miss in short words ("jhon" → john, 0.11). At
 *   most 3 per word: slips first, then the names most people carry, then the closest.
 * Words of fewer than 4 characters are left as typed (too many near neighbours to mean anything),
 * and so are words with digits (handles, numbers, "local42": a typo there is another thing, not a
 * misspelling).
 */
export const mayBeMistyped = (word: string) => word.length >= 4 && !/\d/.test(word);

export type Spellings = { words: Map<string, string[]>; names: Map<string, string[]> };

export async function typoSpellings(db: Db, words: string[]): Promise<Spellings> {
  const candidates = words.filter(mayBeMistyped);
  if (candidates.length === 0) return { words: new Map(), names: new Map() };
  const { rows } = await sql<{ word: string; spellings: string[]; names: string[] }>`
    select q.w as word,
      case when exists (select 1 from search_lexicon e where e.word = q.w) then '{}'::text[] else array(
        select l.word from search_lexicon l
        where l.word % q.w and similarity(l.word, q.w) >= 0.45
        order by similarity(l.word, q.w) desc, l.word limit 2) end as spellings,
      array(
        select n.word from search_names n
        where ((n.word % q.w and similarity(n.word, q.w) >= 0.45)
            or n.word = any(search_name_deletions(q.w))
            or n.deletions && (search_name_deletions(q.w) || q.w))
          and n.word <> q.w
        -- A slip before a likeness; then the names most people carry ("jhon": John before Jhona).
        order by (n.word = any(search_name_deletions(q.w)) or n.deletions && (search_name_deletions(q.w) || q.w)) desc,
          n.people desc, similarity(n.word, q.w) desc, n.word
        limit 3) as names
    from unnest(${sql.val(candidates)}::text[]) as q(w)`.execute(db);
  const found = (pick: (r: (typeof rows)[number]) => string[]) =>
    new Map(rows.filter((r) => pick(r).length > 0).map((r) => [r.word, pick(r)]));
  return { words: found((r) => r.spellings), names: found((r) => r.names) };
}
