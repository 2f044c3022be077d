import type { Post } from '@muster/contract/posts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export async function getPost(id: string): Promise<Post> {
  return (await api.get<{ data: Post }>(`/posts/${id}`)).data;
}

export function usePostQuery(id: string) {
  return useQuery({ queryKey: postKeys.detail(id), queryFn: () => getPost(id) });
}
