import {
  CATEGORY_MAX,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  type Post,
  updatePostSchema,
} from '@muster/contract/posts';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useUpdatePostMutation } from '../api/update-post';

/**
 * The author's edit of a post (PRODUCT.md "Post card": the author can edit): title and text, and
 * the category of a need, want or offer. Checked with the server's own schema before it is sent.
 */
export function EditPostDialog({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Edit post"
      description="Change the title, the text or the category."
      size="lg"
    >
      {/* Mounted only while open, so each opening starts from the post as it is now. */}
      {open && <EditPostForm post={post} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const hasCategory = post.kind === 'need' || post.kind === 'want' || post.kind === 'provision';
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [category, setCategory] = useState(post.category ?? '');
  const form = useContractForm({ id: `edit-${post._id}`, fields: ['category', 'title', 'content'] });
  const update = useUpdatePostMutation();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const changes = form.check(updatePostSchema, { title, content, ...(hasCategory ? { category } : {}) });
    // A need, want or offer keeps a category (as when it was created): said with the schema's messages.
    if (hasCategory && !category.trim()) return form.setError('category', 'Choose a category');
    if (!changes) return;
    update.mutate(
      { id: post._id, changes },
      {
        onSuccess: () => {
          toast.success('Post updated');
          onDone();
        },
        onError: (err) => {
          form.refused(err);
          toast.error(errorMessage(err, 'Failed to update the post'));
        },
      },
    );
  }

  const input =
    'mt-1 block w-full rounded-lg border px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
  const border = (f: 'title' | 'content' | 'category') =>
    form.errors[f] ? 'border-red-400' : 'border-slate-300';

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {hasCategory && (
        <div>
          <label htmlFor={`edit-${post._id}-category`} className="block text-sm font-medium text-slate-700">
            Category
          </label>
          <input
            id={`edit-${post._id}-category`}
            className={`${input} ${border('category')}`}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            maxLength={CATEGORY_MAX}
            {...form.aria('category')}
          />
          <FieldError form={form} field="category" />
        </div>
      )}
      <div>
        <label htmlFor={`edit-${post._id}-title`} className="block text-sm font-medium text-slate-700">
          Title <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={`edit-${post._id}-title`}
          className={`${input} ${border('title')}`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={POST_TITLE_MAX}
          {...form.aria('title')}
        />
        <FieldError form={form} field="title" />
      </div>
      <div>
        <label htmlFor={`edit-${post._id}-content`} className="block text-sm font-medium text-slate-700">
          Text
        </label>
        <textarea
          id={`edit-${post._id}-content`}
          className={`${input} ${border('content')} min-h-32`}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={POST_CONTENT_MAX}
          {...form.aria('content')}
        />
        <FieldError form={form} field="content" />
      </div>
      <FormError form={form} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
        <button
          type="button"
          onClick={onDone}
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
