import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeEvent } from '../../lib/realtime/events';
import { noteNewFeedPost } from './api/new-feed-posts';

/** A post in my network: the home feed offers it with its "New posts" pill. Returns the unsubscribe. */
export function registerPostsRealtime(queryClient: QueryClient, viewerId: string): () => void {
  return onRealtimeEvent('post.created', ({ data }) => noteNewFeedPost(queryClient, data, viewerId));
}
