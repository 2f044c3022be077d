import {
  type PrivacySettings,
  privacySettingsSchema,
  type SavedPrivacySettings,
} from '@muster/contract/users';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { paths } from '../../../lib/paths';
import { usePrivacySettingsQuery } from '../api/get-privacy-settings';
import { useUpdatePrivacySettingsMutation } from '../api/update-privacy-settings';

type Choice<V extends string> = { value: V; label: string; hint: string };

const profileChoices: Choice<PrivacySettings['profileVisibility']>[] = [
  { value: 'everyone', label: 'Everyone', hint: 'Anyone on Muster sees your bio, location and posts.' },
  {
    value: 'connections',
    label: 'Connections only',
    hint: 'Others see only your name, picture, headline and a Connect button.',
  },
];
const connectionsChoices: Choice<PrivacySettings['connectionsVisibility']>[] = [
  {
    value: 'everyone',
    label: 'Everyone',
    hint: 'Anyone who can see your profile can open your Connections tab.',
  },
  { value: 'connections', label: 'Connections only', hint: 'Only people you are connected with.' },
  { value: 'only_me', label: 'Only me', hint: 'Nobody else sees who you are connected with.' },
];
const messageChoices: Choice<PrivacySettings['messagePolicy']>[] = [
  { value: 'everyone', label: 'Everyone', hint: 'Anyone can start a conversation with you.' },
  {
    value: 'connections',
    label: 'Connections only',
    hint: 'Others send a chat request that you can accept or decline.',
  },
];

/**
 * New accounts start on "Connections only" (issue 32 item 5, decision 047): on a network used after
 * disasters, a stranger's first message should wait for a yes. Said here, as the person may wonder
 * why a message they expected came as a request.
 */
export const MESSAGE_DEFAULT_NOTE =
  'New accounts start with Connections only: people you are connected with message you directly, and anyone else sends a request first. Accounts made before keep the choice they had.';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/**
 * /privacy-settings: who sees my profile and connections, who may message me, whether search finds
 * me, and whether my public posts go to other servers (the fediverse).
 */
export function PrivacySettingsPage() {
  const query = usePrivacySettingsQuery();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Settings & Privacy
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Privacy settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        Choose who sees what of you on Muster. People you block never see anything of you.
      </p>
      {query.isPending ? (
        <div className="mt-4 space-y-4" role="status" aria-label="Loading privacy settings">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-32 animate-pulse rounded-2xl border border-slate-200 bg-white" />
          ))}
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Couldn't load your privacy settings. Please try again.
        </p>
      ) : (
        <PrivacyForm initial={query.data} />
      )}
    </div>
  );
}

/** The settings, checked with the contract's schema, saved together. */
export function PrivacyForm({ initial }: { initial: SavedPrivacySettings }) {
  const [values, setValues] = useState<SavedPrivacySettings>(initial);
  const form = useContractForm({
    id: 'privacy',
    fields: ['profileVisibility', 'connectionsVisibility', 'messagePolicy', 'searchable', 'federate'],
  });
  const save = useUpdatePrivacySettingsMutation();
  const set = <K extends keyof SavedPrivacySettings>(key: K, value: SavedPrivacySettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const changed = (Object.keys(initial) as Array<keyof SavedPrivacySettings>).some(
    (k) => initial[k] !== values[k],
  );
  // Someone hidden from search is not shown to other servers either: the switch is off and held.
  const federates = values.searchable && values.federate;

  // The choices are groups of radios and a switch, which take no focus: a refusal is announced.
  const refusal = (field: keyof PrivacySettings) => (
    <FieldError form={form} field={field} alert className="mt-2 text-sm text-red-700" />
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(privacySettingsSchema, { ...values, federate: federates });
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        setValues(saved);
        toast.success('Privacy settings saved');
      },
      onError: (err) => {
        form.refused(err);
        toast.error(errorMessage(err, 'Could not save your privacy settings'));
      },
    });
  }

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <RadioGroup
        name="profileVisibility"
        legend="Who can see your profile"
        choices={profileChoices}
        value={values.profileVisibility}
        onChange={(v) => set('profileVisibility', v)}
        error={refusal('profileVisibility')}
      />
      <RadioGroup
        name="connectionsVisibility"
        legend="Who can see your connections"
        choices={connectionsChoices}
        value={values.connectionsVisibility}
        onChange={(v) => set('connectionsVisibility', v)}
        error={refusal('connectionsVisibility')}
      />
      <RadioGroup
        name="messagePolicy"
        legend="Who can message you directly"
        choices={messageChoices}
        value={values.messagePolicy}
        onChange={(v) => set('messagePolicy', v)}
        error={refusal('messagePolicy')}
        note={MESSAGE_DEFAULT_NOTE}
      />
      <section className={card} aria-labelledby="search-heading">
        <h2 id="search-heading" className="font-semibold text-slate-900">
          Search
        </h2>
        <Switch
          id="searchable"
          label="Show me in search and suggestions"
          hint="People can find you in people search, @mentions and People you may know."
          checked={values.searchable}
          onChange={(on) => set('searchable', on)}
        />
        {refusal('searchable')}
      </section>
      <section className={card} aria-labelledby="fediverse-heading">
        <h2 id="fediverse-heading" className="font-semibold text-slate-900">
          Fediverse
        </h2>
        <Switch
          id="federate"
          label="Share my public posts with other servers (the fediverse)"
          hint={
            values.searchable
              ? 'People on Mastodon and other Muster servers can follow you and see your public posts.'
              : 'Off while you are hidden from search: turn on "Show me in search" first.'
          }
          checked={federates}
          disabled={!values.searchable}
          onChange={(on) => set('federate', on)}
        />
        {refusal('federate')}
      </section>
      <FormError form={form} />
      <div className="flex items-center justify-end gap-3">
        {changed && !save.isPending && <span className="text-sm text-slate-500">Unsaved changes</span>}
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {save.isPending ? 'Saving...' : 'Save privacy settings'}
        </button>
      </div>
    </form>
  );
}

/** An on/off setting: its label and one-line hint beside a switch. */
function Switch({
  id,
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="mt-3 flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
          {label}
        </p>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${checked ? 'bg-brand-600' : 'bg-slate-300'}`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
          aria-hidden="true"
        />
      </button>
    </div>
  );
}

function RadioGroup<V extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  error,
  note,
}: {
  name: string;
  legend: string;
  choices: Choice<V>[];
  value: V;
  onChange: (v: V) => void;
  /** Its message, when the schema or the server refused the choice. */
  error?: React.ReactNode;
  /** A sentence under the legend: what the setting starts as, and why. */
  note?: string;
}) {
  return (
    <fieldset className={card}>
      <legend className="sr-only">{legend}</legend>
      <p className="font-semibold text-slate-900" aria-hidden="true">
        {legend}
      </p>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      <div className="mt-3 space-y-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              aria-labelledby={`${name}-${c.value}`}
              aria-describedby={`${name}-${c.value}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <span id={`${name}-${c.value}`} className="block text-sm font-medium text-slate-900">
                {c.label}
              </span>
              <span id={`${name}-${c.value}-hint`} className="block text-sm text-slate-600">
                {c.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
