import type { Role } from '@muster/contract/moderation';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { useSessionQuery } from '../../../lib/session';
import { AuditPage } from './audit-page';
import { StaffPage } from './staff-page';

/**
 * /admin/staff and /admin/audit, behind one route: every route the router lists weighs on the
 * landing page's start-up budget (DESIGN.md §6), and the two pages load together anyway.
 */
export function AdminPage({ viewerRole }: { viewerRole: Role }) {
  const { section } = useParams();
  if (section === 'staff') return <StaffPage viewerRole={viewerRole} />;
  if (section === 'audit') return <AuditPage viewerRole={viewerRole} />;
  return <NotFoundPage />;
}

/** The route's page: the viewer read here, not in the router, whose code every first page loads. */
export function AdminRoute() {
  return <AdminPage viewerRole={useSessionQuery().data!.role} />;
}
