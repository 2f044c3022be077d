import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { type JsonText, pageText } from '../../platform/json-text.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import { boardAudienceOf, listEmergencyBoard } from './emergency-board.queries.js';

/** How posts are shown to a viewer, by id, newest first: the posts feature's, handed over in app.ts. */
export type ShowPosts = (deps: Deps, viewerId: string, ids: string[]) => Promise<JsonText[]>;

/**
 * `/journalist`: emergency-marked posts and mission updates the viewer may see, newest first,
 * without people blocked either way or muted; optionally of one category or place. The board finds
 * which posts (their keys) and the posts feature shows them, as it shows every post (`show`).
 */
export async function emergencyBoard(
  deps: Deps,
  viewer: Viewer | null,
  query: {
    cursor?: string | undefined;
    limit: number;
    category?: string | undefined;
    place?: string | undefined;
  },
  show: ShowPosts,
) {
  const me = requireViewer(viewer);
  const keys = await listEmergencyBoard(deps.db, me.id, {
    cursor: decodeCursor(query.cursor),
    limit: query.limit,
    category: query.category || undefined,
    place: query.place || undefined,
  });
  const { page, nextCursor } = pageOf(keys, query.limit);
  return pageText(
    await show(
      deps,
      me.id,
      page.map((k) => k.id),
    ),
    { nextCursor },
  );
}

/**
 * A new post on the board (post.on_board, from the posts feature) is announced live once it is
 * committed, from the process that wrote it (the hub reaches every process's sockets), as a chat
 * message is: a lost push is caught up by the board's refetch (decision 060).
 */
export function subscribeBoard(deps: Deps) {
  deps.events.afterCommit('post.on_board', ({ postId, authorId, missionId }) => {
    void announceOnBoard(deps, postId, authorId, missionId);
  });
}

/**
 * A new post on the board is pushed to everyone connected (hub.broadcast), so open boards fetch
 * their newest page — which applies each viewer's filters and rights — but never to those blocked
 * either way with the author or who muted them; an update of a members-only mission goes to its
 * members only. The post is saved whatever happens here: a lost push is caught up by the board's
 * refetch on reconnect, so a failure is logged, never answered as an error (the client would post twice).
 */
async function announceOnBoard(deps: Deps, postId: string, authorId: string, missionId: string | null) {
  try {
    const { hidden, members } = await boardAudienceOf(deps.db, authorId, missionId);
    const event = { type: 'board.posted', data: { _id: postId } } as const;
    if (members) {
      const silenced = new Set(hidden);
      deps.realtime.publish(
        members.filter((id) => !silenced.has(id)),
        event,
      );
    } else {
      deps.realtime.broadcast(event, { exceptUserIds: hidden });
    }
  } catch (err) {
    deps.log.warn({ err, postId }, 'could not announce a post on the emergency board');
  }
}
