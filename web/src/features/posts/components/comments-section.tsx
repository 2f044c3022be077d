import {
  type Comment,
  COMMENT_MAX,
  createCommentSchema,
  type LocalComment,
  type RemoteComment,
} from '@muster/contract/posts';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { paths } from '../../../lib/paths';
import { timeAgo } from '../../../lib/time';
import { useAddCommentMutation, useCommentsQuery, useDeleteCommentMutation } from '../api/comments';
import { RichText } from './rich-text';
import { Avatar } from '../../../components/avatar';
import { VerifiedBadge } from '../../../components/verified-badge';
import { HiddenBanner, hiddenReasonOf } from '../../../components/hidden-banner';
import { ReportButton } from '../../../components/report-button';
import { useSessionQuery } from '../../../lib/session';

/** Who wrote it, as a screen reader hears it in a button's label. */
const writerOf = (c: Comment) =>
  c.remote ? `${c.remote.name} (${c.remote.handle})` : `${c.author.firstName} ${c.author.lastName}`.trim();

function CommentForm({
  postId,
  parentId,
  placeholder,
  onDone,
}: {
  postId: string;
  parentId?: string;
  placeholder: string;
  onDone?: () => void;
}) {
  const [text, setText] = useState('');
  const form = useContractForm({ id: `comment-${postId}-${parentId ?? 'top'}`, fields: ['content'] });
  const add = useAddCommentMutation(postId);
  return (
    <form
      className="flex items-start gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        const comment = form.check(createCommentSchema, { content: text, ...(parentId ? { parentId } : {}) });
        if (!comment) return;
        add.mutate(comment, {
          onSuccess: () => {
            setText('');
            onDone?.();
          },
          onError: (err) => {
            form.refused(err);
            toast.error(errorMessage(err, 'Failed to post your comment'));
          },
        });
      }}
    >
      <div className="min-w-0 flex-1">
        <label className="sr-only" htmlFor={form.fieldId('content')}>
          {placeholder}
        </label>
        <input
          id={form.fieldId('content')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          maxLength={COMMENT_MAX}
          {...form.aria('content')}
          className="w-full rounded-full border border-slate-300 px-4 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <FieldError form={form} field="content" className="mt-1 px-4 text-xs text-red-600" />
        <FormError form={form} />
      </div>
      <button
        type="submit"
        disabled={!text.trim() || add.isPending}
        className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {add.isPending ? 'Posting...' : parentId ? 'Reply' : 'Post'}
      </button>
    </form>
  );
}

/**
 * Delete, after a confirm: a comment for its author or the post's author, a reply from another
 * server for the post's author or a moderator (the server checks the same).
 */
function DeleteComment({ postId, comment }: { postId: string; comment: Comment }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCommentMutation(postId);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-xs font-semibold text-slate-600 hover:text-red-600"
        aria-label={`Delete ${comment.remote ? 'reply' : 'comment'} by ${writerOf(comment)}`}
      >
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={comment.remote ? 'Delete reply?' : 'Delete comment?'}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        description={
          comment.remote
            ? `This reply from ${comment.remote.server} will be removed here for everyone. It stays on its own server.`
            : comment.parentId
              ? 'This reply will be removed for everyone.'
              : 'This comment and its replies will be removed for everyone.'
        }
        onConfirm={() =>
          remove.mutate(comment._id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(comment.remote ? 'Reply deleted' : 'Comment deleted');
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to delete the comment')),
          })
        }
      />
    </>
  );
}

/**
 * A reply from another server (decision 091): its author's name, handle and a "via" badge naming
 * their server, its text as plain text (never HTML), and a link to the original where it was written.
 */
function RemoteCommentItem({ comment, action }: { comment: RemoteComment; action?: React.ReactNode }) {
  const { remote } = comment;
  return (
    <li className="flex gap-2.5">
      <span
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600"
        aria-hidden="true"
      >
        <Globe className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2">
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
            <a
              href={remote.profileUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-sm font-semibold text-slate-900 hover:underline"
            >
              {remote.name}
            </a>
            <span className="min-w-0 break-all text-xs text-slate-500">{remote.handle}</span>
            <span className="rounded-full bg-sky-50 px-2 py-0.5 text-[11px] font-medium text-sky-800 ring-1 ring-sky-200">
              via {remote.server}
            </span>
          </p>
          <p className="whitespace-pre-line break-words text-sm text-slate-800">{comment.content}</p>
        </div>
        <p className="ml-3 mt-0.5 flex flex-wrap items-center gap-3 text-xs text-slate-500">
          <span>{timeAgo(comment.createdAt)} ago</span>
          <a
            href={remote.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-semibold text-slate-600 hover:text-slate-900 hover:underline"
            aria-label={`See the original reply on ${remote.server} (opens in a new tab)`}
          >
            Original
          </a>
          {action}
        </p>
      </div>
    </li>
  );
}

function CommentItem({
  comment,
  action,
  children,
}: {
  comment: LocalComment;
  action?: React.ReactNode;
  children?: React.ReactNode;
}) {
  // Sent only to its author when moderators hid it (issue 35): say so, and why.
  const hiddenReason = hiddenReasonOf(comment);
  return (
    <li className="flex gap-2.5">
      <Avatar person={comment.author} className="mt-0.5 size-8 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2">
          <Link
            to={paths.profile(comment.author.username)}
            className="text-sm font-semibold text-slate-900 hover:underline"
          >
            {comment.author.firstName} {comment.author.lastName}
          </Link>
          <VerifiedBadge organisation={comment.author.verifiedOrg} />
          <p className="whitespace-pre-line break-words text-sm text-slate-800">
            <RichText text={comment.content} />
          </p>
        </div>
        {hiddenReason && <HiddenBanner reason={hiddenReason} className="mt-1" />}
        <p className="ml-3 mt-0.5 flex items-center gap-3 text-xs text-slate-500">
          {timeAgo(comment.createdAt)} ago{action}
        </p>
        {children}
      </div>
    </li>
  );
}

/**
 * Comments with one level of replies, and replies from other servers among them (top level, in
 * time order). With the viewer and the post's author known, a comment offers Delete to whoever may
 * remove it: its author or the post's author; a remote reply, the post's author or a moderator.
 */
export function CommentsSection({
  postId,
  postAuthorId,
  viewerId,
}: {
  postId: string;
  postAuthorId?: string;
  viewerId?: string;
}) {
  const comments = useCommentsQuery(postId);
  const role = useSessionQuery().data?.role;
  const staff = role === 'moderator' || role === 'admin';
  const canDelete = (c: Comment) =>
    !!viewerId && (postAuthorId === viewerId || (c.remote ? staff : c.author._id === viewerId));
  // Delete for whoever may remove it; Report on someone else's comment (issue 35) or a remote reply.
  const deleteOf = (c: Comment) => (
    <>
      {canDelete(c) && <DeleteComment postId={postId} comment={c} />}
      {!!viewerId && !c.remote && c.author._id !== viewerId && (
        <ReportButton
          targetType="comment"
          targetId={c._id}
          subject="this comment"
          label={`Report comment by ${writerOf(c)}`}
          text="always"
          className="inline-flex items-center gap-1 text-xs font-semibold text-slate-600 hover:text-red-700"
        />
      )}
      {/* A reply from elsewhere is reported to its own server's moderators (decision 094). */}
      {!!viewerId && c.remote && (
        <ReportButton
          remote={{ objectId: c.remote.objectId, server: c.remote.server }}
          subject="this reply"
          label={`Report reply by ${writerOf(c)}`}
          text="always"
          className="inline-flex items-center gap-1 text-xs font-semibold text-slate-600 hover:text-red-700"
        />
      )}
    </>
  );
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const list = comments.data ?? [];
  const top = list.filter((c) => !c.parentId);

  return (
    <section aria-label="Comments" className="space-y-3 border-t border-slate-100 px-4 py-3 sm:px-5">
      <CommentForm postId={postId} placeholder="Write a comment…" />
      {comments.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading comments…
        </p>
      )}
      <ul className="space-y-3">
        {top.map((c) =>
          c.remote ? (
            <RemoteCommentItem key={c._id} comment={c} action={deleteOf(c)} />
          ) : (
            <CommentItem key={c._id} comment={c} action={deleteOf(c)}>
              <ul className="mt-2 space-y-2">
                {list
                  .filter((r): r is LocalComment => r.parentId === c._id && !r.remote)
                  .map((r) => (
                    <CommentItem key={r._id} comment={r} action={deleteOf(r)} />
                  ))}
              </ul>
              {replyingTo === c._id ? (
                <div className="mt-2">
                  <CommentForm
                    postId={postId}
                    parentId={c._id}
                    placeholder="Write a reply…"
                    onDone={() => setReplyingTo(null)}
                  />
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() => setReplyingTo(c._id)}
                  className="ml-3 mt-1 text-xs font-semibold text-slate-600 hover:text-slate-900"
                >
                  Reply
                </button>
              )}
            </CommentItem>
          ),
        )}
      </ul>
    </section>
  );
}
