import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { SpinnerScreen } from '../../components/spinner-screen';

// Each page loads when it opens: the entry names every route's chunks for preloading, and this
// route's list stays short (the landing page's budget, DESIGN.md §6).
const pages: Record<string, React.LazyExoticComponent<React.ComponentType>> = {
  blocked: lazy(() =>
    import('../../features/safety/components/hidden-people-page').then((m) => ({ default: m.BlockedPage })),
  ),
  muted: lazy(() =>
    import('../../features/safety/components/hidden-people-page').then((m) => ({ default: m.MutedPage })),
  ),
  standing: lazy(() =>
    import('../../features/safety/components/standing-page').then((m) => ({ default: m.StandingPage })),
  ),
  notifications: lazy(() =>
    import('../../features/settings/components/notification-settings-page').then((m) => ({
      default: m.NotificationSettingsPage,
    })),
  ),
  // Saved alerts (issue 37 item 2, decision 080), with the place search handed in.
  alerts: lazy(() => import('./alerts-settings-page')),
  organisation: lazy(() =>
    import('../../features/verification/components/organisation-page').then((m) => ({
      default: m.OrganisationPage,
    })),
  ),
};

/**
 * The settings pages under /settings/… behind one route: blocked and muted people, the account's
 * standing (issue 35), notifications and the organisation (decision 069). Every route the router
 * lists weighs on the landing page's start-up budget (DESIGN.md §6), which the standing page's own
 * route would have broken. Here, in the app, as a web feature never imports another; the paths
 * are lib/paths.ts's (the standing page's, lib/staff-paths.ts's).
 */
export function SettingsSectionPage() {
  const { section = '' } = useParams();
  const Page = Object.hasOwn(pages, section) ? pages[section]! : NotFoundPage;
  return (
    <Suspense fallback={<SpinnerScreen />}>
      <Page />
    </Suspense>
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { SettingsSectionPage as Component };
