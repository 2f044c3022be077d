import toast from '../../../lib/toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateMissionMutation } from '../api/create-mission';
import { card } from './mission-bits';
import { emptyMissionForm, MissionForm, missionPayload, type PlaceField } from './mission-form';

/** /create-mission: start a mission; on success, its page. */
export function CreateMissionPage({ place }: { place: PlaceField }) {
  const create = useCreateMissionMutation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Start a mission</h1>
      <p className="mt-1 text-sm text-slate-600">
        Gather partners and collaborators around something that needs doing.
      </p>
      <div className={`${card} mt-4`}>
        <MissionForm
          initial={emptyMissionForm}
          place={place}
          submitLabel="Create mission"
          pendingLabel="Creating..."
          pending={create.isPending}
          onCancel={() => navigate(-1)}
          onSubmit={(values, refused) =>
            create.mutate(
              {
                ...missionPayload(values),
                type: values.type || 'collaboration',
                ...(values.photo ? { photo: values.photo } : {}),
              },
              {
                onSuccess: (mission) => {
                  toast.success('Mission created');
                  navigate(paths.mission(mission._id), { replace: true });
                },
                onError: (err) => {
                  refused(err);
                  toast.error(errorMessage(err, 'Failed to create the mission. Please try again.'));
                },
              },
            )
          }
        />
      </div>
    </div>
  );
}
