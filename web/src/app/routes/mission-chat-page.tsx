import { GroupChat } from '../../features/chats/components/group-chat';
import { MissionChatPage } from '../../features/missions/components/mission-chat-page';
import { useSessionQuery } from '../../lib/session';

/** /chat/{missionId}: the missions feature finds the chat, the chats feature shows it. */
export function MissionChatRoute() {
  const viewerId = useSessionQuery().data!._id;
  return (
    <MissionChatPage
      viewerId={viewerId}
      chat={(c) => <GroupChat key={c.chatId} {...c} viewerId={viewerId} />}
    />
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { MissionChatRoute as Component };
