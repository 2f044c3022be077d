import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PostsTable } from '../../db/schema.js';
import type { Cursor } from '../../platform/paging.js';

/** Posts with their author and what the viewer did to them, in one query. */
function postsFor(db: Db, viewerId: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as a', 'a.id', 'p.authorId')
    .selectAll('p')
    .select(['a.username', 'a.firstName', 'a.lastName', 'a.headline', 'a.profilePicture'])
    .select((eb) => [
      eb.exists(eb.selectFrom('postLikes as l').select('l.postId').whereRef('l.postId', '=', 'p.id').where('l.userId', '=', viewerId)).as('likedByMe'),
      eb.exists(eb.selectFrom('savedPosts as s').select('s.postId').whereRef('s.postId', '=', 'p.id').where('s.userId', '=', viewerId)).as('savedByMe'),
    ])
    // Blocking hides people from each other everywhere, feeds included.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select('b.blockerId')
            .where((w) =>
              w.or([
                w.and([w('b.blockerId', '=', viewerId), w.eb('b.blockedId', '=', w.ref('p.authorId'))]),
                w.and([w('b.blockedId', '=', viewerId), w.eb('b.blockerId', '=', w.ref('p.authorId'))]),
              ]),
            ),
        ),
      ),
    );
}

export type PostRow = Awaited<ReturnType<typeof findPost>> & object;

export function findPost(db: Db, viewerId: string, id: string) {
  return postsFor(db, viewerId).where('p.id', '=', id).executeTakeFirst();
}

/** Newest first by keyset; one row more than the page says whether another exists. */
export function listPosts(db: Db, viewerId: string, options: { cursor?: Cursor; limit: number; authorId?: string; hashtag?: string; savedBy?: string; kind?: string }) {
  let q = postsFor(db, viewerId);
  if (options.kind) q = q.where('p.kind', '=', options.kind);
  if (options.authorId) q = q.where('p.authorId', '=', options.authorId);
  if (options.hashtag) q = q.where(sql<boolean>`p.hashtags @> array[${options.hashtag}]::text[]`);
  if (options.savedBy) q = q.where((eb) => eb.exists(eb.selectFrom('savedPosts as sv').select('sv.postId').whereRef('sv.postId', '=', 'p.id').where('sv.userId', '=', options.savedBy!)));
  if (options.cursor) {
    // A row comparison walks the (created_at, id) index straight from the cursor, however deep.
    q = q.where(sql<boolean>`(p.created_at, p.id) < (${options.cursor.createdAt}, ${options.cursor.id}::uuid)`);
  }
  return q.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(sql.lit(options.limit + 1)).execute();
}

export async function insertPost(db: Db, row: Insertable<PostsTable>) {
  await db.insertInto('posts').values(row).execute();
  if (row.hashtags?.length) {
    await db
      .insertInto('postHashtags')
      .values(row.hashtags.map((tag) => ({ postId: row.id, tag, kind: row.kind, createdAt: new Date() })))
      .execute();
  }
}

export async function updatePost(db: Db, id: string, changes: Updateable<PostsTable>) {
  await db.updateTable('posts').set({ ...changes, updatedAt: new Date() }).where('id', '=', id).execute();
  if (changes.hashtags) {
    await db.deleteFrom('postHashtags').where('postId', '=', id).execute();
    const post = await db.selectFrom('posts').select(['kind', 'createdAt']).where('id', '=', id).executeTakeFirstOrThrow();
    if (changes.hashtags.length) {
      await db
        .insertInto('postHashtags')
        .values(changes.hashtags.map((tag) => ({ postId: id, tag, kind: post.kind, createdAt: post.createdAt })))
        .execute();
    }
  }
}

export function deletePost(db: Db, id: string) {
  return db.deleteFrom('posts').where('id', '=', id).execute();
}

/** Likes once per person; the counter moves only when a row really went in or out. */
export async function addLike(db: Db, postId: string, userId: string) {
  const added = await db.insertInto('postLikes').values({ postId, userId }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) {
    await db.updateTable('posts').set((eb) => ({ likeCount: eb('likeCount', '+', 1) })).where('id', '=', postId).execute();
    return true;
  }
  return false;
}

export async function removeLike(db: Db, postId: string, userId: string) {
  const removed = await db.deleteFrom('postLikes').where('postId', '=', postId).where('userId', '=', userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) {
    await db.updateTable('posts').set((eb) => ({ likeCount: eb('likeCount', '-', 1) })).where('id', '=', postId).execute();
  }
}

export function addSave(db: Db, postId: string, userId: string) {
  return db.insertInto('savedPosts').values({ postId, userId }).onConflict((oc) => oc.doNothing()).execute();
}

export function removeSave(db: Db, postId: string, userId: string) {
  return db.deleteFrom('savedPosts').where('postId', '=', postId).where('userId', '=', userId).execute();
}

/** Tags I have used before, most used first: the composer suggests them. */
export function historicalHashtags(db: Db, userId: string) {
  return db
    .selectFrom('postHashtags as h')
    .innerJoin('posts as p', 'p.id', 'h.postId')
    .select(['h.tag', (eb) => eb.fn.countAll<number>().as('count')])
    .where('p.authorId', '=', userId)
    .groupBy('h.tag')
    .orderBy('count', 'desc')
    .limit(sql.lit(100))
    .execute();
}

/** Most used over the last 7 days, split into posts, needs and provisions. */
export function trendingHashtags(db: Db, limit: number) {
  return db
    .selectFrom('postHashtags')
    .select((eb) => [
      'tag',
      eb.fn.countAll<number>().as('count'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'need').as('needCount'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'provision').as('provisionCount'),
    ])
    .where('createdAt', '>', new Date(Date.now() - 7 * 86_400_000))
    .groupBy('tag')
    .orderBy('count', 'desc')
    .orderBy('tag')
    .limit(sql.lit(limit))
    .execute();
}

export function listComments(db: Db, postId: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as a', 'a.id', 'c.authorId')
    .select(['c.id', 'c.postId', 'c.parentId', 'c.content', 'c.createdAt', 'c.authorId', 'a.username', 'a.firstName', 'a.lastName', 'a.headline', 'a.profilePicture'])
    .where('c.postId', '=', postId)
    .orderBy('c.createdAt')
    .orderBy('c.id')
    .limit(sql.lit(500))
    .execute();
}

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

export function findComment(db: Db, id: string) {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertComment(db: Db, row: { id: string; postId: string; authorId: string; parentId: string | null; content: string }) {
  await db.insertInto('comments').values(row).execute();
  await db.updateTable('posts').set((eb) => ({ commentCount: eb('commentCount', '+', 1) })).where('id', '=', row.postId).execute();
}

/** Deletes a comment and its replies, and takes them all off the post's count. */
export async function deleteComment(db: Db, postId: string, id: string) {
  const removed = await db.deleteFrom('comments').where((eb) => eb.or([eb('id', '=', id), eb('parentId', '=', id)])).executeTakeFirst();
  await db
    .updateTable('posts')
    .set((eb) => ({ commentCount: eb('commentCount', '-', Number(removed.numDeletedRows)) }))
    .where('id', '=', postId)
    .execute();
}

export function findUserIdByUsername(db: Db, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}

export function followHashtag(db: Db, userId: string, tag: string) {
  return db.insertInto('hashtagFollows').values({ userId, tag }).onConflict((oc) => oc.doNothing()).execute();
}

export function unfollowHashtag(db: Db, userId: string, tag: string) {
  return db.deleteFrom('hashtagFollows').where('userId', '=', userId).where('tag', '=', tag).execute();
}

export function followedHashtags(db: Db, userId: string) {
  return db.selectFrom('hashtagFollows').select('tag').where('userId', '=', userId).orderBy('tag').execute();
}
