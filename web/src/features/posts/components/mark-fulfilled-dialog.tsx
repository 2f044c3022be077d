import type { Post } from '@muster/contract/posts';
import { useId, useState } from 'react';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useUpdatePostMutation } from '../api/update-post';
import { personName } from '../../../lib/person-name';
import { Avatar } from '../../../components/avatar';

/** The author closes a need or want, crediting whichever of the people who offered helped. */
export function MarkFulfilledDialog({
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
      size="sm"
      title="Mark fulfilled"
      description="Close this post: people see it is covered and stop offering."
      showDescription
    >
      {open && <MarkFulfilledForm post={post} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function MarkFulfilledForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const offeredBy = post.offeredBy ?? [];
  const [credited, setCredited] = useState<string[]>([]);
  const update = useUpdatePostMutation();
  const id = useId();
  const toggle = (personId: string, on: boolean) =>
    setCredited((ids) => (on ? [...ids, personId] : ids.filter((i) => i !== personId)));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    update.mutate(
      { id: post._id, changes: { status: 'fulfilled', creditedIds: credited } },
      {
        onSuccess: () => {
          toast.success('Marked as fulfilled');
          onDone();
        },
        onError: (err) =>
          toast.error(errorMessage(err, 'Failed to mark the post fulfilled. Please try again.')),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {offeredBy.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">
            Who helped? <span className="font-normal text-slate-500">(optional)</span>
          </legend>
          <ul className="mt-2 space-y-1">
            {offeredBy.map((p) => {
              const name = personName(p);
              return (
                <li key={p._id}>
                  <label
                    htmlFor={`${id}-${p._id}`}
                    className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50"
                  >
                    <input
                      id={`${id}-${p._id}`}
                      type="checkbox"
                      checked={credited.includes(p._id)}
                      onChange={(e) => toggle(p._id, e.target.checked)}
                      className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                    />
                    <Avatar person={p} className="size-8 shrink-0" />
                    <span className="min-w-0 truncate text-sm text-slate-900">{name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          <p className="mt-2 text-xs text-slate-500">Those you tick are thanked on the post.</p>
        </fieldset>
      ) : (
        <p className="text-sm text-slate-600">
          Nobody has offered help on it yet. You can still mark it fulfilled.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          onClick={onDone}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {update.isPending ? 'Saving...' : 'Mark fulfilled'}
        </button>
      </div>
    </form>
  );
}
