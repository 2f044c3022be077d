import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { BlockedPage, MutedPage } from '../../features/safety/components/hidden-people-page';
import { StandingPage } from '../../features/safety/components/standing-page';
import { NotificationSettingsPage } from '../../features/settings/components/notification-settings-page';
import { OrganisationPage } from '../../features/verification/components/organisation-page';

/**
 * The settings pages under /settings/… behind one route: blocked and muted people, the account's
 * standing (issue 35), notifications and the organisation (decision 069). Every route the router
 * lists weighs on the landing page's start-up budget (DESIGN.md §6), which the standing page's own
 * route would have broken. Here, in the app, as a web feature never imports another; the paths
 * are lib/paths.ts's (the standing page's, lib/staff-paths.ts's).
 */
export function SettingsSectionPage() {
  const { section } = useParams();
  switch (section) {
    case 'blocked':
      return <BlockedPage />;
    case 'muted':
      return <MutedPage />;
    case 'standing':
      return <StandingPage />;
    case 'notifications':
      return <NotificationSettingsPage />;
    case 'organisation':
      return <OrganisationPage />;
    default:
      return <NotFoundPage />;
  }
}
