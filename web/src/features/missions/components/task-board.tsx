import {
  createTaskSchema,
  type Member,
  TASK_DESCRIPTION_MAX,
  TASK_TITLE_MAX,
  type Task,
  taskStatuses,
  taskStatusLabels,
} from '@muster/contract/missions';
import { ClipboardList, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/person-row';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateTaskMutation } from '../api/create-task';
import { useMissionTasksQuery } from '../api/get-mission-tasks';
import { fieldStyle, labelStyle } from './mission-bits';
import { TaskCard } from './task-card';

const memberName = (m: Member) => `${m.user.firstName} ${m.user.lastName}`.trim() || `@${m.user.username}`;

/** Tasks grouped in the board's columns, in the order the server sent them. */
export function byStatus(tasks: Task[]) {
  return Object.fromEntries(taskStatuses.map((s) => [s, tasks.filter((t) => t.status === s)])) as Record<
    Task['status'],
    Task[]
  >;
}

function NewTaskDialog({
  missionId,
  members,
  open,
  onOpenChange,
}: {
  missionId: string;
  members: Member[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const create = useCreateTaskMutation();
  const id = useId();
  const form = useContractForm({ id, fields: ['title', 'description', 'assigneeId', 'dueDate'] });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const task = form.check(createTaskSchema, {
      title,
      description,
      assigneeId: assigneeId || null,
      dueDate: dueDate || null,
    });
    if (!task) return;
    create.mutate(
      { missionId, task },
      {
        onSuccess: () => {
          toast.success('Task created');
          setTitle('');
          setDescription('');
          setAssigneeId('');
          setDueDate('');
          onOpenChange(false);
        },
        onError: (err) => {
          form.refused(err);
          toast.error(errorMessage(err, 'Failed to create the task. Please try again.'));
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="New task"
      description="Add a task to the mission's board and assign it to a member."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={form.fieldId('title')} className={labelStyle}>
            Title
          </label>
          <input
            id={form.fieldId('title')}
            className={fieldStyle}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={TASK_TITLE_MAX}
            {...form.aria('title')}
          />
          <FieldError form={form} field="title" alert />
        </div>
        <div>
          <label htmlFor={form.fieldId('description')} className={labelStyle}>
            Description <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={form.fieldId('description')}
            className={`${fieldStyle} min-h-20`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={TASK_DESCRIPTION_MAX}
            {...form.aria('description')}
          />
          <FieldError form={form} field="description" alert />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={form.fieldId('assigneeId')} className={labelStyle}>
              Assignee
            </label>
            <select
              id={form.fieldId('assigneeId')}
              className={fieldStyle}
              value={assigneeId}
              onChange={(e) => setAssigneeId(e.target.value)}
              {...form.aria('assigneeId')}
            >
              <option value="">Unassigned</option>
              {members.map((m) => (
                <option key={m.user._id} value={m.user._id}>
                  {memberName(m)}
                </option>
              ))}
            </select>
            <FieldError form={form} field="assigneeId" alert />
          </div>
          <div>
            <label htmlFor={form.fieldId('dueDate')} className={labelStyle}>
              Due date <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id={form.fieldId('dueDate')}
              type="date"
              className={fieldStyle}
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              {...form.aria('dueDate')}
            />
            <FieldError form={form} field="dueDate" alert />
          </div>
        </div>
        <FormError form={form} />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.ghost} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create task'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The mission's task board for members: To do, In progress, Done; new tasks; status inline. */
export function TaskBoard({
  missionId,
  members,
  canDelete,
}: {
  missionId: string;
  members: Member[];
  canDelete: boolean;
}) {
  const tasks = useMissionTasksQuery(missionId, true);
  const [creating, setCreating] = useState(false);
  const columns = byStatus(tasks.data ?? []);
  return (
    <section
      aria-labelledby="tasks-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="tasks-heading" className="text-lg font-semibold text-slate-900">
          Tasks
        </h2>
        <button type="button" className={buttonStyles.outline} onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" /> New task
        </button>
      </div>
      {tasks.isPending ? (
        <div
          className="mt-3 grid animate-pulse gap-3 md:grid-cols-3"
          role="status"
          aria-label="Loading tasks"
        >
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 rounded-xl bg-slate-100" />
          ))}
        </div>
      ) : tasks.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          Couldn't load tasks. Please try again.
        </p>
      ) : !tasks.data.length ? (
        <div className="mt-3 flex flex-col items-center gap-1.5 py-6 text-center">
          <ClipboardList className="size-9 text-slate-300" aria-hidden="true" />
          <p className="font-medium text-slate-800">No tasks yet</p>
          <p className="text-sm text-slate-600">Break the mission into tasks and assign them to members.</p>
        </div>
      ) : (
        <div className="mt-3 grid gap-3 md:grid-cols-3">
          {taskStatuses.map((s) => (
            <section key={s} aria-label={taskStatusLabels[s]} className="rounded-xl bg-slate-50 p-2.5">
              <h3 className="px-1 text-sm font-semibold text-slate-700">
                {taskStatusLabels[s]}{' '}
                <span className="font-normal text-slate-600">({columns[s].length})</span>
              </h3>
              <ul className="mt-2 space-y-2">
                {columns[s].map((t) => (
                  <TaskCard key={t._id} task={t} canDelete={canDelete} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <NewTaskDialog missionId={missionId} members={members} open={creating} onOpenChange={setCreating} />
    </section>
  );
}
