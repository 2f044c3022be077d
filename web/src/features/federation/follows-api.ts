import type { followRemoteSchema, RemoteFollow } from '@muster/contract/federation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { followKeys } from './follows-keys';

/**
 * Whether this server speaks ActivityPub, asked the way any fediverse software asks another
 * server: its NodeInfo discovery document, which the server answers only with FEDERATION on (404
 * otherwise). Same origin as the app; a page that is not a NodeInfo document (a dev server's
 * index.html) counts as no.
 */
export async function federationAvailable(): Promise<boolean> {
  try {
    const response = await fetch('/.well-known/nodeinfo', { headers: { Accept: 'application/json' } });
    if (!response.ok) return false;
    const body = (await response.json()) as { links?: unknown };
    return Array.isArray(body.links) && body.links.length > 0;
  } catch {
    return false;
  }
}

/** Known once per visit: an admin turning federation on or off restarts the server. */
export function useFederationAvailableQuery() {
  return useQuery({
    queryKey: followKeys.available,
    queryFn: federationAvailable,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export async function getRemoteFollows(): Promise<RemoteFollow[]> {
  return (await api.get<{ data: RemoteFollow[] }>('/federation/follows')).data;
}

/** How often a list with a fresh request in it asks again, and for how long after the request. */
export const PENDING_POLL_MS = 4_000;
export const PENDING_POLL_FOR_MS = 10 * 60_000;

/**
 * My remote follows. The other server's Accept arrives at our inbox, not in this tab, so while a
 * request made in the last few minutes is still "Requested" the list asks again every few seconds
 * (Mastodon and Muster accept at once); an older one (a locked account that may never answer)
 * waits for the next visit or focus.
 */
export function useRemoteFollowsQuery() {
  return useQuery({
    queryKey: followKeys.list,
    queryFn: getRemoteFollows,
    refetchInterval: (query) =>
      query.state.data?.some(
        (f) => f.state === 'pending' && Date.now() - Date.parse(f.createdAt) < PENDING_POLL_FOR_MS,
      )
        ? PENDING_POLL_MS
        : false,
  });
}

/** Follows `@user@host`: the follow is stored as requested and the list shows it at once. */
export function useFollowRemoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.infer<typeof followRemoteSchema>) =>
      (await api.post<{ data: RemoteFollow }>('/federation/follows', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followKeys.list }),
  });
}

/** Stops following; the other server is told (Undo) by ours. */
export function useUnfollowRemoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: RemoteFollow) => api.delete(`/federation/follows/${encodeURIComponent(follow.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: followKeys.list }),
  });
}
