import type { Notification } from '@muster/contract/notifications';
import { createContext, useContext } from 'react';

/**
 * What a notification row offers beside following its link (issue 16: "Still needed?" → Keep open,
 * Mark fulfilled). The actions act on other features' things, so app/ composes them and hands them
 * down here; a row without any shows none.
 */
export type NotificationActionsFor = (notification: Notification) => React.ReactNode;

const ActionsContext = createContext<NotificationActionsFor | null>(null);

export function NotificationActionsProvider({
  actions,
  children,
}: {
  actions: NotificationActionsFor;
  children: React.ReactNode;
}) {
  return <ActionsContext.Provider value={actions}>{children}</ActionsContext.Provider>;
}

/** The actions of one notification, or null. */
export function useNotificationActions(): NotificationActionsFor {
  const actions = useContext(ActionsContext);
  return (n) => actions?.(n) ?? null;
}
