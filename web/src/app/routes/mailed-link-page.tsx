import { useLocation } from 'react-router';
import { AppealLinkPage } from '../../features/safety/components/appeal-link-page';
import { UnsubscribePage } from '../../features/unsubscribe/components/unsubscribe-page';

/**
 * The pages a mailed link opens, each with its token and signed in or not: /unsubscribe (decision
 * 063) and /appeal, a suspended person's appeal (decision 070). Behind one route module, as every
 * route's list of chunks weighs on the landing page's start-up budget (DESIGN.md §6). Here, in
 * the app, as a web feature never imports another.
 */
export function MailedLinkPage() {
  return useLocation().pathname === '/appeal' ? <AppealLinkPage /> : <UnsubscribePage />;
}
