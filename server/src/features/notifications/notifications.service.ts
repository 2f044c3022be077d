import type { Insertable } from 'kysely';
import type { RealtimeCount } from '@muster/contract/realtime';
import { taskStatusLabels } from '@muster/contract/missions';
import { MENTIONS_PER_TEXT } from '@muster/contract/limits';
import { REPORT_ACTIONED_MESSAGE, REPORT_REVIEWED_MESSAGE } from '@muster/contract/moderation-queue';
import {
  APPEAL_NOTICE,
  REMOTE_OFFER_ANSWER_NOTICE,
  REMOTE_OFFER_NOTICE,
  STRIKE_NOTICE,
  SUSPENSION_NOTICE,
  VERIFICATION_NOTICE,
} from '@muster/contract/notification-rules';
import type { Db } from '../../db/database.js';
import type { NotificationsTable } from '../../db/schema.js';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import { notFound } from '../../platform/errors.js';
import { afterCommit } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import {
  countUnreadOffers,
  deleteConnectionRequestNotices,
  deleteNotificationsBetween,
  deleteOwnNotification,
  insertMissionUpdateNotices,
  insertNotificationUnlessSilenced,
  listNotifications,
  listUnreadTaskNotifications,
  markAllRead,
  findMentioned,
  markOffersRead,
  upsertLikeNotice,
} from './notifications.queries.js';
import {
  appealDecidedMessage,
  presentNotification,
  stillNeededMessage,
  strikeMessage,
  verificationMessage,
} from './notifications.present.js';
import { findStrikeForNotice } from './notice-mail.queries.js';
import { defineDelivery, deliverLater } from './delivery.js';
import { defineChatNotices } from './chat-notices.js';

/** A mention notice keeps this much of what was said, for its preview in the list and its mail. */
const MENTION_TEXT_KEPT = 280;

export type NewNotification = Omit<Insertable<NotificationsTable>, 'id' | 'createdAt' | 'readAt'>;

/** The badges a notification of this type moves: the bell always, the offers or tasks count for theirs. */
function countsMovedBy(type: string): RealtimeCount[] {
  if (type === 'newOffer' || type === 'missionHelp') return ['notifications', 'offers'];
  if (type === 'task') return ['notifications', 'tasks'];
  return ['notifications'];
}

/** Tells the recipient's open tabs (issue 15), once the notification is stored: its id and type, and the badges to refetch. */
function publishNotification(realtime: RealtimeHub, n: { id: string; userId: string; type: string }) {
  realtime.publish([n.userId], { type: 'notification.created', data: { _id: n.id, type: n.type } });
  realtime.publish([n.userId], { type: 'counts.changed', data: { counts: countsMovedBy(n.type) } });
}

/**
 * How every feature reports to a person. Nobody is told about their own action, nor hears from
 * someone blocked either way or whom they muted, so such a notification is dropped here, once,
 * for every feature. With `realtime`, the recipient hears of it live once the insert has
 * committed (handlers run in their job's transaction), so it is there when they refetch.
 */
export async function createNotification(
  db: Db,
  input: NewNotification,
  tell?: { realtime: RealtimeHub; jobs: JobQueue },
) {
  if (input.senderId && input.senderId === input.userId) return undefined;
  // Dropped for a silenced sender by the insert itself (one round trip): no row then.
  const row = await insertNotificationUnlessSilenced(db, { id: newId(), ...input });
  if (row && tell) await told(db, tell, row);
  return row;
}

/**
 * A stored notice is told live once committed, and goes on to its kind's channel (issue 34)
 * through the queue: a coalesced one (`burstUntil`) once its burst ends.
 */
async function told(
  db: Db,
  tell: { realtime: RealtimeHub; jobs: JobQueue },
  row: { id: string; userId: string; type: string; kind: string | null; burstUntil?: Date | null },
) {
  afterCommit(db, () => publishNotification(tell.realtime, row));
  if (row.kind) await deliverLater(tell.jobs, db, row.id, row.burstUntil);
}

export async function listMyNotifications(deps: Deps, viewer: Viewer | null, type?: string) {
  const me = requireViewer(viewer);
  const rows = await listNotifications(deps.db, me.id, type);
  return rows.map(presentNotification);
}

export async function markAllMyNotificationsRead(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  await markAllRead(deps.db, me.id);
  deps.realtime.publish([me.id], { type: 'counts.changed', data: { counts: ['notifications', 'tasks'] } });
}

export async function deleteMyNotification(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  // Someone else's notification is answered exactly like a missing one.
  if (!(await deleteOwnNotification(deps.db, me.id, id))) throw notFound('Notification not found');
}

export async function myOfferCounts(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  const { onPosts, onMissions } = await countUnreadOffers(deps.db, me.id);
  return { new: onPosts, mission: onMissions };
}

export async function markMyOffersRead(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  await markOffersRead(deps.db, me.id);
  deps.realtime.publish([me.id], { type: 'counts.changed', data: { counts: ['offers'] } });
}

export async function myTaskNotifications(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  const rows = await listUnreadTaskNotifications(deps.db, me.id);
  return rows.map((r) => ({
    _id: r.id,
    message: r.message,
    type: r.type,
    typeTask: r.typeTask,
    chat: r.chatId,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Subscribes the notification centre to the events other features emit. */
export function subscribeNotifications(deps: Deps) {
  defineDelivery(deps);
  // Messages and chat requests told away from the app, once per burst (issue 34).
  defineChatNotices(deps);
  // Every notice made here is told live to its recipient (issue 15).
  const notify = (db: Db, input: NewNotification) => createNotification(db, input, deps);
  // A block ends what the two told each other, in its transaction; listing leaves out anything
  // that comes in between (a job enqueued before the block finds them blocked).
  deps.events.within('user.blocked', async (trx, { blockerId, blockedId }) => {
    await deleteNotificationsBetween(trx, blockerId, blockedId);
  });
  // Every notice is work for later: one job on this queue per event (decision 060).
  const notices = deps.events.subscriber('notifications');
  notices.on('user.signed_up', async (db, { userId }) => {
    await notify(db, {
      userId,
      type: 'systemNotification',
      message:
        'Welcome to Muster! Complete your profile, then share a need or an offer so people can find you.',
    });
  });
  notices.on(
    'comment.created',
    async (db, { postId, commentId, postAuthorId, commenterId, content, parentAuthorId }) => {
      if (parentAuthorId) {
        await notify(db, {
          userId: parentAuthorId,
          senderId: commenterId,
          type: 'replies',
          kind: 'comments',
          relatedPostId: postId,
          // The comment it tells of: hidden by a moderator or deleted, the notice goes (listedFor).
          relatedCommentId: commentId ?? null,
          replyContent: content,
          message: 'replied to your comment',
        });
      }
      // The post's author hears of every comment, unless it was already told of this one as a reply.
      if (postAuthorId !== parentAuthorId) {
        await notify(db, {
          userId: postAuthorId,
          senderId: commenterId,
          type: 'comment',
          kind: 'comments',
          relatedPostId: postId,
          relatedCommentId: commentId ?? null,
          commentContent: content,
          message: 'commented on your post',
        });
      }
    },
  );
  // Likes coalesce (issue 34 item 4): one notice per post while unread, "Dana Okafor and 9 others
  // liked your post", told live at each new liker, and away from the app once per burst.
  notices.on('post.liked', async (db, { postId, authorId, likerId }) => {
    if (authorId === likerId) return;
    const row = await upsertLikeNotice(db, {
      id: newId(),
      authorId,
      likerId,
      postId,
      burstSeconds: deps.config.likeBurstSeconds,
    });
    if (row) await told(db, deps, row);
  });
  // Mentions (issue 34): each person a post or comment names is told once for it (0031's unique
  // index), if they may read the post and hear from its author (the insert's checks); its click
  // opens the post.
  notices.on('mention.made', async (db, { authorId, postId, commentId, usernames, text }) => {
    const named = await findMentioned(db, {
      usernames: usernames.slice(0, MENTIONS_PER_TEXT),
      authorId,
      postId,
      commentId,
      cap: MENTIONS_PER_TEXT,
    });
    for (const userId of named)
      await notify(db, {
        userId,
        senderId: authorId,
        type: 'mention',
        kind: 'mentions',
        subType: commentId ? 'comment' : 'post',
        relatedPostId: postId,
        relatedCommentId: commentId,
        commentContent: text.trim().slice(0, MENTION_TEXT_KEPT),
        message: commentId ? 'mentioned you in a comment' : 'mentioned you in a post',
      });
  });
  // A connection request is a notice only while it waits: answered, ignored or withdrawn, it goes,
  // so `GET /notifications?type=connectionRequest` lists exactly the live requests. That is an
  // invariant of the request, kept in its transaction: a queued notice could land after the
  // request it tells of was answered.
  deps.events.within('connection.requested', async (trx, { senderId, recipientId }) => {
    await deleteConnectionRequestNotices(trx, recipientId, senderId);
    await notify(trx, {
      userId: recipientId,
      senderId,
      relatedUserId: senderId,
      type: 'connectionRequest',
      kind: 'connections',
      message: 'sent you a connection request',
    });
  });
  deps.events.within('connection.request_dropped', async (trx, { senderId, recipientId }) => {
    await deleteConnectionRequestNotices(trx, recipientId, senderId);
  });
  deps.events.within('connection.accepted', async (trx, { senderId, recipientId }) => {
    await deleteConnectionRequestNotices(trx, recipientId, senderId);
  });
  // The sender hears of a yes as a system notice naming the person (the list shows system notices
  // by their message), which opens their profile.
  notices.on('connection.accepted', async (db, { senderId, recipientId, recipientName }) => {
    await notify(db, {
      userId: senderId,
      senderId: recipientId,
      relatedUserId: recipientId,
      type: 'systemNotification',
      kind: 'connections',
      message: `${recipientName} accepted your connection request`,
    });
  });
  // Missions (issue 12). Join requests and approvals are told as missionUpdate notifications with
  // the mission related: the one type whose click opens the mission (spec §4 rule 2), where the
  // owner approves and the new member starts.
  notices.on('mission.join_requested', async (db, { missionId, title, ownerId, requesterId, role }) => {
    await notify(db, {
      userId: ownerId,
      senderId: requesterId,
      relatedMissionId: missionId,
      relatedUserId: requesterId,
      type: 'missionUpdate',
      kind: 'missionJoins',
      message: `asked to join ${title} as a ${role}`,
    });
  });
  notices.on('mission.join_approved', async (db, { missionId, title, userId, approverId }) => {
    await notify(db, {
      userId,
      senderId: approverId,
      relatedMissionId: missionId,
      type: 'missionUpdate',
      kind: 'missionJoins',
      message: `approved your request to join ${title}`,
    });
  });
  // Offers of help (issue 13). A new one is counted in offer-counts (newOffer on a need or want,
  // missionHelp on a mission); the helper hears of the answer as a system notice, which is not.
  notices.on(
    'offer.made',
    async (db, { postId, missionId, postKind, title, ownerId, helperId, message, remoteHelper }) => {
      const about = { userId: ownerId, senderId: helperId, relatedUserId: helperId, commentContent: message };
      // From another server (decision 090): nobody here sends it, so its message names the helper.
      if (remoteHelper && postId)
        await notify(db, {
          ...about,
          relatedPostId: postId,
          type: 'newOffer',
          subType: REMOTE_OFFER_NOTICE,
          kind: 'offers',
          // Who, as the list and mails say it in the sender's place.
          message: `${remoteHelper.name} (${remoteHelper.handle})`,
        });
      else if (postId)
        await notify(db, {
          ...about,
          relatedPostId: postId,
          type: 'newOffer',
          kind: 'offers',
          message: `offered to help with your ${postKind ?? 'need'}`,
        });
      else if (missionId)
        await notify(db, {
          ...about,
          relatedMissionId: missionId,
          type: 'missionHelp',
          kind: 'offers',
          message: `offered to help with ${title}`,
        });
    },
  );
  // The accepted notice carries the chat it opened, where its click goes.
  notices.on(
    'offer.accepted',
    async (db, { postId, missionId, title, ownerId, helperId, ownerName, chatId }) => {
      await notify(db, {
        userId: helperId,
        senderId: ownerId,
        relatedPostId: postId,
        relatedMissionId: missionId,
        chatId,
        type: 'systemNotification',
        kind: 'offers',
        message: `${ownerName} accepted your offer of help with “${title}”`,
      });
    },
  );
  // A no is kind and says nothing more.
  notices.on('offer.declined', async (db, { postId, missionId, title, ownerId, helperId }) => {
    await notify(db, {
      userId: helperId,
      senderId: ownerId,
      relatedPostId: postId,
      relatedMissionId: missionId,
      type: 'systemNotification',
      kind: 'offers',
      message: `Thank you for offering to help with “${title}”. It is covered for now.`,
    });
  });
  // The answer to an offer sent to another server (decision 090): from nobody here, said whole.
  notices.on('offer.remote_answered', async (db, { helperId, decision, ownerName, title }) => {
    await notify(db, {
      userId: helperId,
      type: 'systemNotification',
      subType: REMOTE_OFFER_ANSWER_NOTICE,
      kind: 'offers',
      message:
        decision === 'accepted'
          ? `${ownerName} accepted your offer of help with “${title}”`
          : `Thank you for offering to help with “${title}”. It is covered for now.`,
    });
  });
  // Credit on a fulfilled need (issue 32 item 6): the helper hears of it like every other step of
  // the journey; the click opens the need. The author is the sender, so a block or a mute between
  // the two silences it, and the insert's readability check gives it only to who may read the post.
  notices.on('post.credited', async (db, { postId, authorId, authorName, helperIds, title }) => {
    for (const userId of helperIds)
      await notify(db, {
        userId,
        senderId: authorId,
        relatedPostId: postId,
        type: 'systemNotification',
        kind: 'offers',
        subType: 'credited',
        message: `${authorName} marked “${title}” fulfilled with your help`,
      });
  });
  // A dismissed report (issue 35, decision 068): each reporter hears it was reviewed, once, from
  // nobody (no sender, nothing related), so the notice names neither the moderator nor the author.
  // In the app only, as every safety notice for now.
  notices.on('moderation.case_dismissed', async (db, { reporterIds }) => {
    for (const userId of reporterIds)
      await notify(db, {
        userId,
        type: 'systemNotification',
        subType: 'reportReviewed',
        kind: null,
        message: REPORT_REVIEWED_MESSAGE,
      });
  });
  // A case closed with an action (decision 070). The author is told what was done, the rule and
  // the moderator's reason ('safety', mailed at once by default; a suspension's mail goes whatever
  // the channel, with its appeal link, since they cannot sign in: delivery.ts). Each reporter is
  // told it was acted on, in the app, naming nobody and not what was done. No sender: the decision
  // is Muster's, so no block or mute silences it.
  notices.on('moderation.case_actioned', async (db, { strikeId, authorId, reporterIds }) => {
    const strike = await findStrikeForNotice(db, strikeId);
    if (strike && authorId)
      await notify(db, {
        userId: authorId,
        type: 'systemNotification',
        subType: strike.accountAction === 'suspend' ? SUSPENSION_NOTICE : STRIKE_NOTICE,
        kind: 'safety',
        message: strikeMessage(strike),
        commentContent: strike.reason,
      });
    for (const userId of reporterIds)
      if (userId !== authorId)
        await notify(db, {
          userId,
          type: 'systemNotification',
          subType: 'reportActioned',
          kind: null,
          message: REPORT_ACTIONED_MESSAGE,
        });
  });
  // An appeal's answer (decision 070): to its author, with the deciding moderator's reason.
  notices.on('moderation.appeal_decided', async (db, { strikeId, authorId, decision }) => {
    const strike = await findStrikeForNotice(db, strikeId);
    if (!strike) return;
    await notify(db, {
      userId: authorId,
      type: 'systemNotification',
      subType: APPEAL_NOTICE,
      kind: 'safety',
      message: appealDecidedMessage(decision, strike.rule),
      commentContent: strike.appealReason,
    });
  });
  // A need about to expire (issue 16): its author keeps it open or marks it fulfilled from the notice.
  notices.on('post.expiring', async (db, { postId, authorId, title, daysLeft }) => {
    await notify(db, {
      userId: authorId,
      relatedPostId: postId,
      type: 'stillNeeded',
      kind: 'stillNeeded',
      message: stillNeededMessage(title, daysLeft),
    });
  });
  // Resource matching (issue 16): the other post is related (its click opens it) and its author is
  // the sender, so a block or a mute between the two silences it here too; the reasons ride along.
  notices.on('match.found', async (db, { userId, otherAuthorId, otherPostId, side, message, reasons }) => {
    await notify(db, {
      userId,
      senderId: otherAuthorId,
      relatedPostId: otherPostId,
      relatedUserId: otherAuthorId,
      type: 'matchFound',
      kind: 'matches',
      subType: side,
      message,
      commentContent: reasons,
    });
  });
  // A saved alert (issue 37 item 2, decision 080): the post is related (its click opens the map on
  // it) and its author the sender, so a block, a mute or a post the owner may not read silences it
  // here too; the alert's name rides along as the comment.
  notices.on('alert.matched', async (db, { userId, authorId, postId, alertName, message }) => {
    await notify(db, {
      userId,
      senderId: authorId,
      relatedPostId: postId,
      type: 'alertMatch',
      kind: 'alerts',
      message,
      commentContent: alertName,
    });
  });
  notices.on('mission.updated', async (db, { missionId, postId, authorId }) => {
    for (const n of await insertMissionUpdateNotices(db, { missionId, postId, authorId }))
      await told(db, deps, n);
  });
  // A declined chat request (issue 15): the sender learns that it was not accepted, and no more.
  notices.on('chat.request_declined', async (db, { senderId, recipientId, recipientName }) => {
    await notify(db, {
      userId: senderId,
      senderId: recipientId,
      type: 'systemNotification',
      kind: 'chats',
      message: `Your message request to ${recipientName} was not accepted`,
    });
  });
  // A moderator's answer on an organisation's verification, or its revocation (decision 069). No
  // sender: the answer is Muster's, the moderator stays unnamed (and a block cannot silence it);
  // the reason is the comment, for the list to preview and the mail to quote.
  notices.on('organisation.decided', async (db, { userId, outcome, organisationName, reason }) => {
    await notify(db, {
      userId,
      type: 'systemNotification',
      subType: VERIFICATION_NOTICE,
      kind: 'verification',
      message: verificationMessage(outcome, organisationName),
      commentContent: reason || null,
    });
  });
  // Tasks (issue 12): the assignee and the mission's owner hear of a new task and of every move,
  // each once, never of their own; the notice carries the mission chat, where its click goes
  // (spec §4 rule 1), and GET /tasks/notifications lists it while unread.
  notices.on('task.created', async (db, task) => {
    const about = {
      senderId: task.actorId,
      relatedMissionId: task.missionId,
      chatId: task.chatId,
      type: 'task',
      kind: 'tasks',
      typeTask: 'task_created',
    } as const;
    if (task.assigneeId)
      await notify(db, { ...about, userId: task.assigneeId, message: `assigned you a task: ${task.title}` });
    if (task.ownerId !== task.assigneeId)
      await notify(db, {
        ...about,
        userId: task.ownerId,
        message: `added a task to your mission: ${task.title}`,
      });
  });
  notices.on('task.status_changed', async (db, task) => {
    const about = {
      senderId: task.actorId,
      relatedMissionId: task.missionId,
      chatId: task.chatId,
      type: 'task',
      kind: 'tasks',
      typeTask: 'task_status_change',
    } as const;
    const message = `moved the task ${task.title} to ${taskStatusLabels[task.status]}`;
    for (const userId of new Set([task.assigneeId, task.ownerId]))
      if (userId) await notify(db, { ...about, userId, message });
  });
}
