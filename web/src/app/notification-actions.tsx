import {
  type NotificationActionsFor,
  NotificationActionsProvider,
} from '../features/notifications/components/notification-actions';
import { StillNeededActions } from '../features/posts/components/need-lifecycle';
import { MatchNoticeDetails } from '../features/matching/components/match-notice';
import { OfferHelpButton } from './offer-help-button';

/** What a notification row offers, by type: features own the actions, the notifications list shows them. */
const actionsFor: NotificationActionsFor = (n) => {
  // Issue 16: "Still needed?" is answered from the row: Keep open, or Mark fulfilled.
  if (n.type === 'stillNeeded' && n.relatedPost) return <StillNeededActions postId={n.relatedPost._id} />;
  // Issue 16: a match says why, and its provider can offer help on the need at once.
  if (n.type === 'matchFound')
    return (
      <MatchNoticeDetails
        notification={n}
        offerHelp={(postId) => <OfferHelpButton postId={postId} size="sm" />}
      />
    );
  return null;
};

export function NotificationActions({ children }: { children: React.ReactNode }) {
  return <NotificationActionsProvider actions={actionsFor}>{children}</NotificationActionsProvider>;
}
