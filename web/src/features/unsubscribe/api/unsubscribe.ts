import type { UnsubscribeState } from '@muster/contract/unsubscribe';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unsubscribeKeys } from './unsubscribe-keys';

const address = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

export async function getUnsubscribe(token: string): Promise<UnsubscribeState> {
  return (await api.get<{ data: UnsubscribeState }>(address(token))).data;
}

export async function postUnsubscribe(token: string): Promise<UnsubscribeState> {
  return (await api.post<{ data: UnsubscribeState }>(address(token))).data;
}

/**
 * What a link stops; reading it changes nothing. A refused link (400, 404) is an answer, not a
 * blip: it is not asked again.
 */
export function useUnsubscribeQuery(token: string) {
  return useQuery({
    queryKey: unsubscribeKeys.link(token),
    queryFn: () => getUnsubscribe(token),
    retry: false,
    enabled: token !== '',
  });
}

/** The page's button: the one request that stops the mail. Its answer is the link's new state. */
export function useUnsubscribeMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postUnsubscribe(token),
    onSuccess: (state) => queryClient.setQueryData(unsubscribeKeys.link(token), state),
  });
}
