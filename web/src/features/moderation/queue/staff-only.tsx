import { Navigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSessionQuery } from '../../../lib/session';

/**
 * Pages for moderators and admins (issue 35): anyone else is sent home, as from any page that is
 * not theirs; the server refuses them the data anyway. Here rather than in the router, whose
 * code every first page loads (the landing page's budget, decision 030).
 */
export function StaffOnly({ page: Page }: { page: React.ComponentType<{ viewerId: string }> }) {
  const viewer = useSessionQuery().data;
  if (viewer?.role !== 'moderator' && viewer?.role !== 'admin') return <Navigate to={paths.home} replace />;
  return <Page viewerId={viewer._id} />;
}
