import type { Db } from '../../db/database.js';

/** A person's stored choices, or undefined when they never chose (the defaults hold). */
export function findNotificationSettings(db: Db, userId: string) {
  return db.selectFrom('notificationSettings').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** What delivery needs of a notice's recipient, in one read: their address and their choices. */
export function findNoticeForDelivery(db: Db, notificationId: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.userId')
    .leftJoin('notificationSettings as s', 's.userId', 'n.userId')
    .select([
      'n.id',
      'n.userId',
      'n.kind',
      'n.readAt',
      'u.email',
      'u.emailVerifiedAt',
      'u.firstName',
      's.channels',
      's.quietEnabled',
      's.quietStart',
      's.quietEnd',
      's.timeZone',
    ])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
}
