import type { Mission } from '@muster/contract/missions';
import {
  createOfferSchema,
  OFFER_GIVE_MAX,
  OFFER_MESSAGE_MAX,
  OFFER_WHEN_MAX,
} from '@muster/contract/offers';
import { useId, useState } from 'react';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { useSendOfferMutation } from '../api/send-offer';
import { useUpdateMissionMutation } from '../api/update-mission';
import { fieldStyle, labelStyle, missionTitle } from './mission-bits';
import { MissionForm, missionPayload, type PlaceField } from './mission-form';

/** Offer help: a message to the owner, and what you can give and when (they find it on /offers). */
export function OfferHelpDialog({
  mission,
  open,
  onOpenChange,
}: {
  mission: Mission;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [message, setMessage] = useState('');
  const [give, setGive] = useState('');
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendOfferMutation();
  const id = useId();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = createOfferSchema.safeParse({
      message,
      ...(give.trim() ? { give } : {}),
      ...(when.trim() ? { when } : {}),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the message');
    setError(null);
    send.mutate(
      { missionId: mission._id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success('Offer sent');
          setMessage('');
          setGive('');
          setWhen('');
          onOpenChange(false);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to send the offer. Please try again.')),
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Offer help"
      description={`Tell the owner of ${missionTitle(mission)} how you can help.`}
      showDescription
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-message`} className={labelStyle}>
            Message
          </label>
          <textarea
            id={`${id}-message`}
            className={`${fieldStyle} min-h-28`}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={OFFER_MESSAGE_MAX}
            placeholder="I can lend a truck on weekends…"
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-give`} className={labelStyle}>
            What you can give <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${id}-give`}
            className={fieldStyle}
            value={give}
            onChange={(e) => setGive(e.target.value)}
            maxLength={OFFER_GIVE_MAX}
            placeholder="A truck, two volunteers, design work…"
          />
        </div>
        <div>
          <label htmlFor={`${id}-when`} className={labelStyle}>
            When <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${id}-when`}
            className={fieldStyle}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            maxLength={OFFER_WHEN_MAX}
            placeholder="Weekends in December…"
          />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.ghost} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send offer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

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
          onSubmit={(values) => {
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
                onError: (err) =>
                  toast.error(errorMessage(err, 'Failed to save the mission. Please try again.')),
              },
            );
          }}
        />
      )}
    </Modal>
  );
}
