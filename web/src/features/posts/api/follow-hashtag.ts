import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const followedKey = ['hashtags', 'followed'] as const;

export async function getFollowedHashtags(): Promise<string[]> {
  return (await api.get<{ data: string[] }>('/hashtags/followed')).data;
}

export function useFollowedHashtagsQuery() {
  return useQuery({ queryKey: followedKey, queryFn: getFollowedHashtags });
}

export async function setFollowed(tag: string, follow: boolean): Promise<string[]> {
  const url = `/hashtags/${encodeURIComponent(tag)}/follow`;
  return (await (follow ? api.post<{ data: string[] }>(url) : api.delete<{ data: string[] }>(url))).data;
}

/** Optimistic: the button flips at once; the server's list then settles it. */
export function useFollowHashtagMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, follow }: { tag: string; follow: boolean }) => setFollowed(tag, follow),
    onMutate: ({ tag, follow }) =>
      queryClient.setQueryData<string[]>(followedKey, (list = []) =>
        follow ? [...new Set([...list, tag])] : list.filter((t) => t !== tag),
      ),
    onSuccess: (list) => queryClient.setQueryData(followedKey, list),
    onError: () => queryClient.invalidateQueries({ queryKey: followedKey }),
  });
}
