import { describeReasons } from '@muster/contract/matching';
import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';
import { findCandidatesOfAll, findOpenSubjects, markTold, type PairRow } from './matching.queries.js';
import { vocabularyOf, noticeFor, rankMatches, reasonsOf, wordsOf } from './matching.service.js';

/** How many of the demo person's matches arrive as notifications (the rest wait on /matches). */
const DEMO_NOTICES = 3;

/**
 * The demo's matches, found the way live posts find them: every open need, want and provision is
 * scored in the order it was written, so each pair is met from its later post, as it would have
 * been. The demo person is told of their best few as matchFound notifications, written here as
 * the notifications feature would on `match.found` (seeds have no event bus; the notice is the
 * same row, sent by the other post's author, its reasons beside it).
 *
 * Read and stored in a few queries, not three per post as scorePost would: the subjects and all their
 * candidates in two (nothing the scoring writes changes what they find), saveMatches' rescoring
 * replayed on the pairs in memory, and the pairs written in one insert, as they stand at the end.
 */
export const matchingSeed: DemoSeed = {
  name: 'matching',
  run: async ({ db }) => {
    const demo = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DEMO_LOGIN.username)
      .executeTakeFirst();
    const subjects = await findOpenSubjects(db);
    const vocabulary = await vocabularyOf(db);
    const found = await findCandidatesOfAll(
      db,
      subjects.map((subject) => ({ ...subject, words: wordsOf(subject, vocabulary) })),
    );
    const candidatesOf = new Map<string, typeof found>();
    for (const c of found) candidatesOf.set(c.subjectId, [...(candidatesOf.get(c.subjectId) ?? []), c]);
    /** post_matches as saveMatches would leave it after each subject, keyed `need:provision`. */
    const pairs = new Map<string, PairRow>();
    const notices: Array<{ score: number; told: () => Promise<void> }> = [];
    for (const subject of subjects) {
      const scored = rankMatches(subject, candidatesOf.get(subject.id) ?? [], vocabulary);
      const other = (p: PairRow) => (p.needId === subject.id ? p.provisionId : p.needId);
      const kept = new Set(scored.map((m) => other(m.pair)));
      for (const p of pairs.values())
        if ((p.needId === subject.id || p.provisionId === subject.id) && p.score > 0 && !kept.has(other(p)))
          p.score = 0;
      const fresh: PairRow[] = [];
      for (const { pair } of scored) {
        const key = `${pair.needId}:${pair.provisionId}`;
        const known = pairs.get(key);
        if (known) Object.assign(known, { score: pair.score, reasons: pair.reasons });
        else {
          pairs.set(key, { ...pair });
          fresh.push(pair);
        }
      }
      if (!demo) continue;
      const isNew = new Set(fresh.map((p) => `${p.needId}:${p.provisionId}`));
      for (const { c, s, pair } of scored) {
        if (!isNew.has(`${pair.needId}:${pair.provisionId}`)) continue;
        const demoIsSubject = subject.authorId === demo.id;
        if (!demoIsSubject && c.authorId !== demo.id) continue;
        const [mine, theirs] = demoIsSubject ? [subject, c] : [c, subject];
        const side = mine.kind === 'provision' ? 'provision' : 'need';
        notices.push({
          score: s.score,
          told: async () => {
            await markTold(db, pair, side);
            await db
              .insertInto('notifications')
              .values({
                id: newId(),
                userId: demo.id,
                senderId: theirs.authorId,
                relatedUserId: theirs.authorId,
                relatedPostId: theirs.id,
                type: 'matchFound',
                subType: side === 'provision' ? 'provider' : 'seeker',
                message: noticeFor(mine, theirs),
                commentContent: describeReasons(reasonsOf(subject, s)).join(' · '),
                createdAt: new Date(Date.now() - (notices.length + 1) * 47 * 60_000),
              })
              .execute();
          },
        });
      }
    }
    const rows = [...pairs.values()];
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('postMatches')
        .values(rows.slice(i, i + 1000))
        .execute();
    for (const n of notices.sort((a, b) => b.score - a.score).slice(0, DEMO_NOTICES)) await n.told();
  },
};
