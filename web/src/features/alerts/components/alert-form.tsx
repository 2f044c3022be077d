import {
  type Alert,
  alertCreateSchema,
  alertKindLabels,
  alertKinds,
  alertUpdateSchema,
  type AlertCreate,
} from '@muster/contract/alerts';
import { NEAR_RADIUS_DEFAULT_KM, NEAR_RADIUS_MAX_KM } from '@muster/contract/map-constants';
import { type ChosenPlace, placeNotChosenMessage } from '@muster/contract/geo';
import { useId, useState } from 'react';
import { FieldError, FormError } from '../../../components/form-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import type { AlertDraft, PlaceField } from '../place-field';

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
const label = 'block text-sm font-medium text-slate-700';
const hint = 'mt-1 text-xs text-slate-500';

const fields = ['name', 'words', 'category', 'kinds', 'place', 'radiusKm'] as const;
type Field = (typeof fields)[number];

/** The map's centre as the place's text: the owner reads it in their list of alerts. */
const centreName = ([lon, lat]: [number, number]) =>
  `The map’s centre (${lat.toFixed(2)}, ${lon.toFixed(2)})`;

/** A name the person would give it: the words, else the category, else what it is about. */
export function suggestedName(draft: { words?: string | undefined; category?: string | undefined }) {
  const about = draft.words?.trim() || draft.category?.trim();
  return about ? `${about[0]!.toUpperCase()}${about.slice(1)} near me`.slice(0, 80) : 'Needs near me';
}

/**
 * The one form of an alert (decision 080), to make one (from a search, the map or by hand) or to
 * change one: what to look for (words, category, kinds), where (a place picked in the place
 * search and a radius) and its name. Checked with the contract's schemas before it is sent; the
 * server's field details land on the same fields (decision 056).
 */
export function AlertForm({
  alert,
  draft,
  placeField,
  submitLabel,
  pendingLabel,
  send,
  onRefused,
  onCancel,
}: {
  /** The alert being changed; none to make one. */
  alert?: Alert;
  /** Where a new alert starts. */
  draft?: AlertDraft;
  /** The place search (app/ hands it in); without it, the map's centre is the place. */
  placeField?: PlaceField | undefined;
  submitLabel: string;
  pendingLabel: string;
  send: (body: AlertCreate) => Promise<unknown>;
  onRefused: (error: unknown) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useContractForm<Field>({ id: `alert${id.replace(/:/g, '')}`, fields });
  const center = draft?.center;
  const [values, setValues] = useState(() => ({
    name: alert?.name ?? suggestedName(draft ?? {}),
    words: alert?.words ?? draft?.words ?? '',
    category: alert?.category ?? draft?.category ?? '',
    kinds: new Set<string>(alert?.kinds ?? (draft?.kinds.length ? draft.kinds : ['need', 'want'])),
    radiusKm: String(alert?.radiusKm ?? draft?.radiusKm ?? NEAR_RADIUS_DEFAULT_KM),
  }));
  const [place, setPlace] = useState<ChosenPlace | null>(() =>
    alert
      ? {
          name: alert.place.name ?? alert.place.address,
          address: alert.place.address,
          coordinates: alert.place.coordinates,
        }
      : !placeField && center
        ? { name: centreName(center), address: centreName(center), coordinates: center }
        : null,
  );
  const [placeText, setPlaceText] = useState('');
  const [pending, setPending] = useState(false);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!place && placeText.trim()) {
      form.setError('place', placeNotChosenMessage(placeText));
      document.getElementById(form.fieldId('place'))?.focus();
      return;
    }
    const body = {
      name: values.name,
      words: values.words,
      category: values.category,
      kinds: alertKinds.filter((k) => values.kinds.has(k)),
      ...(place
        ? {
            place: {
              address: place.address,
              ...(place.name ? { name: place.name } : {}),
              ...(place.coordinates ? { coordinates: place.coordinates } : {}),
              ...(place.placeId ? { placeId: place.placeId } : {}),
              ...(place.parts ? { parts: place.parts } : {}),
            },
          }
        : {}),
      radiusKm: Number(values.radiusKm),
    };
    const checked = alert ? form.check(alertUpdateSchema, body) : form.check(alertCreateSchema, body);
    if (!checked) return;
    setPending(true);
    try {
      await send(body as AlertCreate);
    } catch (err) {
      if (!form.refused(err)) onRefused(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={form.fieldId('words')} className={label}>
          Words to look for <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={form.fieldId('words')}
          className={input}
          value={values.words}
          onChange={(e) => set('words', e.target.value)}
          placeholder="generator, insulin, water…"
          {...form.aria('words', `${form.fieldId('words')}-hint`)}
        />
        <p id={`${form.fieldId('words')}-hint`} className={hint}>
          A post fits when it uses every word (as search matches them). Leave empty for any post.
        </p>
        <FieldError form={form} field="words" />
      </div>
      <div>
        <label htmlFor={form.fieldId('category')} className={label}>
          Category <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={form.fieldId('category')}
          className={input}
          value={values.category}
          onChange={(e) => set('category', e.target.value)}
          placeholder="Energy, Medical supplies…"
          {...form.aria('category')}
        />
        <FieldError form={form} field="category" />
      </div>
      <fieldset>
        <legend className={label}>Tell me about</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2" id={form.fieldId('kinds')} tabIndex={-1}>
          {alertKinds.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                checked={values.kinds.has(k)}
                onChange={(e) => {
                  const next = new Set(values.kinds);
                  if (e.target.checked) next.add(k);
                  else next.delete(k);
                  set('kinds', next);
                }}
              />
              {alertKindLabels[k]}
            </label>
          ))}
        </div>
        <FieldError form={form} field="kinds" alert />
      </fieldset>
      <div>
        {placeField ? (
          // The place search has its own label ("Place") and says its own message.
          <div id={form.fieldId('place')} tabIndex={-1}>
            {placeField(
              place,
              (p) => {
                setPlace(p);
                form.setError('place', undefined);
              },
              { onTextChange: setPlaceText, error: form.errors.place },
            )}
          </div>
        ) : (
          <>
            <span className={label}>Near</span>
            <p id={form.fieldId('place')} tabIndex={-1} className="mt-1 text-sm text-slate-700">
              {place?.address ?? 'Move the map to the place first'}
            </p>
          </>
        )}
        {!placeField && <FieldError form={form} field="place" />}
        <p className={hint}>Only you see this place. Notices name the post’s town, never your place.</p>
      </div>
      <div>
        <label htmlFor={form.fieldId('radiusKm')} className={label}>
          Within (km)
        </label>
        <input
          id={form.fieldId('radiusKm')}
          type="number"
          inputMode="numeric"
          min={1}
          max={NEAR_RADIUS_MAX_KM}
          step={1}
          className={`${input} max-w-32`}
          value={values.radiusKm}
          onChange={(e) => set('radiusKm', e.target.value)}
          {...form.aria('radiusKm')}
        />
        <FieldError form={form} field="radiusKm" />
      </div>
      <div>
        <label htmlFor={form.fieldId('name')} className={label}>
          Name
        </label>
        <input
          id={form.fieldId('name')}
          className={input}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          {...form.aria('name')}
        />
        <FieldError form={form} field="name" />
      </div>
      <FormError form={form} />
      <div className="flex flex-wrap justify-end gap-3 pt-1">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Cancel
        </button>
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
