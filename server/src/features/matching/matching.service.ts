import {
  describeReasons,
  MATCH_NOTIFICATIONS_PER_DAY,
  MATCH_POSTS_LISTED,
  matchKindNames,
  MATCHES_SHOWN_PER_POST,
  type MatchReasons,
} from '@muster/contract/matching';
import type { Db } from '../../db/database.js';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import {
  type CandidateRow,
  findCandidates,
  findSubject,
  listMatchesOf,
  listMyOpenPosts,
  markTold,
  noticesToday,
  type PairRow,
  pointOf,
  saveMatches,
  type SubjectRow,
  vocabularyLexemes,
} from './matching.queries.js';
import { presentMyMatches, titleOf } from './matching.present.js';
import {
  isMatch,
  type MatchSide,
  reachOf,
  scoreMatch,
  type Scored,
  type Vocabulary,
} from './matching.score.js';

/** Pairs kept for one post, best first: more than anyone reads, few enough to rescore on every edit. */
const MATCHES_KEPT_PER_POST = 20;
/** The author of a new post hears of its best few matches; the rest wait on /matches. */
const NOTICES_PER_NEW_POST = 3;

const MATCHED_KINDS = new Set(['need', 'want', 'provision']);
/** Lexemes of letters and digits only: they make a well-formed `to_tsquery` of ORs. */
const PLAIN = /^[\p{L}\p{N}]+$/u;

let vocabulary: Promise<Vocabulary> | undefined;
/** The lexemes scoring treats apart, asked of PostgreSQL once per process (its stemmer never changes under us). */
export function vocabularyOf(db: Db) {
  vocabulary ??= vocabularyLexemes(db).catch((err: unknown) => {
    vocabulary = undefined;
    throw err;
  });
  return vocabulary;
}

export const sideOf = (r: SubjectRow | CandidateRow): MatchSide => ({
  category: r.category,
  lexemes: r.lexemes,
  titleLexemes: r.titleLexemes,
  categoryLexemes: r.categoryLexemes,
  placeLexemes: r.placeLexemes,
  coordinates: pointOf(r.coordinates),
  reach: reachOf(r),
  createdAt: new Date(r.createdAt),
});

/** The shared lexemes as the subject wrote them, in its order (title first). */
export function reasonsOf(subject: SubjectRow, s: Scored): MatchReasons {
  const order = new Map(subject.words.map((w, i) => [w.lexeme, i]));
  const wordOf = new Map(subject.words.map((w) => [w.lexeme, w.word]));
  const words = [...s.sharedLexemes]
    .sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || a.localeCompare(b))
    .map((l) => wordOf.get(l) ?? l);
  return { category: s.category, words, distanceKm: s.distanceKm };
}

export type Post = {
  id: string;
  authorId: string;
  kind: string;
  title: string;
  content: string;
  authorName: string;
};

/** "Your need 'Insulin in Tacloban' may match Maria Santos's offer 'Insulin and cold packs'". */
export function noticeFor(mine: Post, theirs: Post) {
  const kind = (p: Post) => matchKindNames[p.kind as keyof typeof matchKindNames] ?? 'post';
  return `Your ${kind(mine)} '${titleOf(mine)}' may match ${theirs.authorName}'s ${kind(theirs)} '${titleOf(theirs)}'`;
}

/**
 * Scores a need, want or provision against the open posts of the other side, stores its matches
 * (rescoring its old ones) and tells both authors of each new pair — unless either is hidden from
 * the other (block, mute, hidden from search) or has had MATCH_NOTIFICATIONS_PER_DAY match notices
 * in the last 24 hours; the author of the post hears of its best NOTICES_PER_NEW_POST only. Runs
 * after the post's answer has gone, from the job queue (subscribeMatching). A closed post is left as it is: its pairs
 * drop out of /matches by its status.
 */
export async function matchPost(deps: Deps, postId: string) {
  const found = await scorePost(deps.db, postId);
  if (!found) return;
  const { subject, scored, fresh } = found;
  const isProvision = subject.kind === 'provision';
  const isNew = new Set(fresh.map((p) => (isProvision ? p.needId : p.provisionId)));
  let toldAuthor = 0;
  for (const { c, s, pair } of scored) {
    if (!isNew.has(c.id)) continue;
    const reasons = describeReasons(reasonsOf(subject, s)).join(' · ');
    const subjectSide = isProvision ? 'provision' : 'need';
    const theirSide = isProvision ? 'need' : 'provision';
    if (
      toldAuthor < NOTICES_PER_NEW_POST &&
      c.authorSearchable &&
      !c.mutedBySubjectAuthor &&
      (await underCap(deps, subject.authorId))
    ) {
      toldAuthor += 1;
      await tell(deps, pair, subjectSide, { userId: subject.authorId, mine: subject, theirs: c, reasons });
    }
    if (subject.authorSearchable && !c.mutesSubjectAuthor && (await underCap(deps, c.authorId))) {
      await tell(deps, pair, theirSide, { userId: c.authorId, mine: c, theirs: subject, reasons });
    }
  }
}

/**
 * The scoring half of matchPost: the subject's matches, best first, stored (its old pairs
 * rescored), and which pairs are new. Undefined when the post is not an open need, want or
 * provision. The demo seed runs it too.
 */
export async function scorePost(db: Db, postId: string) {
  const subject = await findSubject(db, postId);
  if (!subject || !MATCHED_KINDS.has(subject.kind) || (subject.status !== null && subject.status !== 'open'))
    return undefined;
  const words = await vocabularyOf(db);
  const candidates = await findCandidates(db, subject, wordsOf(subject, words));
  const scored = rankMatches(subject, candidates, words);
  const fresh = await saveMatches(
    db,
    subject.id,
    scored.map((m) => m.pair),
  );
  return { subject, scored, fresh };
}

/** The subject's lexemes that find candidates: plain ones (a well-formed tsquery), none generic. */
export function wordsOf(subject: SubjectRow, v: Vocabulary) {
  return [...new Set(subject.lexemes)].filter((l) => PLAIN.test(l) && !v.generic.has(l));
}

/** The candidates that match the subject, best first, the MATCHES_KEPT_PER_POST kept, each with its pair row. */
export function rankMatches(subject: SubjectRow, candidates: CandidateRow[], v: Vocabulary) {
  const me = sideOf(subject);
  const isProvision = subject.kind === 'provision';
  const pairOf = (c: CandidateRow, s: Scored): PairRow => ({
    needId: isProvision ? c.id : subject.id,
    provisionId: isProvision ? subject.id : c.id,
    needAuthorId: isProvision ? c.authorId : subject.authorId,
    provisionAuthorId: isProvision ? subject.authorId : c.authorId,
    score: s.score,
    reasons: JSON.stringify(reasonsOf(subject, s)),
  });
  return candidates
    .map((c) => ({ c, s: scoreMatch(me, sideOf(c), v) }))
    .filter(({ s }) => isMatch(s))
    .sort(
      (a, b) =>
        b.s.score - a.s.score ||
        new Date(b.c.createdAt).getTime() - new Date(a.c.createdAt).getTime() ||
        (a.c.id < b.c.id ? 1 : -1),
    )
    .slice(0, MATCHES_KEPT_PER_POST)
    .map(({ c, s }) => ({ c, s, pair: pairOf(c, s) }));
}

async function underCap(deps: Deps, userId: string) {
  return (await noticesToday(deps.db, userId)) < MATCH_NOTIFICATIONS_PER_DAY;
}

async function tell(
  deps: Deps,
  pair: PairRow,
  side: 'need' | 'provision',
  n: { userId: string; mine: Post; theirs: Post; reasons: string },
) {
  await markTold(deps.db, pair, side);
  await deps.events.emit(deps.db, 'match.found', {
    userId: n.userId,
    otherAuthorId: n.theirs.authorId,
    otherPostId: n.theirs.id,
    side: side === 'provision' ? 'provider' : 'seeker',
    message: noticeFor(n.mine, n.theirs),
    reasons: n.reasons,
  });
}

/** GET /matches: my open needs, wants and provisions, newest first, each with its best standing matches. */
export async function myMatches(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  const mine = await listMyOpenPosts(deps.db, me.id, MATCH_POSTS_LISTED);
  const matches = await listMatchesOf(
    deps.db,
    me.id,
    mine.map((p) => p.id),
    MATCHES_SHOWN_PER_POST,
  );
  return presentMyMatches(mine, matches);
}

/**
 * Matching listens for saved posts on a queue of its own (its work is the heaviest, and notices
 * must not wait behind it). A post's matches, their marks and the notices they cause are written
 * in the job's transaction: a run that fails leaves none of them, and its retry tells nobody twice.
 */
export function subscribeMatching(deps: Deps) {
  deps.events
    .subscriber('matching')
    .on('post.saved', (trx, { postId }) => matchPost({ ...deps, db: trx }, postId), {
      when: ({ kind }) => MATCHED_KINDS.has(kind),
    });
}
