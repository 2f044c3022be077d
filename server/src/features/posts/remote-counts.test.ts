import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';

// Migration 0045 (decision 091): remote Likes, Announces and replies kept in a post's counts by the
// database, whatever statement adds, changes or removes them.
let t: DatabaseHandle;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

it('counts remote Likes, boosts and replies not removed; a repeat or an edit moves nothing', async () => {
  const author = await buildUser(t.db);
  const id = newId();
  await t.db
    .insertInto('posts')
    .values({ id, authorId: author.id, kind: 'need', content: 'Water' })
    .execute();
  const counts = () =>
    t.db
      .selectFrom('posts')
      .select(['likeCount', 'commentCount', 'boostCount'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const actor = 'https://social.example/users/zoe';
  const like = {
    postId: id,
    kind: 'like' as const,
    remoteActor: actor,
    host: 'social.example',
    activityId: `${actor}#l1`,
  };
  await t.db.insertInto('postLikes').values({ postId: id, userId: author.id }).execute();
  await t.db
    .insertInto('federationReactions')
    .values([like, { ...like, kind: 'announce', activityId: `${actor}#a1` }])
    .execute();
  // The same Like again (a retry with another id): kept once, counted once.
  await t.db
    .insertInto('federationReactions')
    .values({ ...like, activityId: `${actor}#l2` })
    .onConflict((oc) =>
      oc.columns(['postId', 'kind', 'remoteActor']).doUpdateSet({ activityId: `${actor}#l2` }),
    )
    .execute();
  const reply = (n: number) => ({
    id: newId(),
    objectUri: `${actor}/statuses/${n}`,
    postId: id,
    remoteActor: actor,
    host: 'social.example',
    text: `Reply ${n}`,
    published: new Date(),
  });
  await t.db
    .insertInto('federationRemoteReplies')
    .values([reply(1), reply(2), reply(3)])
    .execute();
  expect(await counts()).toEqual({ likeCount: 2, commentCount: 3, boostCount: 1 });

  // Removed (a tombstone) counts no more; an edit of all of them moves nothing.
  await t.db
    .updateTable('federationRemoteReplies')
    .set({ removedAt: new Date(), text: '' })
    .where('objectUri', '=', `${actor}/statuses/1`)
    .execute();
  await t.db
    .updateTable('federationRemoteReplies')
    .set({ text: 'Edited' })
    .where('postId', '=', id)
    .execute();
  expect(await counts()).toEqual({ likeCount: 2, commentCount: 2, boostCount: 1 });

  // Deleted, the removed one included (an Undo, a remote Delete, a block's purge): only what counted goes.
  await t.db.deleteFrom('federationRemoteReplies').where('postId', '=', id).execute();
  await t.db.deleteFrom('federationReactions').where('postId', '=', id).execute();
  expect(await counts()).toEqual({ likeCount: 1, commentCount: 0, boostCount: 0 });
});
