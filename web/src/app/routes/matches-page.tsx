import { MatchesPage } from '../../features/matching/components/matches-page';
import { OfferHelpButton } from '../offer-help-button';

/** /matches: the matching feature's page, offering help through the posts feature's dialog. */
export function MatchesRoute() {
  return <MatchesPage offerHelp={(postId) => <OfferHelpButton postId={postId} />} />;
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { MatchesRoute as Component };
