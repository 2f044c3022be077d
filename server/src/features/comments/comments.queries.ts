import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { contentShownTo, hiddenEitherWay, postVisibleTo } from '../../social/social.queries.js';

/*
 * Comments and replies on posts (one level deep). The comments feature owns `comments`; a post's
 * comment count is the database's to keep (migration 0013's triggers), so each write here is one
 * statement, and the posts feature drops the post texts it keeps when it hears of the change.
 */

/**
 * The post commented on, when the viewer may read it (postVisibleTo): its author, for the notice.
 * Missing, and hidden by a block or a members-only mission, answer the same.
 */
export function findReadablePost(db: Db, viewerId: string, postId: string) {
  return db
    .selectFrom('posts as p')
    .select(['p.id', 'p.authorId'])
    .where('p.id', '=', postId)
    .where(postVisibleTo(viewerId, 'p'))
    .executeTakeFirst();
}

/**
 * A post's comments as one viewer sees them: without those of people blocked either way, nor the
 * replies under such a comment (a thread goes with its head).
 */
export function listComments(db: Db, viewerId: string, postId: string) {
  return (
    db
      .selectFrom('comments as c')
      .innerJoin('users as a', 'a.id', 'c.authorId')
      .select([
        'c.id',
        'c.postId',
        'c.parentId',
        'c.content',
        'c.createdAt',
        'c.authorId',
        'c.hiddenReason',
        'a.username',
        'a.firstName',
        'a.lastName',
        'a.headline',
        'a.profilePicture',
        'a.verifiedOrg',
      ])
      .where('c.postId', '=', postId)
      .where(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('c.author_id'))}`)
      // A comment a moderator hid is its author's alone (decision 071), and its replies go with it.
      .where(contentShownTo(viewerId, 'c'))
      .where(
        sql<boolean>`not exists (select 1 from comments head where head.id = c.parent_id
        and (${hiddenEitherWay(viewerId, sql.ref('head.author_id'))} or not ${contentShownTo(viewerId, 'head')}))`,
      )
      .orderBy('c.createdAt')
      .orderBy('c.id')
      .limit(sql.lit(500))
      .execute()
  );
}

export type CommentRow = Awaited<ReturnType<typeof listComments>>[number];

/** A comment; with `viewerId`, only if its author is not blocked either way and it is not hidden from them (one cannot reply to the hidden). */
export function findComment(db: Db, id: string, viewerId?: string) {
  let q = db.selectFrom('comments as c').selectAll('c').where('c.id', '=', id);
  if (viewerId !== undefined)
    q = q
      .where(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('c.author_id'))}`)
      .where(contentShownTo(viewerId, 'c'));
  return q.executeTakeFirst();
}

/** A moderator's decision on the comment (issue 35 item 3): hidden with the reason, or shown (null). */
export function setCommentHidden(db: Db, id: string, reason: string | null) {
  return db
    .updateTable('comments')
    .set({ hiddenReason: reason })
    .where('id', '=', id)
    .returning(['postId'])
    .executeTakeFirst();
}

/** One statement: the post's comment count follows by trigger (migration 0013). */
export function insertComment(
  db: Db,
  row: { id: string; postId: string; authorId: string; parentId: string | null; content: string },
) {
  return db.insertInto('comments').values(row).execute();
}

/** Deletes a comment and its replies in one statement; the trigger takes them all off the post's count. */
export function deleteComment(db: Db, id: string) {
  return db
    .deleteFrom('comments')
    .where((eb) => eb.or([eb('id', '=', id), eb('parentId', '=', id)]))
    .execute();
}
