import { ChatRequests } from '../../features/chats/components/chat-requests';
import { RequestsPage } from '../../features/missions/components/requests-page';

/** /requests: message requests (chats) above mission join requests (missions), composed outside the entry chunk. */
export function RequestsRoute() {
  return <RequestsPage chatRequests={<ChatRequests />} />;
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { RequestsRoute as Component };
