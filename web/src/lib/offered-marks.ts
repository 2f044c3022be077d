import { type QueryClient, useQuery } from '@tanstack/react-query';
import { sharedKeys } from './query-keys';

/**
 * Whether I offered help on a post, as far as this tab knows. A post says who offered only to its
 * author (decision 034), so the posts feature marks it when my offer goes through or the server
 * answers that I already offered (409), and the offers feature forgets it when I withdraw. Here,
 * not in either feature, because both write it (a web feature never imports another).
 */
export function markOffered(queryClient: QueryClient, postId: string) {
  queryClient.setQueryData(sharedKeys.offered(postId), true);
}

export function forgetOffered(queryClient: QueryClient, postId: string) {
  queryClient.removeQueries({ queryKey: sharedKeys.offered(postId), exact: true });
}

/** True once this tab knows I offered on the post; never fetches. */
export function useOfferedByMe(postId: string): boolean {
  return (
    useQuery({
      queryKey: sharedKeys.offered(postId),
      queryFn: () => false,
      enabled: false,
      staleTime: Infinity,
      gcTime: Infinity,
    }).data === true
  );
}
