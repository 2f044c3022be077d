import {
  COLLAB_DESCRIPTION_MAX,
  COLLAB_LOCATION_MAX,
  COLLAB_TITLE_MAX,
  type CollaborationCategoryId,
  collaborationCategories,
  createCollaborationSchema,
} from '@muster/contract/collaboration';
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FieldError, FormError } from '../../../components/form-errors';
import { downscaleToJpeg } from '../../../lib/downscale-image';
import { useContractForm } from '../../../lib/use-contract-form';

export type CollaborationFormValues = {
  title: string;
  description: string;
  deadline: string;
  location: string;
  /** A data URL of a new image, the URL of the current one, or '' for none. */
  image: string;
};

export const emptyCollaborationForm: CollaborationFormValues = {
  title: '',
  description: '',
  deadline: '',
  location: '',
  image: '',
};

/** The fields of a collaboration request, shared by the post modal and the edit page. */
export function CollaborationForm({
  categoryId,
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  categoryId: CollaborationCategoryId;
  initial: CollaborationFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** With the checked values, and what says a refusal's field details on the fields (true when it did). */
  onSubmit: (values: CollaborationFormValues, refused: (error: unknown) => boolean) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const id = useId();
  const form = useContractForm({ id, fields: ['title', 'description', 'deadline', 'location', 'image'] });
  const fileInput = useRef<HTMLInputElement>(null);
  const set =
    (field: keyof CollaborationFormValues) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  async function chooseImage(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const image = await downscaleToJpeg(file);
      setValues((v) => ({ ...v, image }));
      form.setError('image', undefined);
    } catch {
      form.setError('image', 'Failed to process file.');
    }
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(createCollaborationSchema, {
      title: values.title,
      description: values.description,
      deadline: values.deadline,
      location: values.location,
      // The current image (a URL) is kept as it is; only a new one is sent.
      ...(values.image.startsWith('data:') ? { image: values.image } : {}),
    });
    if (!body) return;
    onSubmit(
      {
        ...values,
        title: values.title.trim(),
        description: values.description.trim(),
        location: values.location.trim(),
      },
      form.refused,
    );
  }

  const field =
    'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';
  const label = 'block text-sm font-medium text-slate-700';
  const category = collaborationCategories[categoryId];

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label className={label} htmlFor={`${id}-category`}>
          Category
        </label>
        <input
          id={`${id}-category`}
          className={`${field} bg-slate-50 text-slate-600`}
          value={category.name}
          readOnly
          aria-readonly="true"
        />
      </div>
      <div>
        <label className={label} htmlFor={`${id}-title`}>
          Mission Title
        </label>
        <input
          id={`${id}-title`}
          className={field}
          value={values.title}
          onChange={set('title')}
          maxLength={COLLAB_TITLE_MAX}
          required
          {...form.aria('title')}
        />
        <FieldError form={form} field="title" />
      </div>
      <div>
        <label className={label} htmlFor={`${id}-description`}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className={`${field} min-h-28`}
          value={values.description}
          onChange={set('description')}
          placeholder="Describe what you need from collaborators"
          maxLength={COLLAB_DESCRIPTION_MAX}
          required
          {...form.aria('description')}
        />
        <FieldError form={form} field="description" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className={label} htmlFor={`${id}-deadline`}>
            Deadline
          </label>
          <input
            id={`${id}-deadline`}
            type="date"
            className={field}
            value={values.deadline}
            onChange={set('deadline')}
            {...form.aria('deadline')}
          />
          <FieldError form={form} field="deadline" />
        </div>
        <div>
          <label className={label} htmlFor={`${id}-location`}>
            Location
          </label>
          <input
            id={`${id}-location`}
            className={field}
            value={values.location}
            onChange={set('location')}
            placeholder="Remote or physical location"
            maxLength={COLLAB_LOCATION_MAX}
            {...form.aria('location')}
          />
          <FieldError form={form} field="location" />
        </div>
      </div>
      <div>
        <span className={label} id={`${id}-image-label`}>
          Offer Image
        </span>
        <div className="mt-1 flex items-center gap-3">
          {values.image ? (
            <div className="relative">
              <img
                src={values.image}
                alt="Preview of the chosen image"
                className="h-20 w-32 rounded-lg object-cover ring-1 ring-slate-200"
              />
              <button
                type="button"
                onClick={() => setValues((v) => ({ ...v, image: '' }))}
                className="absolute -right-2 -top-2 rounded-full bg-white p-1 text-slate-600 shadow ring-1 ring-slate-200 hover:text-slate-900"
                aria-label="Remove image"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </div>
          ) : null}
          <button
            type="button"
            id={form.fieldId('image')}
            onClick={() => fileInput.current?.click()}
            aria-describedby={`${id}-image-label`}
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <ImagePlus className="size-4" aria-hidden="true" /> Choose Image
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={chooseImage}
            data-testid="collaboration-image-input"
          />
        </div>
        <FieldError form={form} field="image" />
      </div>
      <FormError form={form} />
      <div className="flex justify-end gap-3 pt-2">
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
        )}
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
