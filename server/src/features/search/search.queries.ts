import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonText } from '../../platform/json-text.js';
import type { RemoteListingsOf } from '../../platform/remote-listings.js';
import { startsWith } from '../../db/prefix-bounds.js';
import { boxOf, mapPointOf } from '../../platform/map-point.queries.js';
import {
  appearsInSearchFor,
  contentShownTo,
  hiddenEitherWay,
  limitedFrom,
  missionOfPostVisibleTo,
  missionVisibleTo,
  suspendedNow,
} from '../../social/social.queries.js';

/**
 * Global search reads other features' tables (people, posts, missions, tags) with the fragments
 * below, each under the kernel's rules of who sees whom (appearsInSearchFor, hiddenEitherWay,
 * missionVisibleTo, missionOfPostVisibleTo; decision 058); here they are ranked, grouped and
 * paged, and each section comes back as JSON text (cards are the users.card text, decision 010).
 */

// Search (issue 14): what global search may show the viewer, as subqueries. `words` is a tsquery
// text the caller built from letters and digits only (bound, never spliced); null when the query
// holds no word. Migration 0017 keeps the vectors and indexes. An undefined viewer is everybody:
// an answer computed once and shared (sharedAnswerFits checks it fits each viewer), so no one's
// blocks are probed per candidate.

const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`);
const searchQuery = (words: string | null) =>
  words === null ? sql`null::tsquery` : sql`to_tsquery('english', ${words})`;
/** A "near me" circle (issue 37): the centre in degrees, the radius in kilometres. */
export type Circle = { lat: number; lon: number; radiusKm: number };

/** Kilometres in a degree of latitude (and of longitude at the equator) on a sphere of radius 6,371 km. */
const KM_PER_DEGREE = (6371 * Math.PI) / 180;

/**
 * The row (alias `table`, a posts or missions row) has a public place within the circle: a box
 * around it through 0038's GiST index (mapPointOf, boxOf: the spelling the index matches), then the
 * exact great-circle (haversine) distance, so the box's corners are left out. The box is computed
 * here: its degrees of longitude widen with the latitude, and near a pole or across the
 * antimeridian it takes every longitude (the distance still decides). Only `map_location`, the
 * public 0.01° place, is read: a circle never reveals more than the map shows (decision 022).
 */
export function withinCircle(table: string, near: Circle): RawBuilder<boolean> {
  const point = mapPointOf(table);
  return sql<boolean>`(${sql.ref(`${table}.map_location`)} is not null
    and ${point} <@ ${boxOf(circleBox(near))}
    and ${kmFrom(near, sql`(${point})[0]`, sql`(${point})[1]`)} <= ${near.radiusKm}::float8)`;
}

/**
 * The box around a circle, in degrees ([west, south, east, north]): its degrees of longitude widen
 * with the latitude, and near a pole or across the antimeridian it takes every longitude.
 */
function circleBox(near: Circle): [number, number, number, number] {
  const dLat = near.radiusKm / KM_PER_DEGREE;
  const cos = Math.cos((near.lat * Math.PI) / 180);
  const dLon = near.radiusKm / (KM_PER_DEGREE * Math.max(cos, 1e-9));
  const south = Math.max(-90, near.lat - dLat);
  const north = Math.min(90, near.lat + dLat);
  const wraps = near.lon - dLon < -180 || near.lon + dLon > 180 || south <= -90 || north >= 90;
  const [west, east] = wraps ? [-180, 180] : [near.lon - dLon, near.lon + dLon];
  return [west, south, east, north];
}

/** The great-circle (haversine) distance in kilometres from the circle's centre to a point in degrees. */
function kmFrom(near: Circle, lonDegrees: RawBuilder<unknown>, latDegrees: RawBuilder<unknown>) {
  const lat = sql`radians(${latDegrees})`;
  const lon = sql`radians(${lonDegrees})`;
  const lat0 = sql`radians(${near.lat}::float8)`;
  const lon0 = sql`radians(${near.lon}::float8)`;
  return sql`2 * 6371 * asin(least(1, sqrt(power(sin((${lat} - ${lat0}) / 2), 2)
      + cos(${lat0}) * cos(${lat}) * power(sin((${lon} - ${lon0}) / 2), 2))))`;
}

/**
 * A remote listing's point (its longitude and latitude columns, on the 0.01° grid) within the
 * circle: the same box, then the same distance, in plain comparisons (remote listings are few and
 * have no GiST index).
 */
function remoteWithinCircle(alias: string, near: Circle): RawBuilder<boolean> {
  const [west, south, east, north] = circleBox(near);
  const lon = sql.ref(`${alias}.longitude`);
  const lat = sql.ref(`${alias}.latitude`);
  return sql<boolean>`(${lon} is not null and ${lat} is not null
    and ${lon} between ${west}::float8 and ${east}::float8 and ${lat} between ${south}::float8 and ${north}::float8
    and ${kmFrom(near, lon, lat)} <= ${near.radiusKm}::float8)`;
}

const nameOf = (user: string) =>
  sql`(${column(user, 'first_name')} || ' ' || ${column(user, 'last_name')} || ' ' || ${column(user, 'username')})`;

/**
 * People whose name or username is like `term` and who may be offered to the viewer
 * (`appearsInSearchFor`): the username is the term, or the username, first or last name starts
 * with it (0008's byte-order indexes, a short walk each), or — when `fuzzy` — a word of the name
 * starts like the term or differs by a typo (trigram word similarity, 0002's users_name_trgm), or
 * a first or last name starts with one of `respelt.names`: the close spellings of the query's words
 * among everyone's names (the search feature's search_names, decision 051: "momdoma" → momodoma,
 * "jhon" → john), walked like the term but fewer of each, as they are guesses.
 * A lone handle with digits ("user4242") is not fuzzy: a typo there names someone else, and its
 * trigrams match a tenth of all usernames, which PostgreSQL read by scanning the table (48 ms). A common word
 * ("person") is like a whole town: at most `cap` of each kind of match are ranked.
 * Columns: id, card, created_at, verified (a verified organisation), exact (the whole name or username), prefix (the username or a word
 * of the name starts with the term), similarity (to the term as typed or as respelt: `respelt.terms`).
 */
function peopleMatching(
  viewerId: string | undefined,
  term: string,
  cap: number,
  fuzzy: boolean,
  respelt: { names: readonly string[]; terms: readonly string[] } = { names: [], terms: [] },
): RawBuilder<{ id: string; card: string }> {
  const startingWith = (field: RawBuilder<unknown>, prefix: string, limit: number) =>
    sql`(select up.id from users up where ${startsWith(field, prefix)} order by ${field} limit ${sql.lit(limit)})`;
  const walks = (prefix: string, limit: number) => sql`
    union all ${startingWith(sql`(lower(up.first_name) collate "C")`, prefix, limit)}
    union all ${startingWith(sql`(lower(up.last_name) collate "C")`, prefix, limit)}`;
  const names = fuzzy ? respelt.names : [];
  const similar = fuzzy
    ? [
        sql`union all (select ut.id from users ut where ${term} <% ${nameOf('ut')} limit ${sql.lit(cap)})`,
        ...names.map((n) => walks(n, Math.ceil(cap / 3))),
      ]
    : [];
  const likeness =
    fuzzy && respelt.terms.length > 0
      ? sql`(select max(word_similarity(v, ${nameOf('u')})) from unnest(${sql.val([term, ...respelt.terms])}::text[]) as v)`
      : sql`word_similarity(${term}, ${nameOf('u')})`;
  return sql`(select u.id, u.card, u.created_at, u.verified_org is not null as verified,
      (lower(u.first_name || ' ' || u.last_name) = lower(${term}) or lower(u.username) = lower(${term})) as exact,
      (starts_with(lower(u.username), lower(${term}))
        or position(' ' || lower(${term}) in ' ' || lower(u.first_name || ' ' || u.last_name)) > 0) as prefix,
      ${likeness} as similarity
    from users u
    where u.id in (
        (select ue.id from users ue where ue.username = lower(${term}))
        union all ${startingWith(sql`(up.username collate "C")`, term.toLowerCase(), cap)}
        ${walks(term.toLowerCase(), cap)}
        ${sql.join(similar, sql` `)})
      and ${appearsInSearchFor(viewerId, 'u')})`;
}

/** Where the words or tags of a search match a section's posts (0017's indexes), for anyone. */
function postMatch(
  section: 'needs' | 'provisions',
  words: string | null,
  tags: readonly string[],
  walk: boolean,
) {
  const byWords = words === null ? sql`false` : sql`p.search_vector @@ ${searchQuery(words)}`;
  const byTags = tags.length === 0 ? sql`false` : sql`p.hashtags && ${sql.val([...tags])}::text[]`;
  // `is true` keeps the GIN indexes out of a walk (see searchablePostsMatching).
  const match = walk ? sql`(${byWords} or ${byTags}) is true` : sql`(${byWords} or ${byTags})`;
  // A walk names the section as 0017's posts_search_recent does, word for word; the index path
  // names it by kinds, which no index holds: ANDed into the bitmap, posts_search_recent would add
  // every post of the section to it (36 ms for a rare tag).
  const inSection = walk
    ? sql`(case when p.kind = 'provision' then 'provisions' else 'needs' end) = ${sql.lit(section)}`
    : sql`p.kind = any(${sql.lit(section === 'provisions' ? '{provision}' : '{need,want}')}::text[])`;
  return sql`p.kind in ('need', 'want', 'provision') and ${inSection} and ${match}`;
}

/**
 * Up to `limit` posts of the section matching the words or tags, whoever posted them: how common
 * the query is, for choosing how searchablePostsMatching finds its candidates. Column: id.
 */
function postMatchesSample(
  section: 'needs' | 'provisions',
  words: string | null,
  tags: readonly string[],
  limit: number,
): RawBuilder<{ id: string }> {
  return sql`(select p.id from posts p where ${postMatch(section, words, tags, false)} limit ${sql.lit(limit)})`;
}

/**
 * Needs and wants (section 'needs') or provisions whose words match, or that carry one of `tags`,
 * by people the viewer may find: never by someone blocked either way or who chose not to appear in
 * search (the viewer's own posts do). At most `cap`, newest first: a common word matches half the
 * posts, and ranking is done over the newest `cap` of them (issue 14 note). `common` says how to
 * find them, as PostgreSQL cannot tell from its statistics how many posts a prefix matches: a
 * common query walks the section newest first (0017's posts_search_recent) and stops after `cap`;
 * a rare one reads its few matches from the GIN indexes and sorts them (a walk would read the
 * whole section for nothing). Columns: the post's id, kind, title, content, category, status,
 * author_id, author card, created_at, verified (its author is a verified organisation) and rank (ts_rank, 0 for a tag-only match).
 */
function searchablePostsMatching(
  viewerId: string | undefined,
  section: 'needs' | 'provisions',
  words: string | null,
  tags: readonly string[],
  cap: number,
  common: boolean,
  near: Circle | undefined,
): RawBuilder<{ id: string }> {
  // `+ interval '0'` keeps the planner from walking for a rare query: the order comes from no index.
  const newest = common
    ? sql`p.created_at desc, p.id desc`
    : sql`p.created_at + interval '0 s' desc, p.id desc`;
  return sql`(select p.id, p.kind, p.title, p.content, p.category, p.status, p.author_id, u.card, p.created_at,
      u.verified_org is not null as verified,
      coalesce(ts_rank(p.search_vector, ${searchQuery(words)}), 0) as rank
    from posts p join users u on u.id = p.author_id
    where ${postMatch(section, words, tags, common)} and ${near ? withinCircle('p', near) : sql`true`}
      and ${viewerId === undefined ? sql`u.searchable and not ${suspendedNow(sql.ref('u.id'))}` : sql`(u.id = ${viewerId} or (u.searchable and not ${hiddenEitherWay(viewerId, sql.ref('u.id'))}))`}
      and ${contentShownTo(viewerId, 'p')} and not ${limitedFrom(viewerId, sql.ref('u.id'))}
    order by ${newest} limit ${sql.lit(cap)})`;
}

/**
 * Missions the viewer may see (`missionVisibleTo`: never a blocked owner's, never members-only to
 * a stranger) whose title or description matches the words, or whose title is like `term`
 * (trigrams: prefixes, typos — when `fuzzy`); at most `cap` candidates are ranked (a common word
 * matches them all). Columns: id, title, photo, type, partners_count, collaborators_count,
 * created_at, owner_id, exact (the whole title), rank.
 */
function visibleMissionsMatching(
  viewerId: string | undefined,
  words: string | null,
  term: string,
  cap: number,
  fuzzy: boolean,
  near: Circle | undefined,
): RawBuilder<{ id: string }> {
  const q = searchQuery(words);
  const byWords = words === null ? sql`false` : sql`mc.search_vector @@ ${q}`;
  const byTitle = fuzzy ? sql`${term} <% mc.title` : sql`false`;
  return sql`(select m.id, m.title, m.photo, m.type, m.partners_count, m.collaborators_count, m.created_at, m.owner_id,
      lower(m.title) = lower(${term}) as exact,
      coalesce(ts_rank(m.search_vector, ${q}), 0) + word_similarity(${term}, m.title) as rank
    from missions m
    where m.id in (select mc.id from missions mc where (${byWords} or ${byTitle})
        and ${near ? withinCircle('mc', near) : sql`true`} limit ${sql.lit(cap)})
      and ${missionVisibleTo(viewerId, 'm')})`;
}

/**
 * How many posts everybody may read carry each tag (post_hashtags): a count shared by all viewers,
 * so a members-only mission's updates are not in it (issue 31 item 2). Columns: tag, count.
 */
function hashtagPostCounts(tags: readonly string[]): RawBuilder<{ tag: string; count: number }> {
  return sql`(select t.tag, (select count(*)::int from post_hashtags ph
      where ph.tag = t.tag and ${missionOfPostVisibleTo(undefined, sql.ref('ph.mission_id'))}) as count
    from unnest(${sql.val([...tags])}::text[]) with ordinality as t(tag, n) order by t.n)`;
}

export type SearchTerms = {
  /** The trimmed query, for trigram and exact-name matching. */
  term: string;
  /** The query's words (letters and digits), lower case. */
  list: string[];
  /** A tsquery text of the query's words, the last one a prefix; null when it holds no word. */
  words: string | null;
  /** Each word's part of `words` (with its close spellings), weighed one by one for commonness. */
  fragments: string[];
  /** Hashtags of the query (spec §5), lower case. */
  tags: string[];
  /** Close spellings of the query's words among people's names (typoSpellings), and the query with each put in. */
  respelt: { names: string[]; terms: string[] };
};
export type Window = { limit: number; offset: number };
/** A section's items as one JSON array text, and every person they name (cards, posters, authors of listed posts, mission owners). */
export type Section = { items: JsonText; people: string[] };

/**
 * How many candidates a section ranks (see the fragments above): the newest matching
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
 * With `verifiedFirst` (decision 069), the ranking below among verified organisations, then among
 * the others: a preference among the candidates found, never a reason to find more.
 */
const verifiedFirstBy = (verifiedFirst: boolean, column: RawBuilder<unknown>) =>
  verifiedFirst ? sql`${column} desc,` : sql``;

/**
 * A section as one row (`items`: the JSON array text the answer holds; `people`: everyone it
 * names), so that all sections are one statement (searchSections): one round trip and one pool
 * connection per search instead of four (decision 081).
 */
type SectionRow = RawBuilder<{ items: string; people: string[] }>;
const NO_SECTION: SectionRow = sql`(select '[]'::text as items, '{}'::uuid[] as people)`;

/**
 * Exact name first, then a name or username that starts with the query, then the closest names
 * (typos: by trigrams, or respelt from everyone's names), then the newest accounts.
 */
function usersSection(
  viewerId: string | undefined,
  t: SearchTerms,
  w: Window,
  verifiedFirst: boolean,
): SectionRow {
  const order = sql`${verifiedFirstBy(verifiedFirst, sql`f.verified`)} f.exact desc, f.prefix desc, f.similarity desc, f.created_at desc, f.id`;
  return sql`(select coalesce(json_agg(s.card::json order by s.n), '[]'::json)::text as items,
      coalesce(array_agg(s.id order by s.n), '{}'::uuid[]) as people
    from (select f.id, f.card, row_number() over (order by ${order}) as n
      from ${peopleMatching(viewerId, t.term, PEOPLE_CANDIDATES, fuzzyNames(t.term), t.respelt)} f
      order by ${order} limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}) s)`;
}

/**
 * Matching needs (kinds need and want) or provisions, grouped by category (case folded): groups
 * holding an exact title, then an open post, then the best text rank, then the newest. Inside a
 * group posts go the same way, closed needs (fulfilled, expired) below open ones.
 */
function categoryGroupsSection(
  viewerId: string | undefined,
  section: 'needs' | 'provisions',
  t: SearchTerms,
  w: Window,
  category: string | undefined,
  common: boolean,
  verifiedFirst: boolean,
  near: Circle | undefined,
): SectionRow {
  const onlyCategory = category === undefined ? sql`true` : sql`r.cat = lower(${category})`;
  const groupOrder = sql`${verifiedFirstBy(verifiedFirst, sql`g.verified`)} g.exact desc, g.open desc, g.rank desc, g.newest desc, g.cat`;
  return sql`(
    with r as (
      select c.*, lower(coalesce(nullif(trim(c.category), ''), 'Other')) as cat,
        lower(c.title) = lower(${t.term}) as exact,
        coalesce(c.status in ('fulfilled', 'expired'), false) as closed
      from ${searchablePostsMatching(viewerId, section, t.words, t.tags, POST_CANDIDATES, common, near)} c
    ), ranked as (
      select r.*, row_number() over (partition by r.cat
        order by ${verifiedFirstBy(verifiedFirst, sql`r.verified`)} r.exact desc, r.closed, r.rank desc, r.created_at desc, r.id desc) as place
      from r where ${onlyCategory}
    ), g as (
      select cat, count(*)::int as count, min(coalesce(nullif(trim(category), ''), 'Other')) as category,
        bool_or(exact) as exact, bool_or(not closed) as open, max(rank) as rank, max(created_at) as newest,
        bool_or(verified) as verified
      from ranked group by cat
      order by ${verifiedFirstBy(verifiedFirst, sql`verified`)} exact desc, open desc, rank desc, newest desc, cat
      limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}
    ), posters as (
      -- Who posted in each group, newest first: the first GROUP_POSTERS are shown.
      select x.cat, x.author_id, max(x.card) as card, max(x.created_at) as newest,
        row_number() over (partition by x.cat
          order by ${verifiedFirstBy(verifiedFirst, sql`bool_or(x.verified)`)} max(x.created_at) desc, x.author_id) as n
      from ranked x where x.cat in (select cat from g) group by x.cat, x.author_id
    ), out as (
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
      ) as grp,
      -- Everyone the group names (shown posters, authors of the ids it lists): what a shared answer's fit is checked against.
      array(select a.author_id from posters a where a.cat = g.cat and a.n <= ${sql.lit(GROUP_POSTERS)}
          union select x.author_id from ranked x where x.cat = g.cat and x.place <= ${sql.lit(GROUP_POST_IDS)}) as authors,
      row_number() over (order by ${groupOrder}) as n
      from g
    )
    select coalesce(json_agg(out.grp order by out.n), '[]'::json)::text as items,
      array(select distinct a from out, unnest(out.authors) a) as people
    from out)`;
}

/** Exact title first, then text rank and title likeness, then the newest. */
function missionsSection(
  viewerId: string | undefined,
  t: SearchTerms,
  w: Window,
  defaultPhoto: string,
  near: Circle | undefined,
): SectionRow {
  const order = sql`m.exact desc, m.rank desc, m.created_at desc, m.id`;
  return sql`(select coalesce(json_agg(s.mission order by s.n), '[]'::json)::text as items,
      coalesce(array_agg(s.owner_id order by s.n), '{}'::uuid[]) as people
    from (select json_build_object('_id', m.id, 'title', m.title, 'photo', coalesce(m.photo, ${defaultPhoto}), 'type', m.type,
        'partnersCount', m.partners_count, 'collaboratorsCount', m.collaborators_count) as mission, m.owner_id,
        row_number() over (order by ${order}) as n
      from ${visibleMissionsMatching(viewerId, t.words, t.term, MISSION_CANDIDATES, fuzzyTitles(t.term), near)} m
      order by ${order} limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}) s)`;
}

/**
 * Another Muster's needs, wants and provisions matching the words (decision 089), as one row:
 * `items`, the JSON array text of `remoteMatches`, `limited`, whether a limited server's
 * listing matched that the rows for nobody in particular left out (a shared answer then fits no
 * one: each viewer's own says whether they follow its author), and `actors`, the authors of those
 * given (a viewer who blocked one of them gets their own, decision 092). The same filters as the local
 * sections (kinds by section, category, the circle), ranked as a category group's posts are
 * (exact title, open before closed, text rank, newest), paged by the same window. Remote listings
 * are few (those someone here follows), matched through 0043's GIN index.
 */
function remoteSection(
  remote: RemoteListingsOf,
  viewerId: string | undefined,
  t: SearchTerms,
  { kinds, category, near, window: w }: RemoteAsked,
): RawBuilder<{ items: string; limited: boolean; actors: string[] }> {
  const q = searchQuery(t.words);
  const onlyCategory =
    category === undefined
      ? sql`true`
      : sql`lower(coalesce(nullif(trim(x.category), ''), 'Other')) = lower(${category})`;
  const order = sql`r.exact desc, r.closed, r.rank desc, r.published desc, r.object_uri`;
  return sql`(
    with r as (
      select x.*, lower(x.title) = lower(${t.term}) as exact,
        coalesce(x.status in ('fulfilled', 'expired'), false) as closed,
        ts_rank(x.search_vector, ${q}) as rank
      from ${remote(viewerId)} x
      where x.kind = any(${sql.val([...kinds])}::text[]) and ${t.words === null ? sql`false` : sql`x.search_vector @@ ${q}`}
        and ${onlyCategory} and ${near ? remoteWithinCircle('x', near) : sql`true`}
    ), shown as (
      select r.*, row_number() over (order by ${order}) as n from r
      ${viewerId === undefined ? sql`where not r.limited` : sql``}
      order by ${order} limit ${sql.lit(w.limit)} offset ${sql.lit(w.offset)}
    )
    select coalesce((select json_agg(json_build_object(
        'kind', s.kind, 'title', s.title, 'excerpt', left(s.text, ${sql.lit(EXCERPT_CHARS)}),
        'category', s.category, 'status', s.status, 'emergency', s.emergency, 'place', s.place_name,
        'createdAt', to_char(s.published at time zone 'UTC', ${sql.lit(ISO)}),
        'remote', json_build_object('server', s.host, 'url', s.url, 'objectId', s.object_uri, 'authorUri', s.remote_actor)
      ) order by s.n) from shown s), '[]'::json)::text as items,
      ${viewerId === undefined ? sql`exists (select 1 from r where r.limited)` : sql`false`} as limited,
      coalesce((select array_agg(distinct s.remote_actor) from shown s), '{}'::text[]) as actors)`;
}
const NO_REMOTE = sql<{
  items: string;
  limited: boolean;
  actors: string[];
}>`(select '[]'::text as items, false as limited, '{}'::text[] as actors)`;

/** What another Muster's listings are narrowed by (the search's section as kinds, its category, circle and page). */
export type RemoteAsked = {
  kinds: readonly string[];
  category: string | undefined;
  near: Circle | undefined;
  window: Window;
};

/**
 * The viewer's `remoteMatches` alone (JSON array text): for a shared answer that fits them but
 * left out a limited server's listings, which are theirs to see if they follow its author.
 */
export async function remoteMatches(
  db: Db,
  remote: RemoteListingsOf,
  viewerId: string,
  t: SearchTerms,
  ask: RemoteAsked,
): Promise<JsonText> {
  if (ask.kinds.length === 0) return '[]' as JsonText;
  const { rows } = await sql<{ items: string }>`select r.items
    from ${remoteSection(remote, viewerId, t, ask)} r`.execute(db);
  return rows[0]!.items as JsonText;
}

/** What one search asks for: the sections wanted (others answer empty) and how to find them. */
export type SectionsAsked = {
  users: boolean;
  needs: boolean;
  provisions: boolean;
  missions: boolean;
  /** Whether the query is common among needs and among provisions (see searchablePostsMatching). */
  common: { needs: boolean; provisions: boolean };
  category: string | undefined;
  verifiedFirst: boolean;
  near: Circle | undefined;
  defaultPhoto: string;
  /** Another Muster's listings, when federation hands them in (app.ts), and what narrows them. */
  remote: (RemoteAsked & { of: RemoteListingsOf }) | undefined;
};

/**
 * Every section of a search in one statement (decision 081): four statements of 1–3 ms planned and
 * run apart took four pool connections and four round trips; a new query at load waited on each.
 */
export async function searchSections(
  db: Db,
  viewerId: string | undefined,
  t: SearchTerms,
  w: Window,
  ask: SectionsAsked,
): Promise<{
  users: Section;
  needs: Section;
  provisions: Section;
  missions: Section;
  remote: { items: JsonText; limited: boolean; actors: string[] };
}> {
  const { rows } = await sql<Record<string, unknown>>`
    select u.items as uitems, u.people as upeople, n.items as nitems, n.people as npeople,
      p.items as pitems, p.people as ppeople, m.items as mitems, m.people as mpeople,
      r.items as ritems, r.limited as rlimited, r.actors as ractors
    from ${ask.users ? usersSection(viewerId, t, w, ask.verifiedFirst) : NO_SECTION} u
      cross join ${ask.needs ? categoryGroupsSection(viewerId, 'needs', t, w, ask.category, ask.common.needs, ask.verifiedFirst, ask.near) : NO_SECTION} n
      cross join ${ask.provisions ? categoryGroupsSection(viewerId, 'provisions', t, w, ask.category, ask.common.provisions, ask.verifiedFirst, ask.near) : NO_SECTION} p
      cross join ${ask.missions ? missionsSection(viewerId, t, w, ask.defaultPhoto, ask.near) : NO_SECTION} m
      cross join ${ask.remote && ask.remote.kinds.length > 0 ? remoteSection(ask.remote.of, viewerId, t, ask.remote) : NO_REMOTE} r`.execute(
    db,
  );
  const row = rows[0]!;
  const section = (k: 'u' | 'n' | 'p' | 'm'): Section => ({
    items: row[`${k}items`] as JsonText,
    people: row[`${k}people`] as string[],
  });
  return {
    users: section('u'),
    needs: section('n'),
    provisions: section('p'),
    missions: section('m'),
    remote: {
      items: row.ritems as JsonText,
      limited: row.rlimited === true,
      actors: row.ractors as string[],
    },
  };
}

/** One section of needs or provisions alone (the plans' test compares a walk with the index). */
export async function searchCategoryGroups(
  db: Db,
  viewerId: string | undefined,
  section: 'needs' | 'provisions',
  t: SearchTerms,
  w: Window,
  category: string | undefined,
  common: boolean,
  verifiedFirst = false,
  near?: Circle,
): Promise<Section> {
  const { rows } = await sql<{ items: string; people: string[] }>`select s.items, s.people
    from ${categoryGroupsSection(viewerId, section, t, w, category, common, verifiedFirst, near)} s`.execute(
    db,
  );
  return { items: rows[0]!.items as JsonText, people: rows[0]!.people };
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

/**
 * Whether each word of a query (a tsquery text of one word with its spellings: `volu:*`,
 * `(transprt | transport)`) is common among needs and among provisions, all in one statement: a
 * query's words are weighed one by one (decision 081) and cached each, so a new number beside a
 * common word ("post 482913") costs a probe of the number only — a few GIN pages — never again
 * the common word's posting list, which a probe of the whole query read.
 */
export async function commonWords(
  db: Db,
  words: readonly string[],
): Promise<Map<string, { needs: boolean; provisions: boolean }>> {
  const sample = (section: 'needs' | 'provisions') =>
    sql`(select count(*)::int from (select 1 from posts p
      where p.kind in ('need', 'want', 'provision')
        and p.kind = any(${sql.lit(section === 'provisions' ? '{provision}' : '{need,want}')}::text[])
        and p.search_vector @@ to_tsquery('english', q.w) limit ${sql.lit(COMMON_MATCHES)}) s)`;
  const { rows } = await sql<{ w: string; needs: number; provisions: number }>`
    select q.w, ${sample('needs')} as needs, ${sample('provisions')} as provisions
    from unnest(${sql.val([...words])}::text[]) as q(w)`.execute(db);
  return new Map(
    rows.map((r) => [r.w, { needs: r.needs >= COMMON_MATCHES, provisions: r.provisions >= COMMON_MATCHES }]),
  );
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
