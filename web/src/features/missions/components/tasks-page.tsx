import { taskStatuses, taskStatusLabels } from '@muster/contract/missions';
import { ClipboardList } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/person-row';
import { paths } from '../../../lib/paths';
import { useMyMissionsQuery } from '../api/get-my-missions';
import { useTasksQuery } from '../api/get-tasks';
import { card, fieldStyle, labelStyle, missionTitle, PageFrame } from './mission-bits';
import { byStatus } from './task-board';
import { TaskCard } from './task-card';

/** /tasks: the tasks of my missions by status; filter by mission and "only mine"; status inline. */
export function TasksPage() {
  const [missionId, setMissionId] = useState('');
  const [mine, setMine] = useState(false);
  const tasks = useTasksQuery({ mine, ...(missionId ? { missionId } : {}) });
  const missions = useMyMissionsQuery();
  const id = useId();
  const columns = byStatus(tasks.data ?? []);
  return (
    <PageFrame title="Tasks" intro="Tasks of the missions you belong to.">
      <div className={`${card} flex flex-wrap items-end gap-4`}>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-mission`} className={labelStyle}>
            Mission
          </label>
          <select
            id={`${id}-mission`}
            className={fieldStyle}
            value={missionId}
            onChange={(e) => setMissionId(e.target.value)}
          >
            <option value="">All my missions</option>
            {(missions.data?.pages.flatMap((p) => p.data) ?? []).map((m) => (
              <option key={m._id} value={m._id}>
                {missionTitle(m)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={mine}
            onChange={(e) => setMine(e.target.checked)}
            className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
          />
          Only tasks assigned to me
        </label>
      </div>
      {tasks.isPending ? (
        <div className="grid animate-pulse gap-3 md:grid-cols-3" role="status" aria-label="Loading tasks">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-32 rounded-2xl bg-slate-200" />
          ))}
        </div>
      ) : tasks.isError ? (
        <p role="alert" className={`${card} text-sm text-red-600`}>
          Couldn't load tasks. Please try again.
        </p>
      ) : !tasks.data.length ? (
        <div className={card}>
          <EmptyState icon={ClipboardList} title={mine || missionId ? 'No tasks match' : 'No tasks yet'}>
            {mine || missionId ? (
              "Try another mission, or show everyone's tasks."
            ) : (
              <>
                Tasks are created on a mission's page.{' '}
                <Link to={paths.followedMissions} className="font-medium text-brand-700 hover:underline">
                  Find your missions
                </Link>
              </>
            )}
          </EmptyState>
        </div>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {taskStatuses.map((s) => (
            <section key={s} aria-label={taskStatusLabels[s]} className="rounded-2xl bg-slate-100 p-2.5">
              <h2 className="px-1 text-sm font-semibold text-slate-700">
                {taskStatusLabels[s]}{' '}
                <span className="font-normal text-slate-600">({columns[s].length})</span>
              </h2>
              <ul className="mt-2 space-y-2">
                {columns[s].map((t) => (
                  <TaskCard key={t._id} task={t} showMission />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
