import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotificationsQuery } from '../api/get-notifications';
import { useMarkAllNotificationsReadMutation } from '../api/mark-all-notifications-read';
import { visibleNotifications } from '../notification-rules';
import { NotificationList } from './notification-list';

/** Desktop: 'Alerts' opens this dropdown (spec §2); opening it marks everything read. */
export function NotificationsDropdown({ badge }: { badge: (count: number) => React.ReactNode }) {
  const query = useNotificationsQuery();
  const markAll = useMarkAllNotificationsReadMutation();
  const [open, setOpen] = useState(false);
  const list = visibleNotifications(query.data);
  const unread = list.filter((n) => !n.read).length;

  function change(next: boolean) {
    setOpen(next);
    if (next) {
      void query.refetch().then(({ data }) => {
        if (visibleNotifications(data).some((n) => !n.read)) markAll.mutate();
      });
    }
  }

  return (
    <Popover.Root open={open} onOpenChange={change}>
      <Popover.Trigger
        className="relative flex flex-col items-center gap-0.5 rounded-lg px-3 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:text-brand-700"
        aria-label={`Alerts${unread ? `, ${unread} unread` : ''}`}
      >
        <span className="relative">
          <Bell className="size-5" aria-hidden="true" />
          {badge(unread)}
        </span>
        <span aria-hidden="true">Alerts</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-96 max-w-[calc(100vw-1rem)] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Mark all as read
            </button>
          </div>
          <div className="max-h-[26rem] overflow-y-auto">
            <NotificationList
              notifications={list}
              loading={query.isPending}
              onNavigate={() => setOpen(false)}
            />
          </div>
          <div className="border-t border-slate-100 px-4 py-2.5 text-center">
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              View all notifications
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
