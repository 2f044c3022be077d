import type { Role } from '@muster/contract/moderation';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { useSessionQuery } from '../../../lib/session';
import { AuditPage } from './audit-page';
import { StaffPage } from './staff-page';
import { ServersPage } from './servers-page';
import { WatchedPage } from './watched-page';

/**
 * /moderation/staff, /moderation/audit, /moderation/watched (decision 072) and /moderation/servers (decision 088), the admins' pages: reached through the one staff route
 * (app/routes/moderation-page.tsx), as every route the router lists weighs on the landing page's
 * start-up budget (DESIGN.md §6).
 */
export function AdminPage({ viewerRole }: { viewerRole: Role }) {
  const { section } = useParams();
  if (section === 'staff') return <StaffPage viewerRole={viewerRole} />;
  if (section === 'audit') return <AuditPage viewerRole={viewerRole} />;
  if (section === 'watched') return <WatchedPage viewerRole={viewerRole} />;
  if (section === 'servers') return <ServersPage viewerRole={viewerRole} />;
  return <NotFoundPage />;
}

/** The route's page: the viewer read here, not in the router, whose code every first page loads. */
export function AdminRoute() {
  return <AdminPage viewerRole={useSessionQuery().data!.role} />;
}
