import { useEffect, useRef } from 'react';
import { ListError } from '../../../components/list-error';
import { useNotificationsQuery } from '../api/get-notifications';
import { useMarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read';
import { visibleNotifications } from '../notification-rules';
import { NotificationList } from './notification-list';

/** /notifications: the full list; like the dropdown, opening it marks everything read. */
export function NotificationsPage() {
  const query = useNotificationsQuery();
  const markAll = useMarkAllNotificationsReadMutation();
  const list = visibleNotifications(query.data);
  const marked = useRef(false);
  const hasUnread = list.some((n) => !n.read);

  useEffect(() => {
    // Only on data fetched for this visit: cached data may be older than what just arrived.
    if (query.isFetchedAfterMount && hasUnread && !marked.current) {
      marked.current = true;
      markAll.mutate();
    }
  }, [query.isFetchedAfterMount, hasUnread, markAll]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
        <button
          type="button"
          onClick={() => markAll.mutate()}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Mark all as read
        </button>
      </div>
      <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {query.isError ? (
          <ListError query={query} what="notifications" className="m-4" />
        ) : (
          <NotificationList notifications={list} loading={query.isPending} />
        )}
      </div>
    </div>
  );
}
