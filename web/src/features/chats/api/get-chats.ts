import type { ChatSummary } from '@muster/contract/chats';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { chatKeys } from './chat-keys';

export async function getChats(): Promise<ChatSummary[]> {
  return (await api.get<{ data: ChatSummary[] }>('/chats')).data;
}

/** Kept fresh by the socket, polled every 30 s while it is down (spec §7); the shell's chat badge reads the same cache. */
export function useChatsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: chatKeys.list(), queryFn: getChats, ...useLiveQueryOptions(), ...options });
}
