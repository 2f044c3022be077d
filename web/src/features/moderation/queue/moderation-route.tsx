import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { ModerationAppealsRoute } from './appeals-page';
import { ModerationCaseRoute } from './case-page';
import { ModerationQueueRoute } from './queue-page';

/**
 * /moderation, /moderation/cases/:caseId and /moderation/appeals behind one route (app/routes/moderation-page.tsx): every route the
 * router lists weighs on the landing page's start-up budget (DESIGN.md §6).
 */
export function ModerationRoute() {
  const { section, caseId } = useParams();
  if (section === undefined) return <ModerationQueueRoute />;
  if (section === 'cases' && caseId) return <ModerationCaseRoute />;
  if (section === 'appeals' && !caseId) return <ModerationAppealsRoute />;
  return <NotFoundPage />;
}
