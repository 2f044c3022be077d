import { createHuntSchema, POST_CONTENT_MAX, POST_TITLE_MAX } from '@muster/contract/posts';
import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Modal } from '../../../components/modal';
import toast from '../../../lib/toast';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateHuntMutation } from '../api/create-post';
import { PlaceSearch, usePlaceField } from './place-search';

/**
 * The hunt modal 'Product or Service Hunt' (spec §2, §5, §8), with the whole hunt payload of spec §3:
 * a picture and a place too. One place field, the place search the composer uses: a free "Location"
 * beside it asked for the same thing twice, and the server kept only one of them (decision 052).
 * The chosen place is sent as both `location` (its address) and `mapLocation`.
 */
export function HuntModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [huntType, setHuntType] = useState<'product' | 'service' | ''>('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  // The hunt does not go with words in the place box that were neither picked nor kept.
  const placeField = usePlaceField();
  const place = placeField.place;
  const [image, setImage] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const form = useContractForm({
    id: 'hunt',
    fields: ['huntType', 'title', 'description', 'place', 'image'],
    paths: { location: 'place', mapLocation: 'place' },
  });
  const create = useCreateHuntMutation();

  /** As the post composer: the picture travels as a data URL, previewed before it is sent. */
  function choose(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (!f.type.startsWith('image/')) return void toast.error('Please upload a valid image file');
    const reader = new FileReader();
    reader.onerror = () => toast.error('Failed to process file.');
    reader.onload = () => setImage(String(reader.result));
    reader.readAsDataURL(f);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const hunt = form.check(createHuntSchema, {
      huntType: huntType || undefined,
      title,
      ...(description.trim() ? { description } : {}),
      ...(place
        ? {
            location: place.address,
            // A place kept as typed has no point (decision 049).
            mapLocation: {
              address: place.address,
              ...(place.coordinates ? { coordinates: place.coordinates } : {}),
            },
          }
        : {}),
      ...(image ? { image } : {}),
    });
    if (!hunt || !placeField.ready()) return;
    create.mutate(hunt, {
      onSuccess: () => {
        toast.success('Hunt post created successfully');
        setHuntType('');
        setTitle('');
        setDescription('');
        placeField.reset();
        setImage(null);
        onOpenChange(false);
      },
      onError: (err) => {
        form.refused(err);
        toast.error(errorMessage(err, 'Failed to create hunt post'));
      },
    });
  }

  const input =
    'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Product or Service Hunt"
      description="Tell people what you are looking for."
      showDescription
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Looking for a</legend>
          <div className="mt-2 flex gap-2">
            {(['product', 'service'] as const).map((t) => (
              <label
                key={t}
                className={`cursor-pointer rounded-full border px-4 py-1.5 text-sm font-medium ${huntType === t ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name="huntType"
                  value={t}
                  checked={huntType === t}
                  onChange={() => setHuntType(t)}
                  className="sr-only"
                />
                {t === 'product' ? 'Product' : 'Service'}
              </label>
            ))}
          </div>
          <FieldError form={form} field="huntType" alert />
        </fieldset>
        <div>
          <label htmlFor={form.fieldId('title')} className="block text-sm font-medium text-slate-700">
            Title
          </label>
          <input
            id={form.fieldId('title')}
            className={input}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={POST_TITLE_MAX}
            {...form.aria('title')}
          />
          <FieldError form={form} field="title" alert />
        </div>
        <div>
          <label htmlFor={form.fieldId('description')} className="block text-sm font-medium text-slate-700">
            Description
          </label>
          <textarea
            id={form.fieldId('description')}
            className={`${input} min-h-24`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={POST_CONTENT_MAX}
            {...form.aria('description')}
          />
          <FieldError form={form} field="description" alert />
        </div>
        <PlaceSearch {...placeField.props} error={placeField.props.error ?? form.errors.place} />
        {image && (
          <div className="relative">
            <img
              src={image}
              alt="Preview of the attached image"
              className="max-h-60 w-full rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={() => setImage(null)}
              className="absolute right-2 top-2 rounded-full bg-white/90 p-1 shadow"
              aria-label="Remove image"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
        <FieldError form={form} field="image" alert />
        <FormError form={form} />
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <button
            type="button"
            onClick={() => file.current?.click()}
            className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ImagePlus className="size-4" aria-hidden="true" /> {image ? 'Change photo' : 'Photo'}
          </button>
          <input
            ref={file}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
            data-testid="hunt-image-input"
          />
          <button
            type="submit"
            disabled={create.isPending}
            className="rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {create.isPending ? 'Posting...' : 'Post hunt'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
