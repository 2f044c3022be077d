import type { Mission } from '@muster/contract/missions';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMissionMutation } from '../api/update-mission';
import { MissionForm, missionPayload, type PlaceField } from './mission-form';

// Its own module: the mission page loads it lazily, for the owner only (a module also imported
// statically would stay in the page's chunk, and the build refuses that: web/vite.config.ts).

/** The owner's Edit: the create form, filled in, in a dialog. */
export function EditMissionDialog({
  mission,
  place,
  open,
  onOpenChange,
}: {
  mission: Mission;
  place: PlaceField;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateMissionMutation();
  const initialPhoto = mission.photo && !mission.photo.endsWith('/mission-default.svg') ? mission.photo : '';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Edit mission"
      description="Change what the mission says about itself."
      size="lg"
    >
      {open && (
        <MissionForm
          initial={{
            title: mission.title,
            description: mission.description,
            type: mission.type,
            category: mission.category,
            place: mission.mapLocation
              ? {
                  address: mission.mapLocation.address,
                  name: mission.mapLocation.name ?? mission.mapLocation.address,
                  // A place kept as typed has no point, and is shown as such.
                  ...(mission.mapLocation.coordinates
                    ? { coordinates: mission.mapLocation.coordinates }
                    : {}),
                  ...(mission.mapLocation.placeId ? { placeId: mission.mapLocation.placeId } : {}),
                  ...(mission.mapLocation.parts ? { parts: mission.mapLocation.parts } : {}),
                }
              : null,
            photo: initialPhoto,
            visibility: mission.visibility,
          }}
          place={place}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(values, refused) => {
            const { location, mapLocation, ...body } = missionPayload(values);
            // The place is sent only when it changed, so an untouched one keeps its exact point.
            const samePlace =
              (values.place?.address ?? '') === (mission.mapLocation?.address ?? mission.location) &&
              (values.place?.placeId ?? '') === (mission.mapLocation?.placeId ?? '');
            update.mutate(
              {
                missionId: mission._id,
                changes: {
                  ...body,
                  type: values.type || mission.type,
                  ...(samePlace ? {} : { location, ...(mapLocation ? { mapLocation } : {}) }),
                  // Only a new photo (a data URL) is sent; removing it sends null.
                  ...(values.photo.startsWith('data:')
                    ? { photo: values.photo }
                    : values.photo === '' && initialPhoto
                      ? { photo: null }
                      : {}),
                },
              },
              {
                onSuccess: () => {
                  toast.success('Mission updated');
                  onOpenChange(false);
                },
                onError: (err) => {
                  refused(err);
                  toast.error(errorMessage(err, 'Failed to save the mission. Please try again.'));
                },
              },
            );
          }}
        />
      )}
    </Modal>
  );
}
