/**
 * Zod-free half of notifications.ts (decision 030): the notification types and kinds, which the
 * signed-in shell's notification rules read at start-up. Importing notifications.ts builds all of
 * its zod schemas on load, a cost the shell's start-up task paid for these constants; it
 * re-exports everything here, so the server, the forms and the tests keep importing from it.
 */
export const notificationTypes = [
  'like',
  'comment',
  'replies',
  'missionHelp',
  'newOffer',
  'missionUpdate',
  'systemNotification',
  'connectionRequest',
  'task',
  'matchFound',
  'stillNeeded',
  'mention',
  /** A new post fits one of the person's saved alerts (issue 37 item 2, decision 080). */
  'alertMatch',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const taskNotificationKinds = ['task_created', 'task_status_change'] as const;

/** The types the notification list shows (spec §5); others, like connectionRequest, are kept out. */
export const listedNotificationTypes: readonly string[] = [
  'like',
  'comment',
  'replies',
  'missionHelp',
  'newOffer',
  'systemNotification',
  'missionUpdate',
  'matchFound',
  'stillNeeded',
  'mention',
  'alertMatch',
];
