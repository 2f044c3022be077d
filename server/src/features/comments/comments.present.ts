import { presentCard } from '../../social/social.present.js';
import type { CommentRow } from './comments.queries.js';

export function presentComment(c: CommentRow) {
  return {
    _id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    content: c.content,
    createdAt: c.createdAt.toISOString(),
    author: presentCard({ ...c, id: c.authorId }),
    remote: null,
    // Only its author is ever shown a hidden comment (listComments), so only they read a reason.
    hiddenReason: c.hiddenReason,
  };
}

/** A reply from another server as the federation feature hands it over (decision 091). */
export type RemoteReplyRow = {
  id: string;
  postId: string;
  objectUri: string;
  url: string | null;
  text: string;
  remoteActor: string;
  host: string;
  name: string | null;
  handle: string | null;
  createdAt: Date;
};

/** A remote author's name as shown, at most this long (Mastodon allows 30; others more). */
const REMOTE_NAME_MAX = 100;

/**
 * A remote reply as a comment: top level, no author here, its text plain (made from its sanitised
 * HTML when it came, so the web shows it as text). Named by its handle, or its actor's address
 * when we could not fetch the actor.
 */
export function presentRemoteComment(r: RemoteReplyRow) {
  const handle = r.handle ?? r.remoteActor;
  // Another server's words: a name of any length would take over the row.
  const name = (
    r.name?.trim() || (r.handle ? r.handle.replace(/^@/, '').split('@')[0]! : r.remoteActor)
  ).slice(0, REMOTE_NAME_MAX);
  return {
    _id: r.id,
    postId: r.postId,
    parentId: null,
    content: r.text,
    createdAt: r.createdAt.toISOString(),
    author: null,
    remote: {
      name,
      handle,
      server: r.host,
      profileUrl: r.remoteActor,
      url: r.url ?? r.objectUri,
      objectId: r.objectUri,
    },
    hiddenReason: null,
  };
}
