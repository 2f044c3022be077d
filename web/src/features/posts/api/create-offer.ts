import type { CreateOfferInput, Offer } from '@muster/contract/offers';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './get-posts';
import { updateCachedPost } from './post-cache';

export async function createOffer({ postId, offer }: { postId: string; offer: CreateOfferInput }): Promise<Offer> {
  return (await api.post<{ data: Offer }>(`/posts/${encodeURIComponent(postId)}/offers`, offer)).data;
}

/**
 * Whether I offered help on the post, as far as this tab knows: set when my offer goes through, or
 * when the server answers that I already offered (409). A post says who offered only to its author,
 * so before either, a card cannot know, and the dialog learns it from the server's 409.
 */
const offeredKey = (postId: string) => ['offers', 'offered-on', postId] as const;

export function markOffered(queryClient: QueryClient, postId: string) {
  queryClient.setQueryData(offeredKey(postId), true);
}

/** True once this tab knows I offered on the post; never fetches. */
export function useOfferedByMe(postId: string): boolean {
  return useQuery({ queryKey: offeredKey(postId), queryFn: () => false, enabled: false, staleTime: Infinity, gcTime: Infinity }).data === true;
}

/** Offer help on someone's open need or want; its author is notified. */
export function useCreateOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: (_offer, { postId }) => {
      markOffered(queryClient, postId);
      // "N offers" on the card counts at once; the server's count comes with the next fetch.
      updateCachedPost(queryClient, postId, (post) => ({ ...post, offerCount: (post.offerCount ?? 0) + 1 }));
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    },
  });
}
