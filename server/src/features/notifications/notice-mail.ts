import { notificationTarget, SUSPENSION_NOTICE } from '@muster/contract/notification-rules';
import { appealUrl } from '../../platform/appeal-links.js';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { mailLater } from '../../platform/mail.js';
import { renderMail } from './mail/layout.js';
import { noticeMail } from './mail/notice-mails.js';
import { isNoticeKind } from './notice-channels.js';
import { appealableSuspension, findNoticePlaces } from './notice-mail.queries.js';
import { findListedNotification } from './notifications.queries.js';
import { presentNotification } from './notifications.present.js';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.js';

type Recipient = { userId: string; email: string; firstName: string };

/**
 * A page of the web app as a link from outside it: the app routes on the address's hash
 * (createHashRouter), so `/post/1` is `https://…/#/post/1`; without the hash it opens the home page.
 */
export const appLink = (deps: Deps, path: string) => `${deps.config.publicUrl}/#${path}`;

/**
 * Mails one notice at once (its kind's channel is 'mail'), read as the recipient's list reads it
 * now: a notice the list would leave out (a block since, a mission left) is not mailed. Rendered
 * here, in the delivery job, so the mail job only sends (and retries a send) what was decided;
 * keyed by the notice (or by its burst, for a coalesced like), so it is mailed once however often
 * delivery runs.
 */
export async function mailNotice(
  deps: Deps,
  trx: Db,
  notificationId: string,
  to: Recipient,
  options?: { key: string },
) {
  const row = await findListedNotification(trx, to.userId, notificationId);
  if (!row || !isNoticeKind(row.kind)) return;
  const kind = row.kind;
  const notice = presentNotification(row);
  const target = notificationTarget(notice);
  const places = await findNoticePlaces(trx, row.relatedPostId, row.relatedMissionId);
  // A suspended person appeals from the mail, without signing in (decision 070).
  const suspensionStrike =
    notice.subType === SUSPENSION_NOTICE ? await appealableSuspension(trx, to.userId) : undefined;
  const mail = noticeMail({
    notice,
    kind,
    places,
    target,
    links: {
      home: `${deps.config.publicUrl}/`,
      open: appLink(deps, target ?? '/notifications'),
      settings: appLink(deps, '/settings/notifications'),
      unsubscribe: await unsubscribeUrl(deps, to.userId, kind, trx),
      ...(suspensionStrike ? { appeal: await appealUrl(deps, suspensionStrike, trx) } : {}),
    },
  });
  const { html, text } = await renderMail(mail.element);
  await mailLater(
    deps.jobs,
    trx,
    {
      to: to.email,
      forUser: to.userId,
      subject: mail.subject,
      text,
      html,
      headers: await unsubscribeHeaders(deps, to.userId, kind, trx),
    },
    // A coalesced notice's mail is keyed by its burst instead (delivery.ts), so each burst is told.
    { key: options?.key ?? `notice:${notificationId}` },
  );
}
