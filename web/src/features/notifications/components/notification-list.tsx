import type { Notification } from '@muster/contract/notifications';
import { Bell, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { timeAgo } from '../../../lib/time';
import { useDeleteNotificationMutation } from '../api/delete-notification';
import { useMarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read';
import { describe, notificationTarget } from '../notification-rules';
import { useNotificationActions } from './notification-actions';
import { Avatar } from '../../../components/avatar';

/** The rows of the dropdown and of /notifications: click to follow, a button to delete. */
export function NotificationList({
  notifications,
  loading,
  onNavigate,
}: {
  notifications: Notification[];
  loading: boolean;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const remove = useDeleteNotificationMutation();
  const markAll = useMarkAllNotificationsReadMutation();
  // Issue 16: answers such as Keep open, composed by app/ (notification-actions.tsx).
  const actionsFor = useNotificationActions();

  if (loading)
    return (
      <p role="status" className="px-4 py-8 text-center text-sm text-slate-600">
        Loading notifications...
      </p>
    );
  if (!notifications.length) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
        <Bell className="size-8 text-slate-300" aria-hidden="true" />
        <p className="text-sm text-slate-600">No notifications yet.</p>
      </div>
    );
  }

  function open(n: Notification) {
    // Spec §4: clicking an unread one also marks all read.
    if (!n.read) markAll.mutate();
    const target = notificationTarget(n);
    if (!target) return;
    onNavigate?.();
    navigate(target);
  }

  return (
    <ul className="divide-y divide-slate-100">
      {notifications.map((n) => (
        <li
          key={n._id}
          className={`group flex items-start gap-3 px-4 py-3 ${n.read ? 'bg-white' : 'bg-brand-50/60'}`}
        >
          <div className="min-w-0 flex-1">
            <button
              type="button"
              onClick={() => open(n)}
              className="flex w-full min-w-0 items-start gap-3 text-left"
            >
              {n.sender ? (
                <Avatar person={n.sender} className="size-9 shrink-0" />
              ) : (
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
                  aria-hidden="true"
                >
                  <Bell className="size-4" />
                </span>
              )}
              <span className="min-w-0">
                <span className="block text-sm text-slate-800">{describe(n)}</span>
                <span className="mt-0.5 block text-xs text-slate-500">
                  {timeAgo(n.createdAt)} ago{!n.read && <span className="sr-only"> · unread</span>}
                </span>
              </span>
              {!n.read && (
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
              )}
            </button>
            {actionsFor(n)}
          </div>
          <button
            type="button"
            onClick={() => remove.mutate(n._id)}
            aria-label="Delete notification"
            className="rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-red-600 focus-visible:text-red-600"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
