import { type Task, type TaskStatus, taskStatuses, taskStatusLabels } from '@muster/contract/missions';
import { CalendarDays, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/time';
import { useDeleteTaskMutation } from '../api/delete-task';
import { useUpdateTaskMutation } from '../api/update-task';
import { Avatar } from '../../../components/avatar';

/** A due date as people read it ("Dec 3, 2026"), and whether it has passed. */
export function dueLabel(dueDate: string, today = new Date().toISOString().slice(0, 10)) {
  return { text: formatDate(dueDate.slice(0, 10)), overdue: dueDate.slice(0, 10) < today };
}

/** One task: title, description, assignee, due date, a status select that saves at once, Delete. */
export function TaskCard({
  task,
  showMission = false,
  canDelete = false,
}: {
  task: Task;
  showMission?: boolean;
  canDelete?: boolean;
}) {
  const update = useUpdateTaskMutation();
  const remove = useDeleteTaskMutation();
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const due = task.dueDate ? dueLabel(task.dueDate) : null;

  function changeStatus(status: TaskStatus) {
    update.mutate(
      { taskId: task._id, changes: { status } },
      {
        onSuccess: () => toast.success(`Moved to ${taskStatusLabels[status]}`),
        onError: (e) => toast.error(errorMessage(e, 'Failed to update the task. Please try again.')),
      },
    );
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p id={`${id}-title`} className="break-words font-medium text-slate-900">
            {task.title}
          </p>
          {showMission && (
            <Link
              to={paths.mission(task.missionId)}
              className="block truncate text-xs font-medium text-brand-700 hover:underline"
            >
              {task.missionTitle}
            </Link>
          )}
        </div>
        {canDelete && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="shrink-0 rounded-full p-1 text-slate-400 hover:bg-slate-100 hover:text-red-600"
            aria-label={`Delete task ${task.title}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {task.description && (
        <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-slate-600">{task.description}</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        {task.assignee ? (
          <Link
            to={paths.profile(task.assignee.username)}
            className="inline-flex items-center gap-1.5 hover:underline"
          >
            <Avatar person={task.assignee} className="size-5" />
            {`${task.assignee.firstName} ${task.assignee.lastName}`.trim()}
          </Link>
        ) : (
          <span>Unassigned</span>
        )}
        {due && (
          <span
            className={`inline-flex items-center gap-1 ${due.overdue && task.status !== 'done' ? 'font-medium text-red-600' : ''}`}
          >
            <CalendarDays className="size-3.5" aria-hidden="true" /> <span className="sr-only">Due </span>
            {due.text}
          </span>
        )}
      </div>
      <label htmlFor={`${id}-status`} className="sr-only">
        Status of {task.title}
      </label>
      <select
        id={`${id}-status`}
        value={task.status}
        onChange={(e) => changeStatus(e.target.value as TaskStatus)}
        disabled={update.isPending}
        className="mt-2 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      >
        {taskStatuses.map((s) => (
          <option key={s} value={s}>
            {taskStatusLabels[s]}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this task?"
        description={`"${task.title}" will be removed from the board for everyone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(task._id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Task deleted');
            },
            onError: (e) => toast.error(errorMessage(e, 'Failed to delete the task. Please try again.')),
          })
        }
      />
    </li>
  );
}
