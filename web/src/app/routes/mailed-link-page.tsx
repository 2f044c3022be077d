import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SpinnerScreen } from '../../components/spinner-screen';

// Each page loads when it opens: the entry names every route's chunks for preloading, and this
// route's list stays short (the landing page's budget, DESIGN.md §6).
const AppealLinkPage = lazy(() =>
  import('../../features/safety/components/appeal-link-page').then((m) => ({ default: m.AppealLinkPage })),
);
const UnsubscribePage = lazy(() =>
  import('../../features/unsubscribe/components/unsubscribe-page').then((m) => ({
    default: m.UnsubscribePage,
  })),
);

/**
 * The pages a mailed link opens, each with its token and signed in or not: /unsubscribe (decision
 * 063) and /appeal, a suspended person's appeal (decision 070). Behind one route module, as every
 * route's list of chunks weighs on the landing page's start-up budget (DESIGN.md §6). Here, in
 * the app, as a web feature never imports another.
 */
export function MailedLinkPage() {
  const Page = useLocation().pathname === '/appeal' ? AppealLinkPage : UnsubscribePage;
  return (
    <Suspense fallback={<SpinnerScreen />}>
      <Page />
    </Suspense>
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { MailedLinkPage as Component };
