import type { Notification } from '@muster/contract/notifications';
import { listedNotificationTypes, taskNotificationKinds } from '@muster/contract/notifications-constants';

/** Spec §5: only these types are listed; task notifications only of the two task kinds. */
export function isListed(n: Notification): boolean {
  if (n.typeTask) return (taskNotificationKinds as readonly string[]).includes(n.typeTask);
  return listedNotificationTypes.includes(n.type);
}

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * Spec §4: unread first, then newest first. The times are ISO strings, which sort as plain
 * strings; `localeCompare` set up the browser's collation on first use, a task of ~0.1 s on a phone
 * when the alerts badge first rendered (decision 032).
 */
export function sortNotifications(list: Notification[]): Notification[] {
  return [...list].sort((a, b) => Number(a.read) - Number(b.read) || newestFirst(a.createdAt, b.createdAt));
}

export function visibleNotifications(list: Notification[] | undefined): Notification[] {
  return sortNotifications((list ?? []).filter(isListed));
}

// Shared with the server's mail and push (issue 34).
export { describe, notificationTarget, preview } from '@muster/contract/notification-rules';
