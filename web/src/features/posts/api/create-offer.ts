import type { CreateOfferInput, Offer } from '@muster/contract/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markOffered } from '../../../lib/offered-marks';
import { announcePushMoment } from '../../../lib/push-moment';
import { postKeys } from './post-keys';
import { updateCachedPost } from './post-cache';

export async function createOffer({
  postId,
  offer,
}: {
  postId: string;
  offer: CreateOfferInput;
}): Promise<Offer> {
  return (await api.post<{ data: Offer }>(`/posts/${encodeURIComponent(postId)}/offers`, offer)).data;
}

/** Offer help on someone's open need or want; its author is notified, and the helper may want push (decision 064). */
export function useCreateOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: (_offer, { postId }) => {
      markOffered(queryClient, postId);
      // "N offers" on the card counts at once; the server's count comes with the next fetch.
      updateCachedPost(queryClient, postId, (post) => ({ ...post, offerCount: (post.offerCount ?? 0) + 1 }));
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
      announcePushMoment();
    },
  });
}
