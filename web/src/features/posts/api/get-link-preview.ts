import type { LinkPreview } from '@muster/contract/posts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export async function getLinkPreview(url: string): Promise<LinkPreview> {
  return (await api.get<{ data: LinkPreview }>(`/link-preview?url=${encodeURIComponent(url)}`)).data;
}

/** A link's preview, fetched by the server; none when it cannot be previewed. */
export function useLinkPreviewQuery(url: string | undefined) {
  return useQuery({
    queryKey: postKeys.linkPreview(url),
    queryFn: () => getLinkPreview(url!),
    enabled: !!url,
    retry: 0,
    staleTime: Infinity,
  });
}
