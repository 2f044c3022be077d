import type { PushPayload } from '@muster/contract/push';
import type { PushJob } from '../../platform/push.js';
import { pushedChatBurst, pushedChatRequest } from './chat-notices.js';
import { describe, notificationTarget } from '@muster/contract/notification-rules';
import { isNoticeKind } from './notice-channels.js';
import { noticeKindLabels } from '@muster/contract/notification-settings';
import type { Db } from '../../db/database.js';
import { findListedNotification } from './notifications.queries.js';
import { presentNotification } from './notifications.present.js';

/**
 * One notice as a push says it (decision 064), read as its recipient's list reads it now: a notice
 * the list would leave out (a block since, a mission left, gone) or one read meanwhile is not
 * pushed. The words are the list's (`describe`), under the name of its kind; the click opens what
 * a click in the list opens (`notificationTarget`), as a hash route of the app.
 */
export async function pushedNotice(
  db: Db,
  userId: string,
  notificationId: string,
): Promise<PushPayload | undefined> {
  const row = await findListedNotification(db, userId, notificationId);
  if (!row || row.readAt) return undefined;
  const notice = presentNotification(row);
  return {
    title: row.kind && isNoticeKind(row.kind) ? noticeKindLabels[row.kind].label : 'Muster',
    body: describe(notice),
    url: `/#${notificationTarget(notice) ?? '/notifications'}`,
    tag: notificationId,
  };
}

/**
 * What a push job says now (the push feature's reader, handed over in app.ts): a notice as the
 * list reads it, a chat's burst as the chats count it unread, a chat request while it waits.
 */
export function readPush(db: Db, job: PushJob): Promise<PushPayload | undefined> {
  if ('notificationId' in job) return pushedNotice(db, job.userId, job.notificationId);
  if ('chatBurst' in job) return pushedChatBurst(db, job.userId, job.chatBurst);
  return pushedChatRequest(db, job.userId, job.chatRequestId);
}
