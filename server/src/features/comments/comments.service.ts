import { extractMentions } from '@muster/contract/mentions';
import { hasRole } from '@muster/contract/moderation';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden, isGoneUnderUs, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inTransaction } from '../../platform/transaction.js';
import { presentComment, presentRemoteComment, type RemoteReplyRow } from './comments.present.js';
import {
  deleteComment,
  findComment,
  findReadablePost,
  insertComment,
  listComments,
  setCommentHidden,
} from './comments.queries.js';

/*
 * A comment changes its post's count, which the posts feature's shared post texts hold: it listens
 * for comment.created and comment.removed and empties them (decision 058).
 */

/**
 * Replies to a post from other servers (decision 091): the federation feature's, handed over in
 * app.ts. `list` leaves out the removed, those of a blocked server and those by someone the viewer
 * blocked there; the caller has checked that the viewer may read the post.
 */
export type RemoteReplies = {
  list: (db: Db, postId: string, viewerId: string) => Promise<RemoteReplyRow[]>;
  find: (
    db: Db,
    postId: string,
    id: string,
  ) => Promise<{ id: string; host: string; objectUri: string } | undefined>;
  remove: (db: Db, id: string, byId: string) => Promise<boolean>;
};

/** The moderation feature's audit log (handed over in app.ts): a moderator's removal of a remote reply. */
export type RecordAudit = (
  trx: Db,
  entry: {
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    subjectId: string;
    reason: string;
    details: Record<string, unknown>;
  },
) => Promise<string>;

/** At most this many comments in a post's list (listComments' limit), both sources together. */
const COMMENTS_SHOWN = 500;

async function visiblePost(deps: Deps, viewerId: string, id: string) {
  const post = await findReadablePost(deps.db, viewerId, id);
  // Missing, and hidden by a block, answer the same.
  if (!post) throw notFound('This post no longer exists');
  return post;
}

/**
 * A post's comments, oldest first, with replies: only on a post the viewer may read. Replies from
 * other servers sit among them in the same order (when, then id), whoever may read the post may
 * read them (decision 091).
 */
export async function commentsOf(
  deps: Deps,
  viewer: Viewer | null,
  postId: string,
  remoteReplies: RemoteReplies,
) {
  const me = requireViewer(viewer);
  await visiblePost(deps, me.id, postId);
  const [local, remote] = await Promise.all([
    listComments(deps.db, me.id, postId),
    remoteReplies.list(deps.db, postId, me.id),
  ]);
  if (!remote.length) return local.map(presentComment);
  return [...local.map(presentComment), ...remote.map(presentRemoteComment)]
    .sort((a, b) =>
      a.createdAt === b.createdAt ? (a._id < b._id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
    )
    .slice(0, COMMENTS_SHOWN);
}

/** A comment, or a reply to a top-level comment of the same post (one level only). */
export async function addComment(
  deps: Deps,
  viewer: Viewer | null,
  postId: string,
  input: { content: string; parentId?: string | undefined },
) {
  const me = requireViewer(viewer);
  const post = await visiblePost(deps, me.id, postId);
  let parentAuthorId: string | null = null;
  if (input.parentId) {
    // A comment by someone blocked either way is not there for me, to read or to answer.
    const parent = await findComment(deps.db, input.parentId, me.id);
    if (!parent || parent.postId !== postId) throw notFound('That comment no longer exists');
    if (parent.parentId)
      throw badRequest('Replies go to a comment, not to another reply', [
        { path: 'parentId', message: 'Reply to the comment instead' },
      ]);
    parentAuthorId = parent.authorId;
  }
  const id = newId();
  // The comment and the notices it causes commit together.
  await inTransaction(deps.db, async (trx) => {
    await insertComment(trx, {
      id,
      postId,
      authorId: me.id,
      parentId: input.parentId ?? null,
      content: input.content,
    }).catch((err: unknown) => {
      if (!isGoneUnderUs(err)) throw err;
      const parentGone = (err as { constraint?: string }).constraint === 'comments_parent_id_fkey';
      throw notFound(parentGone ? 'That comment no longer exists' : 'This post no longer exists');
    });
    await deps.events.emit(trx, 'comment.created', {
      postId,
      commentId: id,
      postAuthorId: post.authorId,
      commenterId: me.id,
      content: input.content,
      parentAuthorId,
    });
    // A watched word or domain files it for a moderator's review (decision 072); it is published all the same.
    await deps.events.emit(trx, 'content.written', {
      targetType: 'comment',
      targetId: id,
      authorId: me.id,
      text: input.content,
      held: false,
    });
    // The people it names by @username are told (issue 34), once per comment, if they may read the post.
    const usernames = extractMentions(input.content);
    if (usernames.length)
      await deps.events.emit(trx, 'mention.made', {
        authorId: me.id,
        postId,
        commentId: id,
        usernames,
        text: input.content,
      });
  });
  const created = (await listComments(deps.db, me.id, postId)).find((c) => c.id === id)!;
  return presentComment(created);
}

/**
 * The comment's author or the post's author may remove a comment (and its replies). A reply from
 * another server has no author here: the post's author or a moderator removes it (decision 091),
 * a moderator's removal in the audit log.
 */
export async function removeComment(
  deps: Deps,
  viewer: Viewer | null,
  postId: string,
  commentId: string,
  remote: { replies: RemoteReplies; audit: RecordAudit },
) {
  const me = requireViewer(viewer);
  const post = await visiblePost(deps, me.id, postId);
  const comment = await findComment(deps.db, commentId);
  if (!comment) {
    const reply = await remote.replies.find(deps.db, postId, commentId);
    if (!reply) throw notFound('That comment no longer exists');
    const moderating = post.authorId !== me.id;
    if (moderating && !hasRole(me.role, 'moderator'))
      throw forbidden('Only the post’s author or a moderator can remove a reply from another server');
    await inTransaction(deps.db, async (trx) => {
      // Removed by someone else a moment before: nothing more to do.
      if (!(await remote.replies.remove(trx, commentId, me.id))) return;
      if (moderating)
        await remote.audit(trx, {
          actorId: me.id,
          action: 'comment.remote_remove',
          targetType: 'post',
          targetId: postId,
          subjectId: post.authorId,
          reason: `A reply from ${reply.host} removed`,
          details: { host: reply.host, reply: reply.objectUri },
        });
      await deps.events.emit(trx, 'comment.removed', { postId, commentId });
    });
    return;
  }
  if (comment.postId !== postId) throw notFound('That comment no longer exists');
  if (comment.authorId !== me.id && post.authorId !== me.id)
    throw forbidden('Only its author or the post’s author can remove a comment');
  await inTransaction(deps.db, async (trx) => {
    await deleteComment(trx, commentId);
    await deps.events.emit(trx, 'comment.removed', { postId, commentId });
  });
}

/**
 * A moderator's decision on a comment (issue 35 item 3, decision 071), in the moderator's
 * transaction: hidden or shown again by its `hidden_reason`, or deleted with its replies as its
 * author's removal does (the post's count follows by trigger). Each says comment.created or
 * comment.removed's part: the posts feature drops the post texts it keeps.
 */
export function subscribeModeratedComments(deps: Deps) {
  const decided = async (trx: Db, postId: string, commentId: string) =>
    deps.events.emit(trx, 'comment.removed', { postId, commentId });
  deps.events.within('moderation.content_hidden', async (trx, { targetType, targetId, reason }) => {
    if (targetType !== 'comment') return;
    const comment = await setCommentHidden(trx, targetId, reason);
    if (comment) await decided(trx, comment.postId, targetId);
  });
  deps.events.within('moderation.content_restored', async (trx, { targetType, targetId }) => {
    if (targetType !== 'comment') return;
    await setCommentHidden(trx, targetId, null);
  });
  deps.events.within('moderation.content_deleted', async (trx, { targetType, targetId }) => {
    if (targetType !== 'comment') return;
    const comment = await findComment(trx, targetId);
    if (!comment) return;
    await deleteComment(trx, targetId);
    await decided(trx, comment.postId, targetId);
  });
}
