import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { holdQueries, isLastPending, markForRefetch, refetchHeld } from '../../../lib/optimistic';
import { postKeys, postMutationKeys } from './post-keys';

export async function getFollowedHashtags(): Promise<string[]> {
  return (await api.get<{ data: string[] }>('/hashtags/followed')).data;
}

export function useFollowedHashtagsQuery() {
  return useQuery({ queryKey: postKeys.followedHashtags, queryFn: getFollowedHashtags });
}

export async function setFollowed(tag: string, follow: boolean): Promise<string[]> {
  const url = `/hashtags/${encodeURIComponent(tag)}/follow`;
  return (await (follow ? api.post<{ data: string[] }>(url) : api.delete<{ data: string[] }>(url))).data;
}

/**
 * Optimistic: the button flips at once; the server's list then settles it. The list is one
 * answer for every tag, so the taps go one after another and only the last one's answer, or
 * rollback, is written: an earlier one would flick a later tap back (decision 057).
 */
export function useFollowHashtagMutation() {
  const queryClient = useQueryClient();
  const followed = { queryKey: postKeys.followedHashtags };
  const pending = { mutationKey: postMutationKeys.followHashtag };
  const mutation = useMutation({
    mutationKey: postMutationKeys.followHashtag,
    scope: { id: postMutationKeys.followHashtag.join('.') },
    mutationFn: ({ tag, follow }: { tag: string; follow: boolean }) => setFollowed(tag, follow),
    onMutate: async ({ tag, follow }) => {
      await holdQueries(queryClient, followed);
      const previous = queryClient.getQueryData<string[]>(postKeys.followedHashtags);
      queryClient.setQueryData<string[]>(postKeys.followedHashtags, (list = []) =>
        follow ? [...new Set([...list, tag])] : list.filter((t) => t !== tag),
      );
      return { previous };
    },
    onSuccess: (list) => {
      if (isLastPending(queryClient, pending)) queryClient.setQueryData(postKeys.followedHashtags, list);
    },
    onError: (_error, _toggle, context) => {
      if (context?.previous && isLastPending(queryClient, pending))
        queryClient.setQueryData(postKeys.followedHashtags, context.previous);
      markForRefetch(queryClient, followed);
    },
    onSettled: () => {
      if (isLastPending(queryClient, pending)) void refetchHeld(queryClient, followed);
    },
  });
  return {
    ...mutation,
    /** A tap, read against the list as cached now: two taps faster than a render still alternate. */
    tap: (tag: string) =>
      mutation.mutate({
        tag,
        follow: !queryClient.getQueryData<string[]>(postKeys.followedHashtags)?.includes(tag),
      }),
  };
}
