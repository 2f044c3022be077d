import { Target } from 'lucide-react';
import { ListError } from '../../../components/list-error';
import { type PickableMission, type PickerMode, useMyMissionsQuery } from '../api/get-my-missions';

const EMPTY: Record<PickerMode, string> = {
  reference: 'No ongoing missions. Start a new mission to reference!',
  update: 'No missions to update yet.',
};

/** The mission picker in its two modes (spec §2): reference a mission, or post an update to it. */
export function MissionPicker({
  mode,
  onPick,
}: {
  mode: PickerMode;
  onPick: (mission: PickableMission) => void;
}) {
  const missions = useMyMissionsQuery(mode, true);
  return (
    <div
      className="rounded-lg border border-slate-200 p-3"
      aria-label={mode === 'update' ? 'Update a mission' : 'Reference a mission'}
      role="group"
    >
      {missions.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading missions…
        </p>
      ) : missions.isError ? (
        <ListError query={missions} what="missions" message="Failed to load missions. Please try again." />
      ) : !missions.data.length ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Target className="size-4 text-slate-400" aria-hidden="true" /> {EMPTY[mode]}
        </p>
      ) : (
        <ul className="space-y-1">
          {missions.data.map((m) => (
            <li key={m._id}>
              <button
                type="button"
                onClick={() => onPick(m)}
                className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-50"
              >
                {m.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
