import { remoteRepliesOf, remoteReplyUnder, removeRemoteReply } from './replies.queries.js';

/**
 * What the comments feature may do with remote replies (decision 091), handed to it in app.ts so
 * neither feature imports the other: list a post's, find one under a post, remove one. The
 * comments feature checks who may read the post, and who may remove, before calling these.
 */
export const remoteReplies = {
  list: remoteRepliesOf,
  find: remoteReplyUnder,
  remove: removeRemoteReply,
};
