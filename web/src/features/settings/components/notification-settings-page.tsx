import {
  defaultNoticeChannels,
  digestFrequencies,
  missionNoticeLevels,
  noticeChannelLabels,
  noticeChannels,
  noticeKindLabels,
  noticeKinds,
  notificationSettingsUpdateSchema,
  type DigestFrequency,
  type MissionChoice,
  type MissionNoticeLevel,
  type MissionNoticeRole,
  type NoticeChannel,
  type NoticeKind,
  type NotificationSettingsView,
} from '@muster/contract/notification-settings';
import { ArrowLeft, Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { EmptyState } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { type PushHere, usePushHereQuery } from '../api/push-notifications';
import { PushSection } from './push-section';
import { useNotificationSettingsQuery } from '../api/get-notification-settings';
import { useUpdateNotificationSettingsMutation } from '../api/update-notification-settings';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const select =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
const heading = 'text-lg font-semibold text-slate-900';
const intro = 'mt-1 text-sm text-slate-600';

const digestChoices: Record<DigestFrequency, { label: string; hint: string }> = {
  off: { label: 'Off', hint: 'No digest mail; what waits for it stays in your alerts.' },
  daily: { label: 'Daily', hint: 'One mail a day with what happened.' },
  weekly: { label: 'Weekly', hint: 'One mail a week with what happened.' },
};

const levelLabels: Record<MissionNoticeLevel, string> = {
  all: 'Every update',
  important: 'Important only',
  none: 'None',
};

const roleLabels: Record<MissionNoticeRole, string> = {
  owner: 'You lead it',
  partner: 'Partner',
  collaborator: 'Collaborator',
  follower: 'Following',
};

/** The browser's own time zone, which the settings take unless the person picks another. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Every zone the browser knows, with the chosen one and UTC always among them. */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b));
}

type Values = {
  channels: Record<NoticeKind, NoticeChannel>;
  digest: DigestFrequency;
  quietHours: { enabled: boolean; start: string; end: string };
  timeZone: string;
  /** Each mission's level, by id. */
  levels: Record<string, MissionNoticeLevel>;
};

/**
 * The form's values from what the server holds. A time zone never chosen (the default, UTC) is
 * the browser's, so quiet hours mean the person's own night from their first save.
 */
function valuesOf(saved: NotificationSettingsView, browserZone: string | undefined): Values {
  return {
    channels: { ...saved.channels },
    digest: saved.digest,
    quietHours: { ...saved.quietHours },
    timeZone: saved.timeZone === 'UTC' && browserZone ? browserZone : saved.timeZone,
    levels: Object.fromEntries(saved.missionChoices.map((m) => [m.missionId, m.level])),
  };
}

const sameValues = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

/** /settings/notifications (issue 34): per kind a channel, the digest, quiet hours, per mission a level. */
export function NotificationSettingsPage() {
  const query = useNotificationSettingsQuery();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Settings & Privacy
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Notification settings</h1>
      <p className="mt-1 text-sm text-slate-600">
        Everything reaches your alerts in Muster. Choose what also comes by mail, in your digest or as a push,
        and when to be left in peace.
      </p>
      {query.isPending ? (
        <div className="mt-4 space-y-4" role="status" aria-label="Loading notification settings">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-2xl border border-slate-200 bg-white" />
          ))}
        </div>
      ) : query.isError ? (
        <ListError query={query} what="your notification settings" className="mt-4" />
      ) : (
        <NotificationSettingsForm initial={query.data} />
      )}
      {/* About this browser, not the account: saved at once, apart from the form (decision 064). */}
      {query.isSuccess && <PushSection className="mt-4" />}
    </div>
  );
}

/** Every setting on one form, checked with the contract's schema and saved with one PUT. */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettingsView }) {
  const [browserZone] = useState(browserTimeZone);
  const [baseline, setBaseline] = useState(() => valuesOf(initial, browserZone));
  const [values, setValues] = useState(baseline);
  const [choices, setChoices] = useState<MissionChoice[]>(initial.missionChoices);
  const push = usePushHereQuery().data;
  const form = useContractForm({
    id: 'notices',
    fields: ['channels', 'digest', 'quietStart', 'quietEnd', 'timeZone', 'missions'],
    paths: { 'quietHours.start': 'quietStart', 'quietHours.end': 'quietEnd', quietHours: 'quietStart' },
  });
  const save = useUpdateNotificationSettingsMutation();
  const changed = !sameValues(values, baseline);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    // Only the missions whose level changed: the others stay as they are on the server.
    const missions = choices
      .filter((m) => values.levels[m.missionId] !== baseline.levels[m.missionId])
      .map((m) => ({ missionId: m.missionId, level: values.levels[m.missionId]! }));
    const body = form.check(notificationSettingsUpdateSchema, {
      channels: values.channels,
      digest: values.digest,
      quietHours: values.quietHours,
      timeZone: values.timeZone,
      ...(missions.length ? { missions } : {}),
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        const next = valuesOf(saved, browserZone);
        setBaseline(next);
        setValues(next);
        setChoices(saved.missionChoices);
        toast.success('Notification settings saved');
      },
      onError: (err) => {
        form.refused(err);
        toast.error(errorMessage(err, 'Could not save your notification settings'));
      },
    });
  }

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <ChannelsSection
        channels={values.channels}
        digest={values.digest}
        push={push}
        onChange={(kind, channel) => set('channels', { ...values.channels, [kind]: channel })}
        error={<FieldError form={form} field="channels" alert className="mt-2 text-sm text-red-700" />}
      />
      <DigestSection
        value={values.digest}
        onChange={(digest) => set('digest', digest)}
        error={<FieldError form={form} field="digest" alert className="mt-2 text-sm text-red-700" />}
      />
      <section className={card} aria-labelledby="quiet-heading">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="quiet-heading" className={heading}>
              Quiet hours
            </h2>
            <p id="quiet-hint" className={intro}>
              Nothing is mailed or pushed at once during quiet hours: it waits for their end. Your alerts in
              Muster still come.
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={values.quietHours.enabled}
            aria-labelledby="quiet-heading"
            aria-describedby="quiet-hint"
            onClick={() => set('quietHours', { ...values.quietHours, enabled: !values.quietHours.enabled })}
            className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${values.quietHours.enabled ? 'bg-brand-600' : 'bg-slate-300'}`}
          >
            <span
              className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${values.quietHours.enabled ? 'translate-x-5.5' : 'translate-x-0.5'}`}
              aria-hidden="true"
            />
          </button>
        </div>
        {values.quietHours.enabled && (
          <div className="mt-4 grid grid-cols-2 gap-3">
            <div>
              <label
                htmlFor={form.fieldId('quietStart')}
                className="block text-sm font-medium text-slate-700"
              >
                From
              </label>
              <input
                id={form.fieldId('quietStart')}
                type="time"
                step={60}
                required
                value={values.quietHours.start}
                onChange={(e) => set('quietHours', { ...values.quietHours, start: e.target.value })}
                className={`mt-1 ${select}`}
                {...form.aria('quietStart')}
              />
              <FieldError form={form} field="quietStart" />
            </div>
            <div>
              <label htmlFor={form.fieldId('quietEnd')} className="block text-sm font-medium text-slate-700">
                To
              </label>
              <input
                id={form.fieldId('quietEnd')}
                type="time"
                step={60}
                required
                value={values.quietHours.end}
                onChange={(e) => set('quietHours', { ...values.quietHours, end: e.target.value })}
                className={`mt-1 ${select}`}
                {...form.aria('quietEnd')}
              />
              <FieldError form={form} field="quietEnd" />
            </div>
          </div>
        )}
        <div className="mt-4">
          <label htmlFor={form.fieldId('timeZone')} className="block text-sm font-medium text-slate-700">
            Time zone
          </label>
          <select
            id={form.fieldId('timeZone')}
            value={values.timeZone}
            onChange={(e) => set('timeZone', e.target.value)}
            className={`mt-1 ${select}`}
            {...form.aria('timeZone', 'timezone-hint')}
          >
            {timeZoneOptions(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          <div id="timezone-hint" className="mt-1 text-sm text-slate-600">
            {browserZone && browserZone !== values.timeZone ? (
              <>
                This browser is on {browserZone.replaceAll('_', ' ')}.{' '}
                <button
                  type="button"
                  className="font-medium text-brand-700 hover:underline"
                  onClick={() => set('timeZone', browserZone)}
                >
                  Use it
                </button>
              </>
            ) : (
              `Quiet hours are kept in this time zone${browserZone ? ', this browser’s' : ''}.`
            )}
          </div>
          <FieldError form={form} field="timeZone" />
        </div>
      </section>
      <MissionsSection
        choices={choices}
        levels={values.levels}
        onChange={(missionId, level) => set('levels', { ...values.levels, [missionId]: level })}
        error={<FieldError form={form} field="missions" alert className="mt-2 text-sm text-red-700" />}
      />
      <FormError form={form} />
      <div className="flex items-center justify-end gap-3">
        {changed && !save.isPending && <span className="text-sm text-slate-600">Unsaved changes</span>}
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {save.isPending ? 'Saving...' : 'Save notification settings'}
        </button>
      </div>
    </form>
  );
}

type Note = { text: string; warn: boolean };

/** A note under a kind, on whether its channel reaches the person as things stand here. */
function channelNote(
  channel: NoticeChannel,
  digest: DigestFrequency,
  push: PushHere | undefined,
): Note | undefined {
  if (channel === 'push' && push === 'on') return { text: 'Push is on in this browser.', warn: false };
  if (channel === 'push' && push === 'off')
    return { text: 'Turn on push for this browser below to get these here.', warn: true };
  if (channel === 'push' && push === 'blocked')
    return {
      text: 'Notifications are blocked for Muster in this browser; allow them in its site settings.',
      warn: true,
    };
  if (channel === 'push' && push === 'unsupported')
    return {
      text: 'This browser can’t show push notices; they reach the browsers where push is on.',
      warn: true,
    };
  if (channel === 'digest' && digest === 'off')
    return { text: 'Your digest is off: these stay in your alerts.', warn: true };
  return undefined;
}

function ChannelsSection({
  channels,
  digest,
  push,
  onChange,
  error,
}: {
  channels: Record<NoticeKind, NoticeChannel>;
  digest: DigestFrequency;
  push: PushHere | undefined;
  onChange: (kind: NoticeKind, channel: NoticeChannel) => void;
  error: React.ReactNode;
}) {
  return (
    <section className={card} aria-labelledby="kinds-heading">
      <h2 id="kinds-heading" className={heading}>
        How you hear of each kind
      </h2>
      <p className={intro}>Every notice is in your alerts. Choose how else each kind reaches you.</p>
      <ul className="mt-2 divide-y divide-slate-100">
        {noticeKinds.map((kind) => {
          const id = `notices-channel-${kind}`;
          const note = channelNote(channels[kind], digest, push);
          return (
            <li key={kind} className="py-3 sm:flex sm:items-center sm:justify-between sm:gap-6">
              <div className="min-w-0">
                <label htmlFor={id} className="block text-sm font-medium text-slate-900">
                  {noticeKindLabels[kind].label}
                </label>
                <p id={`${id}-hint`} className="text-sm text-slate-600">
                  {noticeKindLabels[kind].hint}
                </p>
                {note && (
                  <p
                    id={`${id}-note`}
                    className={`mt-1 text-sm ${note.warn ? 'font-medium text-amber-800' : 'text-emerald-700'}`}
                  >
                    {note.text}
                  </p>
                )}
              </div>
              <select
                id={id}
                value={channels[kind]}
                onChange={(e) => onChange(kind, e.target.value as NoticeChannel)}
                aria-describedby={note ? `${id}-hint ${id}-note` : `${id}-hint`}
                className={`mt-2 sm:mt-0 sm:w-56 sm:shrink-0 ${select}`}
              >
                {noticeChannels.map((c) => (
                  <option key={c} value={c}>
                    {noticeChannelLabels[c]}
                    {c === defaultNoticeChannels[kind] ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {error}
    </section>
  );
}

function DigestSection({
  value,
  onChange,
  error,
}: {
  value: DigestFrequency;
  onChange: (v: DigestFrequency) => void;
  error: React.ReactNode;
}) {
  return (
    <fieldset className={card}>
      <legend className="sr-only">Digest</legend>
      <p className={heading} aria-hidden="true">
        Digest
      </p>
      <p className={intro}>
        One mail with what waits for it: the kinds set to “In the digest”, and what happened in your network
        and missions.
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        {digestFrequencies.map((d) => (
          <label
            key={d}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40"
          >
            <input
              type="radio"
              name="digest"
              value={d}
              checked={value === d}
              onChange={() => onChange(d)}
              aria-labelledby={`digest-${d}`}
              aria-describedby={`digest-${d}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <span id={`digest-${d}`} className="block text-sm font-medium text-slate-900">
                {digestChoices[d].label}
              </span>
              <span id={`digest-${d}-hint`} className="block text-sm text-slate-600">
                {digestChoices[d].hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}

function MissionsSection({
  choices,
  levels,
  onChange,
  error,
}: {
  choices: MissionChoice[];
  levels: Record<string, MissionNoticeLevel>;
  onChange: (missionId: string, level: MissionNoticeLevel) => void;
  error: React.ReactNode;
}) {
  return (
    <section className={card} aria-labelledby="missions-heading">
      <h2 id="missions-heading" className={heading}>
        Mission updates
      </h2>
      <p id="missions-hint" className={intro}>
        Which updates of each mission reach you. Important ones are posted by the people who lead it (its
        owner and partners) or marked as an emergency. Tasks and answers about you come whatever you choose
        here.
      </p>
      {choices.length === 0 ? (
        <EmptyState icon={Flag} title="You're not in any missions yet">
          Follow or join a mission from its page to choose here how its updates reach you, or{' '}
          <Link to={paths.createMission} className="font-medium text-brand-700 hover:underline">
            start a mission
          </Link>{' '}
          of your own.
        </EmptyState>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {choices.map((m) => (
            <li
              key={m.missionId}
              className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3"
            >
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.mission(m.missionId)}
                  className="block truncate text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {m.title}
                </Link>
                <p className="text-sm text-slate-600">{roleLabels[m.role]}</p>
              </div>
              <select
                value={levels[m.missionId] ?? m.level}
                onChange={(e) => onChange(m.missionId, e.target.value as MissionNoticeLevel)}
                aria-label={`Updates from ${m.title}`}
                aria-describedby="missions-hint"
                className={`w-full sm:w-56 ${select}`}
              >
                {missionNoticeLevels.map((level) => (
                  <option key={level} value={level}>
                    {levelLabels[level]}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
      {error}
    </section>
  );
}
