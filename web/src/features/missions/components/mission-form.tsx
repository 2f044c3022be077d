import { type ChosenPlace, placeNotChosenMessage } from '@muster/contract/geo';
import {
  createMissionSchema,
  DEFAULT_MISSION_PHOTO,
  MISSION_CATEGORY_MAX,
  MISSION_DESCRIPTION_MAX,
  MISSION_TITLE_MAX,
  type MissionType,
  missionTypeBadge,
} from '@muster/contract/missions';
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { buttonStyles } from '../../../components/person-row';
import { FieldError, FormError } from '../../../components/form-errors';
import { downscaleToJpeg } from '../../../lib/downscale-image';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldStyle, labelStyle } from './mission-bits';

/**
 * The place search belongs to another feature; the router hands it in. It tells the form the
 * words in its box (`onTextChange`) and shows the form's `error` about them (decision 049).
 */
export type PlaceField = (
  value: ChosenPlace | null,
  onChange: (place: ChosenPlace | null) => void,
  field: { onTextChange: (text: string) => void; error: string | undefined },
) => React.ReactNode;

export type MissionFormValues = {
  title: string;
  description: string;
  type: MissionType | '';
  category: string;
  place: ChosenPlace | null;
  /** A data URL of a new photo, the URL of the current one, or '' for none (the default photo). */
  photo: string;
  visibility: 'public' | 'members';
};

export const emptyMissionForm: MissionFormValues = {
  title: '',
  description: '',
  type: '',
  category: '',
  place: null,
  photo: '',
  visibility: 'public',
};

/** The request body the form's values make (what createMissionSchema checks). */
export function missionPayload(values: MissionFormValues) {
  return {
    title: values.title,
    description: values.description,
    type: values.type || undefined,
    category: values.category,
    location: values.place?.address ?? '',
    ...(values.place
      ? {
          mapLocation: {
            address: values.place.address,
            name: values.place.name,
            coordinates: values.place.coordinates,
            placeId: values.place.placeId,
            ...(values.place.parts ? { parts: values.place.parts } : {}),
          },
        }
      : {}),
    visibility: values.visibility,
  };
}

/**
 * The fields of a mission, for /create-mission and the owner's Edit dialog; checked with the
 * contract's createMissionSchema before anything is sent, so the messages match the server's.
 */
export function MissionForm({
  initial,
  place,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: MissionFormValues;
  place: PlaceField;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** With the checked values, and what says a refusal's field details on the fields (true when it did). */
  onSubmit: (values: MissionFormValues, refused: (error: unknown) => boolean) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  // Words in the place box that were neither picked nor kept: the mission does not go without them.
  const [placeText, setPlaceText] = useState('');
  const id = useId();
  // The server's location and mapLocation are the place field's.
  const form = useContractForm({
    id,
    fields: ['title', 'type', 'description', 'category', 'place', 'photo'],
    paths: { location: 'place', mapLocation: 'place' },
  });
  const fileInput = useRef<HTMLInputElement>(null);
  // Editing a field clears its message; the next submit checks everything again.
  const set = <K extends keyof MissionFormValues>(key: K, value: MissionFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key !== 'visibility') form.setError(key as Exclude<K, 'visibility'>, undefined);
  };

  async function choosePhoto(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return form.setError('photo', 'Choose an image file');
    try {
      set('photo', await downscaleToJpeg(file));
    } catch {
      form.setError('photo', 'Failed to process file.');
    }
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form.check(createMissionSchema, missionPayload(values))) return;
    // The place search focuses its own box when it is given the message.
    if (!values.place && placeText.trim()) return form.setError('place', placeNotChosenMessage(placeText));
    onSubmit(
      {
        ...values,
        title: values.title.trim(),
        description: values.description.trim(),
        category: values.category.trim(),
      },
      form.refused,
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <label htmlFor={`${id}-title`} className={labelStyle}>
          Title
        </label>
        <input
          id={`${id}-title`}
          className={fieldStyle}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={MISSION_TITLE_MAX}
          placeholder="Clean water for Tamale"
          {...form.aria('title')}
        />
        <FieldError form={form} field="title" />
      </div>
      <fieldset>
        <legend className={labelStyle}>Type</legend>
        <div
          id={`${id}-type`}
          tabIndex={-1}
          className="mt-2 grid gap-2 sm:grid-cols-2"
          aria-describedby={form.aria('type')['aria-describedby']}
        >
          {(['collaboration', 'partnership'] as const).map((t) => (
            <label
              key={t}
              className={`cursor-pointer rounded-xl border p-3 text-sm focus-within:ring-2 focus-within:ring-brand-500/40 ${values.type === t ? 'border-brand-600 bg-brand-50' : 'border-slate-300 hover:bg-slate-50'}`}
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={t}
                checked={values.type === t}
                onChange={() => set('type', t)}
                className="sr-only"
              />
              <span className="flex items-center justify-between font-semibold text-slate-900">
                {t === 'collaboration' ? 'Collaboration' : 'Partnership'}{' '}
                <span className="text-xs font-medium text-slate-500">{missionTypeBadge[t]}</span>
              </span>
              <span className="block text-slate-600">
                {t === 'collaboration'
                  ? 'People join to help with the work'
                  : 'Organisations and people co-lead it'}
              </span>
            </label>
          ))}
        </div>
        <FieldError form={form} field="type" />
      </fieldset>
      <div>
        <label htmlFor={`${id}-description`} className={labelStyle}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className={`${fieldStyle} min-h-32`}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          maxLength={MISSION_DESCRIPTION_MAX}
          placeholder="What is the mission about, and what help does it need?"
          {...form.aria('description')}
        />
        <FieldError form={form} field="description" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-category`} className={labelStyle}>
            Category <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${id}-category`}
            className={fieldStyle}
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
            maxLength={MISSION_CATEGORY_MAX}
            placeholder="Disaster response, Research, Design…"
            {...form.aria('category')}
          />
          <FieldError form={form} field="category" />
        </div>
        <div>
          <label htmlFor={`${id}-visibility`} className={labelStyle}>
            Who can see it
          </label>
          <select
            id={`${id}-visibility`}
            className={fieldStyle}
            value={values.visibility}
            onChange={(e) => set('visibility', e.target.value as MissionFormValues['visibility'])}
          >
            <option value="public">Everyone</option>
            <option value="members">Members only</option>
          </select>
        </div>
      </div>
      <div>
        {place(values.place, (p) => set('place', p), {
          onTextChange: (text) => {
            setPlaceText(text);
            if (!text.trim()) form.setError('place', undefined);
          },
          error: form.errors.place,
        })}
      </div>
      <div>
        <span className={labelStyle}>
          Photo <span className="font-normal text-slate-500">(optional)</span>
        </span>
        <div className="relative mt-1 overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          <img
            src={values.photo || DEFAULT_MISSION_PHOTO}
            alt={values.photo ? 'Preview of the mission photo' : 'The default mission photo'}
            className="aspect-[16/7] w-full object-cover"
          />
          {values.photo && (
            <button
              type="button"
              onClick={() => set('photo', '')}
              className="absolute right-2 top-2 rounded-full bg-white/90 p-1.5 shadow"
              aria-label="Remove photo"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          className={`${buttonStyles.quiet} mt-2`}
        >
          <ImagePlus className="size-4" aria-hidden="true" /> {values.photo ? 'Change photo' : 'Choose photo'}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={choosePhoto}
          data-testid="mission-photo-input"
        />
        <FieldError form={form} field="photo" />
      </div>
      <FormError form={form} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {onCancel && (
          <button type="button" className={buttonStyles.ghost} onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        )}
        <button type="submit" className={buttonStyles.primary} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
