import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, userWithSession } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import { placeColumns } from '../../platform/places.js';
import { insertPost, viewerMarks } from './posts.queries.js';

/**
 * viewerMarks reads likes and saves between a page's least and greatest id (decision 036): what
 * lies in that stretch but is not on the page, or outside it, must never come back as the page's.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe("a page's marks for its viewer", () => {
  it('reports the likes and saves of the posts given, whatever their order, and none of those between or around them', async () => {
    const author = await userWithSession(h.db);
    const viewer = await buildUser(h.db);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const made = await insertPost(h.db, author.sessionId, {
        id: newId(),
        authorId: author.id,
        kind: 'post',
        content: `Update ${i} from the shelter`,
        image: null,
        video: null,
        fileUrl: null,
        fileName: null,
        review: null,
        ...placeColumns(undefined),
        mission: null,
        missionId: null,
        emergencyEmoji: null,
        hashtags: [],
      });
      ids.push(made!.id);
    }
    const s = [...ids].sort();
    await h.db
      .insertInto('postLikes')
      .values([s[1]!, s[3]!, s[5]!].map((postId) => ({ postId, userId: viewer.id })))
      .execute();
    await h.db
      .insertInto('savedPosts')
      .values([s[0]!, s[3]!, s[6]!].map((postId) => ({ postId, userId: viewer.id })))
      .execute();
    const marksOf = async (postIds: string[]) => {
      const m = await viewerMarks(h.db, viewer.id, {
        postIds,
        authorIds: [author.id],
        placed: false,
        own: false,
      });
      return { liked: [...m.liked].sort(), saved: [...m.saved].sort(), hidden: m.hidden };
    };

    // s[3] lies between the page's ids, s[0] and s[6] around them: liked and saved, but not on the page.
    expect(await marksOf([s[5]!, s[1]!, s[4]!, s[2]!])).toEqual({
      liked: [s[1], s[5]],
      saved: [],
      hidden: [],
    });
    expect(await marksOf([s[6]!, s[0]!, s[3]!])).toEqual({
      liked: [s[3]],
      saved: [s[0], s[3], s[6]],
      hidden: [],
    });
    expect(await marksOf([s[2]!])).toEqual({ liked: [], saved: [], hidden: [] });

    await h.db.insertInto('blocks').values({ blockerId: author.id, blockedId: viewer.id }).execute();
    expect((await marksOf([s[1]!])).hidden).toEqual([author.id]);
  });
});
