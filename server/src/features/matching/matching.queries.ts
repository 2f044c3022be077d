import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  appearsInSearchFor,
  contentShownTo,
  hiddenEitherWay,
  limitedFrom,
  mutedByViewer,
} from '../../social/social.queries.js';
import { BASE_LANGUAGE, LANGUAGE_WORK_WORDS, LANGUAGES } from './matching.languages.js';
import {
  MATCH_THRESHOLD,
  MATCH_WINDOW_DAYS,
  REACH_KM,
  reachBox,
  reachOf,
  type Vocabulary,
} from './matching.score.js';

/** Candidates read for one post, best words first: enough for the few that are told, cheap at any size. */
const CANDIDATES_READ = 200;

/**
 * Words nearly every need or offer uses, which say nothing about what two posts share. Turned into
 * lexemes by PostgreSQL itself (the same stemmer as the posts' search vectors). The last line says
 * how help is given, not what it is (reachOf reads it; decision 050).
 */
const GENERIC_WORDS = `
need needed needs want wanted help helping offer offering available provide providing can could get give giving
free please anyone someone somebody looking look urgent urgently thanks thank ask asking also still people person one two
three day days week weeks today tomorrow now soon new good lot lots bit time able happy glad share sharing bring use used
make know let like would may might must well many volunteer volunteers group groups team teams community local run running
open first last next small big short long every weekend monday tuesday wednesday thursday friday saturday sunday morning
evening month months year years hour hours work working support join take keep come go going really just around area near
place thing things note notes message post anything everyone together without done sure put set find
remote remotely online virtual virtually`;

/**
 * The lexemes scoring treats apart (Vocabulary), from PostgreSQL's own stemmer in one query: the
 * generic words', each language name's (with its language) and the language-work words'.
 */
export async function vocabularyLexemes(db: Db): Promise<Vocabulary> {
  const names = Object.entries(LANGUAGES).flatMap(([language, words]) =>
    words.map((word) => ({ language, word })),
  );
  const { rows } = await sql<{
    generic: string[];
    languages: Array<{ l: string; language: string }>;
    work: string[];
  }>`select
      tsvector_to_array(to_tsvector('english', ${GENERIC_WORDS})) as generic,
      (select coalesce(json_agg(json_build_object('l', l, 'language', n.language)), '[]')
        from jsonb_to_recordset(${JSON.stringify(names)}::jsonb) as n (language text, word text),
             unnest(tsvector_to_array(to_tsvector('english', n.word))) as l) as languages,
      tsvector_to_array(to_tsvector('english', ${LANGUAGE_WORK_WORDS.join(' ')})) as work`.execute(db);
  const { generic, languages, work } = rows[0]!;
  return {
    generic: new Set(generic),
    languages: new Map(languages.map(({ l, language }) => [l, language])),
    languageWork: new Set(work),
    baseLanguage: BASE_LANGUAGE,
  };
}

/** What the score reads of a post (see MatchSide), as columns of `p`. */
const sideColumns = sql`p.category, p.created_at,
  case when jsonb_typeof(p.map_location -> 'coordinates') = 'array' then p.map_location -> 'coordinates' end as coordinates,
  coalesce(tsvector_to_array(p.search_vector), '{}') as lexemes,
  tsvector_to_array(to_tsvector('english', p.title || ' ' || coalesce(p.category, ''))) as title_lexemes,
  tsvector_to_array(to_tsvector('english', coalesce(p.category, ''))) as category_lexemes,
  tsvector_to_array(to_tsvector('english', coalesce(p.map_location ->> 'name', '') || ' ' || coalesce(p.map_location ->> 'address', ''))) as place_lexemes`;

type SideRow = {
  category: string | null;
  createdAt: Date;
  coordinates: [number, number] | null;
  lexemes: string[];
  titleLexemes: string[];
  categoryLexemes: string[];
  placeLexemes: string[];
};

export type SubjectRow = SideRow & {
  id: string;
  authorId: string;
  kind: string;
  status: string | null;
  title: string;
  content: string;
  authorName: string;
  authorSearchable: boolean;
  /** Each lexeme of the post with the first word that made it, in the order they come (title first). */
  words: Array<{ lexeme: string; word: string }>;
};

/** What findSubject reads of `p` (joined to its author `u`): the post, its author and the words behind its lexemes. */
const subjectColumns = sql`p.id, p.author_id, p.kind, p.status, p.title, p.content, ${sideColumns},
      trim(u.first_name || ' ' || u.last_name) as author_name, u.searchable as author_searchable,
      coalesce((select json_agg(json_build_object('lexeme', w.lx, 'word', w.w) order by w.n)
        from (select distinct on (lx) lx, t.w, t.n
              from regexp_split_to_table(lower(p.title || ' ' || coalesce(p.category, '') || ' ' || p.content), '[^[:alnum:]]+') with ordinality as t (w, n),
                   unnest(tsvector_to_array(to_tsvector('english', t.w))) as lx
              order by lx, t.n) w), '[]') as words`;

/**
 * The post matching starts from, with its author and the words behind its lexemes. Not one hidden
 * (held for review, decision 072, or by a moderator): its matches would tell others of what they
 * may not read; a held post is matched when a moderator publishes it (it is saved again then).
 */
export async function findSubject(db: Db, postId: string): Promise<SubjectRow | undefined> {
  const { rows } = await sql<SubjectRow>`select ${subjectColumns}
    from posts p join users u on u.id = p.author_id
    where p.id = ${postId} and p.hidden_reason is null`.execute(db);
  return rows[0];
}

/** Every open need, want and provision as findSubject reads it, in the order written (the demo seed scores them all). */
export async function findOpenSubjects(db: Db): Promise<SubjectRow[]> {
  const { rows } = await sql<SubjectRow>`select ${subjectColumns}
    from posts p join users u on u.id = p.author_id
    where p.kind in ('need', 'want', 'provision') and (p.status is null or p.status = 'open')
    order by p.created_at, p.id`.execute(db);
  return rows;
}

export type CandidateRow = SideRow & {
  id: string;
  authorId: string;
  kind: 'need' | 'want' | 'provision';
  title: string;
  content: string;
  authorName: string;
  authorSearchable: boolean;
  /** The subject's author muted this one's author: they are not told of it. */
  mutedBySubjectAuthor: boolean;
  /** This one's author muted the subject's author: they are not told of the subject. */
  mutesSubjectAuthor: boolean;
};

/** A place's point as the row holds it (`coordinates` of its map_location), or null. */
export function pointOf(coordinates: unknown): [number, number] | null {
  return Array.isArray(coordinates) && coordinates.length === 2
    ? [Number(coordinates[0]), Number(coordinates[1])]
    : null;
}

/** What the candidate queries read of the subject. */
type SubjectOfQuery = {
  authorId: string;
  kind: string;
  category: string | null;
  title: string;
  content: string;
  coordinates: unknown;
  createdAt: Date;
};

/**
 * The box a candidate's point must be in (decision 050): a pair's reach is the shorter of its two,
 * so nothing outside the subject's own reach can match it, and scoring would rule it out. Leaving
 * those out here keeps far posts from taking the places of near ones among the CANDIDATES_READ.
 * Null when the subject has no point or no limit.
 */
function boxOf(subject: SubjectOfQuery) {
  const point = pointOf(subject.coordinates);
  return point ? reachBox(point, REACH_KM[reachOf(subject)]) : null;
}

/** The candidate `p`'s point is in the box, or it has no point (then distance cannot rule it out). */
const inBox = (box: { south: unknown; north: unknown; west: unknown; east: unknown }) => {
  const coordinates = sql`p.map_location -> 'coordinates'`;
  return sql`(coalesce(jsonb_typeof(${coordinates}), '') <> 'array'
    or (((${coordinates} ->> 1)::float8 between ${box.south} and ${box.north})
      and (${box.west}::float8 is null or (${coordinates} ->> 0)::float8 between ${box.west} and ${box.east})))`;
};

/**
 * Open posts of the other side that may fit the subject: they share a word with it (0017's GIN
 * index over the search vectors) or its category, by someone else with no block either way, written
 * within MATCH_WINDOW_DAYS of it, with no point or one within the subject's reach (boxOf). `words`
 * are the subject's lexemes that count (letters and digits only, so they make a well-formed query);
 * the best-ranked CANDIDATES_READ are read.
 */
export async function findCandidates(
  db: Db,
  subject: SubjectOfQuery,
  words: readonly string[],
): Promise<CandidateRow[]> {
  const kinds = subject.kind === 'provision' ? ['need', 'want'] : ['provision'];
  const query = words.length ? sql`to_tsquery('simple', ${words.join(' | ')})` : sql`null::tsquery`;
  const category = (subject.category ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const byWords = words.length ? sql`p.search_vector @@ ${query}` : sql`false`;
  const byCategory = category
    ? sql`lower(regexp_replace(btrim(p.category), '\\s+', ' ', 'g')) = ${category}`
    : sql`false`;
  const author = sql`${subject.authorId}::uuid`;
  const box = boxOf(subject);
  const { rows } =
    await sql<CandidateRow>`select p.id, p.author_id, p.kind, p.title, p.content, ${sideColumns},
      trim(u.first_name || ' ' || u.last_name) as author_name, u.searchable as author_searchable,
      ${mutedByViewer(author, sql.ref('p.author_id'))} as muted_by_subject_author,
      ${mutedByViewer(sql.ref('p.author_id'), author)} as mutes_subject_author
    from posts p join users u on u.id = p.author_id
    where p.kind = any(${kinds}::text[]) and (p.status is null or p.status = 'open')
      and p.author_id <> ${author}
      and p.created_at > ${subject.createdAt}::timestamptz - make_interval(days => ${sql.lit(MATCH_WINDOW_DAYS)})
      and (${byWords} or ${byCategory})
      and ${box ? inBox(box) : sql`true`}
      and not ${hiddenEitherWay(author, sql.ref('p.author_id'))}
      and ${contentShownTo(undefined, 'p')}
    order by coalesce(ts_rank(p.search_vector, ${query}), 0) desc, p.created_at desc, p.id desc
    limit ${sql.lit(CANDIDATES_READ)}`.execute(db);
  return rows;
}

/**
 * findCandidates for many subjects in one query (the demo seed's, which scores every open post):
 * the same filters and order, each subject's candidates read once its lateral turn comes, and each
 * post's side columns worked out once rather than once per subject it is a candidate of. Keep the
 * two in step; the seed's test compares what they find.
 */
export async function findCandidatesOfAll(
  db: Db,
  subjects: ReadonlyArray<SubjectOfQuery & { id: string; words: readonly string[] }>,
): Promise<Array<CandidateRow & { subjectId: string }>> {
  if (!subjects.length) return [];
  const input = JSON.stringify(
    subjects.map((s, n) => {
      const box = boxOf(s);
      return {
        n,
        subject_id: s.id,
        author_id: s.authorId,
        kinds: s.kind === 'provision' ? ['need', 'want'] : ['provision'],
        q: s.words.length ? s.words.join(' | ') : null,
        category: (s.category ?? '').trim().replace(/\s+/g, ' ').toLowerCase(),
        created_at: new Date(s.createdAt).toISOString(),
        south: box?.south ?? null,
        north: box?.north ?? null,
        west: box?.west ?? null,
        east: box?.east ?? null,
      };
    }),
  );
  const author = sql.ref('s.author_id');
  const query = sql`(case when s.q is null then null::tsquery else to_tsquery('simple', s.q) end)`;
  const { rows } = await sql<CandidateRow & { subjectId: string }>`with side as materialized (
      select p.id, ${sideColumns} from posts p
      where p.kind in ('need', 'want', 'provision') and (p.status is null or p.status = 'open'))
    select s.subject_id, c.*,
      ${mutedByViewer(author, sql.ref('c.author_id'))} as muted_by_subject_author,
      ${mutedByViewer(sql.ref('c.author_id'), author)} as mutes_subject_author
    from jsonb_to_recordset(${input}::jsonb)
      as s (n int, subject_id uuid, author_id uuid, kinds text[], q text, category text, created_at timestamptz,
        south float8, north float8, west float8, east float8)
    cross join lateral (
      select p.id, p.author_id, p.kind, p.title, p.content, side.category, side.created_at, side.coordinates,
        side.lexemes, side.title_lexemes, side.category_lexemes, side.place_lexemes,
        trim(u.first_name || ' ' || u.last_name) as author_name, u.searchable as author_searchable
      from posts p join users u on u.id = p.author_id join side on side.id = p.id
      where p.kind = any(s.kinds) and (p.status is null or p.status = 'open')
        and p.author_id <> s.author_id
        and p.created_at > s.created_at - make_interval(days => ${sql.lit(MATCH_WINDOW_DAYS)})
        and ((s.q is not null and p.search_vector @@ ${query})
          or (s.category <> '' and lower(regexp_replace(btrim(p.category), '\\s+', ' ', 'g')) = s.category))
        and (s.south is null or ${inBox({ south: sql.ref('s.south'), north: sql.ref('s.north'), west: sql.ref('s.west'), east: sql.ref('s.east') })})
        and not ${hiddenEitherWay(author, sql.ref('p.author_id'))}
        and ${contentShownTo(undefined, 'p')}
      order by coalesce(ts_rank(p.search_vector, ${query}), 0) desc, p.created_at desc, p.id desc
      limit ${sql.lit(CANDIDATES_READ)}) c
    order by s.n`.execute(db);
  return rows;
}

export type PairRow = {
  needId: string;
  provisionId: string;
  needAuthorId: string;
  provisionAuthorId: string;
  score: number;
  reasons: string;
};

/**
 * Stores the subject's matches as they now score and, for its pairs not among them, a score of 0
 * (they stay, so their authors are never told of them again, but are no longer listed). Answers the
 * pairs that are new: only those are told.
 */
export async function saveMatches(
  db: Db,
  subjectId: string,
  pairs: PairRow[],
): Promise<Array<{ needId: string; provisionId: string }>> {
  // One transaction, or the caller's (the demo seed runs in one).
  const inOne = <T>(work: (trx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inOne(async (trx) => {
    const kept = pairs.map((p) => (p.needId === subjectId ? p.provisionId : p.needId));
    await sql`update post_matches set score = 0, updated_at = date_trunc('milliseconds', now())
      where (need_id = ${subjectId} or provision_id = ${subjectId}) and score > 0
        and not (case when need_id = ${subjectId} then provision_id else need_id end) = any(${kept}::uuid[])`.execute(
      trx,
    );
    if (!pairs.length) return [];
    const inserted = await trx
      .insertInto('postMatches')
      .values(pairs)
      .onConflict((oc) =>
        oc.columns(['needId', 'provisionId']).doUpdateSet((eb) => ({
          score: eb.ref('excluded.score'),
          reasons: eb.ref('excluded.reasons'),
          updatedAt: sql`date_trunc('milliseconds', now())`,
        })),
      )
      .returning(['needId', 'provisionId', sql<boolean>`xmax = 0`.as('isNew')])
      .execute();
    return inserted.filter((r) => r.isNew).map(({ needId, provisionId }) => ({ needId, provisionId }));
  });
}

/** How many match notices the person had in the last 24 hours, as either side. */
export async function noticesToday(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select
      (select count(*) from post_matches where need_author_id = ${userId} and need_author_told_at > now() - interval '1 day')
    + (select count(*) from post_matches where provision_author_id = ${userId} and provision_author_told_at > now() - interval '1 day') as n`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

/** Notes that the pair's author on `side` was told, for the cap. */
export async function markTold(
  db: Db,
  pair: { needId: string; provisionId: string },
  side: 'need' | 'provision',
) {
  const column = side === 'need' ? 'needAuthorToldAt' : 'provisionAuthorToldAt';
  await db
    .updateTable('postMatches')
    .set({ [column]: sql`date_trunc('milliseconds', now())` })
    .where('needId', '=', pair.needId)
    .where('provisionId', '=', pair.provisionId)
    .execute();
}

const MATCH_KINDS = sql`('need', 'want', 'provision')`;

export type MyPostRow = {
  id: string;
  kind: 'need' | 'want' | 'provision';
  title: string;
  content: string;
  category: string | null;
  status: string | null;
  createdAt: Date;
};

/** My open needs, wants and provisions, newest first. */
export async function listMyOpenPosts(db: Db, userId: string, limit: number): Promise<MyPostRow[]> {
  const { rows } =
    await sql<MyPostRow>`select p.id, p.kind, p.title, p.content, p.category, p.status, p.created_at
    from posts p
    where p.author_id = ${userId} and p.kind in ${MATCH_KINDS} and (p.status is null or p.status = 'open')
    order by p.created_at desc, p.id desc limit ${sql.lit(limit)}`.execute(db);
  return rows;
}

export type MatchRow = MyPostRow & {
  mineId: string;
  score: number;
  reasons: unknown;
  matchedAt: Date;
  authorId: string;
  username: string;
  firstName: string;
  lastName: string;
  headline: string;
  profilePicture: string | null;
  verifiedOrg: string | null;
};

/**
 * The best matches (at most `perPost` each) of my posts `mineIds` that still stand: scored as a
 * match, the other post still open, its author one I may find (`appearsInSearchFor`: not blocked
 * either way, not hidden from search) and have not muted. Best first.
 */
export async function listMatchesOf(
  db: Db,
  viewerId: string,
  mineIds: readonly string[],
  perPost: number,
): Promise<MatchRow[]> {
  if (!mineIds.length) return [];
  const { rows } = await sql<MatchRow>`select * from (
      select pm.mine_id, o.id, o.kind, o.title, o.content, o.category, o.status, o.created_at, pm.score, pm.reasons,
        pm.created_at as matched_at, u.id as author_id, u.username, u.first_name, u.last_name, u.headline, u.profile_picture, u.verified_org,
        row_number() over (partition by pm.mine_id order by pm.score desc, o.created_at desc, o.id desc) as n
      from (
        select need_id as mine_id, provision_id as other_id, score, reasons, created_at from post_matches
          where need_id = any(${mineIds}::uuid[]) and score >= ${MATCH_THRESHOLD}
        union all
        select provision_id, need_id, score, reasons, created_at from post_matches
          where provision_id = any(${mineIds}::uuid[]) and score >= ${MATCH_THRESHOLD}
      ) pm
      join posts o on o.id = pm.other_id
      join users u on u.id = o.author_id
      where (o.status is null or o.status = 'open')
        and ${appearsInSearchFor(viewerId, 'u')}
        and not ${mutedByViewer(viewerId, sql.ref('u.id'))}
        and ${contentShownTo(undefined, 'o')} and not ${limitedFrom(viewerId, sql.ref('u.id'))}
    ) ranked
    where n <= ${sql.lit(perPost)}
    order by mine_id, n`.execute(db);
  return rows;
}

export type DigestMatchRow = {
  recipientId: string;
  needId: string;
  needKind: 'need' | 'want';
  needTitle: string;
  needContent: string;
  provisionId: string;
  provisionTitle: string;
  provisionContent: string;
  authorFirstName: string;
  authorLastName: string;
  score: number;
  reasons: unknown;
};

/**
 * For the digest (issue 34): the open needs and wants that came to match one of each person's open
 * provisions in the window (`since` each, until `until`), best first, at most `perPerson`: the
 * scored pairs matching keeps (post_matches, already within both posts' reach: decision 050),
 * under the rules /matches lists them by — an author the person may find and has not muted.
 */
export async function findNewMatchesForProviders(
  db: Db,
  input: { people: ReadonlyArray<{ userId: string; since: Date }>; until: Date; perPerson: number },
): Promise<DigestMatchRow[]> {
  if (!input.people.length) return [];
  const people = JSON.stringify(
    input.people.map((p) => ({ user_id: p.userId, since: p.since.toISOString() })),
  );
  const person = sql.ref('pp.user_id');
  const { rows } = await sql<DigestMatchRow>`select pp.user_id as recipient_id, x.*
    from jsonb_to_recordset(${people}::jsonb) as pp (user_id uuid, since timestamptz)
    cross join lateral (
      select n.id as need_id, n.kind as need_kind, n.title as need_title, n.content as need_content,
        pr.id as provision_id, pr.title as provision_title, pr.content as provision_content,
        u.first_name as author_first_name, u.last_name as author_last_name, pm.score, pm.reasons
      from post_matches pm
      join posts n on n.id = pm.need_id
      join posts pr on pr.id = pm.provision_id
      join users u on u.id = n.author_id
      where pm.provision_author_id = pp.user_id and pm.score >= ${MATCH_THRESHOLD}
        and pm.created_at >= pp.since and pm.created_at < ${input.until.toISOString()}::timestamptz
        and (n.status is null or n.status = 'open') and (pr.status is null or pr.status = 'open')
        and ${appearsInSearchFor(person, 'u')}
        and not ${mutedByViewer(person, sql.ref('u.id'))}
      order by pm.score desc, n.created_at desc, n.id desc
      limit ${sql.lit(input.perPerson)}) x`.execute(db);
  return rows;
}
