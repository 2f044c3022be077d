import { describeReasons } from '@muster/contract/matching';
import { sql } from 'kysely';
import { DEMO_LOGIN, type DemoSeed } from '../../db/demo.js';
import { newId } from '../../platform/ids.js';
import { markTold } from './matching.queries.js';
import { noticeFor, reasonsOf, scorePost } from './matching.service.js';

/** How many of the demo person's matches arrive as notifications (the rest wait on /matches). */
const DEMO_NOTICES = 3;

/**
 * The demo's matches, found the way live posts find them: every open need, want and provision is
 * scored in the order it was written, so each pair is met from its later post, as it would have
 * been. The demo person is told of their best few as matchFound notifications, written here as
 * the notifications feature would on `match.found` (seeds have no event bus; the notice is the
 * same row, sent by the other post's author, its reasons beside it).
 */
export const matchingSeed: DemoSeed = {
  name: 'matching',
  run: async ({ db }) => {
    const demo = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DEMO_LOGIN.username)
      .executeTakeFirst();
    const { rows } = await sql<{ id: string }>`select id from posts
      where kind in ('need', 'want', 'provision') and (status is null or status = 'open')
      order by created_at, id`.execute(db);
    const notices: Array<{ score: number; told: () => Promise<void> }> = [];
    for (const { id } of rows) {
      const found = await scorePost(db, id);
      if (!found || !demo) continue;
      const { subject, scored, fresh } = found;
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
    for (const n of notices.sort((a, b) => b.score - a.score).slice(0, DEMO_NOTICES)) await n.told();
  },
};
