import type { PushPayload } from '@muster/contract/push';
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
