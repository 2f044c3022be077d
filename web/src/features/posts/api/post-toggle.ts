import type { Post } from '@muster/contract/posts';
import { type MutationFilters, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { holdQueries, isLastPending, markForRefetch, refetchHeld } from '../../../lib/optimistic';
import { findCachedPost, updateCachedPost } from './post-cache';
import { postKeys, postMutationKeys } from './post-keys';

/** A tap on one of a post's toggles: its post, with the state it asks for beside it (`liked`, `saved`). */
type PostToggle = { id: string };

/** The toggles still pending: of one post, or of every post. */
function pendingToggles(id?: string): MutationFilters {
  return {
    mutationKey: postMutationKeys.toggles,
    predicate: (m) => !id || (m.state.variables as PostToggle | undefined)?.id === id,
  };
}

/** The fields of `post` that `change` sets: what a failure puts back. */
function fieldsOf(post: Post, change: Partial<Post>): Partial<Post> {
  return Object.fromEntries(Object.keys(change).map((k) => [k, post[k as keyof Post]]));
}

/**
 * A toggle on a post (like, save): it shows at once everywhere the post is cached, and fast taps
 * settle on the last one (decision 057).
 * - The taps reach the server one after another, in the order made (one scope for every post
 *   toggle), so the last answer is the state of the last tap.
 * - Before the change, fetches of the post lists and of the post's page in flight are cancelled:
 *   an answer read before the write would undo the tap. They are asked again at the end.
 * - The server's post is written, or a failure's fields put back, only by the last pending toggle
 *   of that post: an earlier one would flick a later tap back. After a failure the lists are
 *   asked again too, since what the server holds is then not known.
 * - When no toggle of any post is pending, what was cancelled or failed is fetched again, then
 *   `settled` runs (save: the saved list).
 */
export function usePostToggleMutation<V extends PostToggle>({
  mutationKey,
  flip,
  send,
  change,
  settled,
}: {
  mutationKey: readonly unknown[];
  /** What a tap on the post asks for, given the post as cached. */
  flip: (post: Post) => V;
  send: (toggle: V) => Promise<Post>;
  /** The fields the tap sets, given the post as cached. */
  change: (toggle: V, post: Post) => Partial<Post>;
  settled?: (queryClient: QueryClient) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const held = (id: string) => [{ queryKey: postKeys.lists }, { queryKey: postKeys.detail(id) }];
  const mutation = useMutation({
    mutationKey,
    scope: { id: postMutationKeys.toggles.join('.') },
    mutationFn: send,
    onMutate: async (toggle: V) => {
      await holdQueries(queryClient, ...held(toggle.id));
      const before = findCachedPost(queryClient, toggle.id);
      updateCachedPost(queryClient, toggle.id, (p) => ({ ...p, ...change(toggle, p) }));
      return { undo: before && fieldsOf(before, change(toggle, before)) };
    },
    onSuccess: (post, toggle) => {
      if (isLastPending(queryClient, pendingToggles(toggle.id)))
        updateCachedPost(queryClient, toggle.id, () => post);
    },
    onError: (_error, toggle, context) => {
      const undo = context?.undo;
      if (undo && isLastPending(queryClient, pendingToggles(toggle.id)))
        updateCachedPost(queryClient, toggle.id, (p) => ({ ...p, ...undo }));
      markForRefetch(queryClient, ...held(toggle.id));
    },
    onSettled: () => {
      if (!isLastPending(queryClient, pendingToggles())) return;
      void refetchHeld(queryClient, { queryKey: postKeys.all });
      void settled?.(queryClient);
    },
  });
  return {
    ...mutation,
    /**
     * A tap, read against the post as cached now rather than as last rendered: the cache has the
     * first tap's change at once, so two taps faster than a render still ask for opposite states.
     */
    tap: (post: Post) => mutation.mutate(flip(findCachedPost(queryClient, post._id) ?? post)),
  };
}
