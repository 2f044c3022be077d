import type { Db } from '../../db/database.js';

/**
 * Where a mailed notice happened: its post (title, kind, the start of its words) and its mission's
 * title. Read after `findListedNotification` let the notice through, whose audience rule already
 * asked whether the recipient may read both now.
 */
export async function findNoticePlaces(db: Db, postId: string | null, missionId: string | null) {
  const post = postId
    ? await db
        .selectFrom('posts')
        .select(['title', 'kind', 'content'])
        .where('id', '=', postId)
        .executeTakeFirst()
    : undefined;
  const mission = missionId
    ? await db.selectFrom('missions').select(['title']).where('id', '=', missionId).executeTakeFirst()
    : undefined;
  return { post, mission };
}
