import { describe, notificationTarget } from '@muster/contract/notification-rules';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { mailLater } from '../../platform/mail.js';
import { findListedNotification } from './notifications.queries.js';
import { presentNotification } from './notifications.present.js';

type Recipient = { userId: string; email: string; firstName: string };

/**
 * Mails one notice at once (its kind's channel is 'mail'), read as the recipient's list reads it
 * now: a notice the list would leave out (a block since, a mission left) is not mailed. Keyed by
 * the notice (or by its burst, for a coalesced like), so it is mailed once however often delivery runs.
 */
export async function mailNotice(
  deps: Deps,
  trx: Db,
  notificationId: string,
  to: Recipient,
  options?: { key: string },
) {
  const row = await findListedNotification(trx, to.userId, notificationId);
  if (!row) return;
  const notice = presentNotification(row);
  const said = describe(notice);
  const link = `${deps.config.publicUrl}${notificationTarget(notice) ?? '/notifications'}`;
  await mailLater(
    deps.jobs,
    trx,
    {
      to: to.email,
      forUser: to.userId,
      subject: said,
      text: `Hi ${to.firstName},\n\n${said}\n\nOpen it: ${link}\n`,
    },
    // A coalesced notice's mail is keyed by its burst instead (delivery.ts), so each burst is told.
    { key: options?.key ?? `notice:${notificationId}` },
  );
}
