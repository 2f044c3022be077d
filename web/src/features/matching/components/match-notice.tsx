import type { MatchNoticeSide } from '@muster/contract/matching';
import type { Notification } from '@muster/contract/notifications';
import { MatchReasons } from './match-reasons';

/** How to offer help on a need (the posts feature's dialog, composed by app/). */
export type OfferHelpAction = (postId: string) => React.ReactNode;

/**
 * Under a matchFound notification: why the two posts matched and, for the provision's author, a
 * one-tap Offer help on the need (the row itself opens the other post, spec §4 rule 3).
 */
export function MatchNoticeDetails({
  notification,
  offerHelp,
}: {
  notification: Notification;
  offerHelp: OfferHelpAction;
}) {
  const reasons = (notification.commentContent ?? '').split(' · ').filter(Boolean);
  const side = notification.subType as MatchNoticeSide | null;
  const needId = side === 'provider' ? notification.relatedPost?._id : undefined;
  return (
    <div className="mt-1.5 space-y-2 pl-12">
      <MatchReasons reasons={reasons} />
      {needId && <div className="flex flex-wrap gap-2">{offerHelp(needId)}</div>}
    </div>
  );
}
