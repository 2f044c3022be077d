import { useParams } from 'react-router';
import { AdminRoute } from '../../features/moderation/components/admin-page';
import { ModerationRoute } from '../../features/moderation/queue/moderation-route';
import { StaffOrganisationsPage } from '../../features/verification/components/staff-organisations-page';

/**
 * Every staff page under /moderation behind one route (issue 35): the queue and a case (decision
 * 068), the organisations asking to be verified (069), and the admins' staff list and audit log
 * (067). One route rather than four:
 * every route the router lists weighs on the landing page's start-up budget (DESIGN.md §6). Here,
 * in the app, as a web feature never imports another.
 */
export function ModerationPage() {
  const { section, caseId } = useParams();
  if (caseId === undefined && section === 'organisations') return <StaffOrganisationsPage />;
  if (
    caseId === undefined &&
    (section === 'staff' || section === 'audit' || section === 'watched' || section === 'servers')
  )
    return <AdminRoute />;
  return <ModerationRoute />;
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { ModerationPage as Component };
