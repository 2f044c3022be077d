import type { SessionUser } from '@muster/contract/users';
import { changeEmailSchema, changePasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from '@muster/contract/auth';
import {
  BIO_MAX,
  EMAIL_MAX,
  hasOwnPicture,
  HEADLINE_MAX,
  LOCATION_MAX,
  NAME_MAX,
  updateProfileSchema,
} from '@muster/contract/users';
import {
  BadgeCheck,
  Ban,
  Bell,
  BellRing,
  Camera,
  ChevronRight,
  Download,
  Scale,
  Shield,
  VolumeX,
} from 'lucide-react';
import { useRef, useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { paths } from '../../../lib/paths';
import { staffPaths } from '../../../lib/staff-paths';
import { useChangeEmailMutation } from '../api/change-email';
import { useChangePasswordMutation } from '../api/change-password';
import { downloadMyData } from '../api/export-data';
import { useUpdateProfileMutation } from '../api/update-profile';
import { useUpdateProfilePictureMutation } from '../api/update-profile-picture';
import { DeleteAccountSection } from './delete-account-section';
import { Avatar } from '../../../components/avatar';

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
const label = 'block text-sm font-medium text-slate-700';
const primary =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** /settings: profile, email, password, my data and account deletion. */
export function SettingsPage({ user }: { user: SessionUser }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Settings & Privacy</h1>
      <ProfileSection user={user} />
      <PrivacyLinks />
      <LinkSection
        id="notifications-heading"
        title="Notifications"
        links={[
          {
            to: paths.notificationSettings,
            Icon: Bell,
            title: 'Notification settings',
            text: 'What comes by mail, in your digest or as a push; quiet hours; updates per mission.',
          },
          {
            to: paths.alertSettings,
            Icon: BellRing,
            title: 'Alerts near you',
            text: 'Hear of new needs you can help with near a place: your saved alerts.',
          },
        ]}
      />
      <LinkSection
        id="organisation-heading"
        title="Organisation"
        links={[
          {
            to: paths.organisationSettings,
            Icon: BadgeCheck,
            title: user.verifiedOrg ? `Verified as ${user.verifiedOrg}` : 'Verified organisation',
            text: user.verifiedOrg
              ? 'Your request and its answer.'
              : 'Ask to be verified as an organisation: a badge by your name, and a place first in search for people who ask for verified organisations.',
          },
        ]}
      />
      <EmailSection user={user} />
      {user.hasPassword && <PasswordSection />}
      <section className={card} aria-labelledby="data-heading">
        <h2 id="data-heading" className="text-lg font-semibold text-slate-900">
          Your data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Download everything Muster holds about you as a JSON file.
        </p>
        <button
          type="button"
          className="mt-4 inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          onClick={() =>
            downloadMyData(user.username).then(
              () => toast.success('Your data is downloading'),
              () => toast.error('Failed to export your data'),
            )
          }
        >
          <Download className="size-4" aria-hidden="true" /> Export my data
        </button>
      </section>
      <DeleteAccountSection user={user} />
    </div>
  );
}

/** Where the privacy and safety pages live (issue 11). */
function PrivacyLinks() {
  const links = [
    {
      to: paths.privacySettings,
      Icon: Shield,
      title: 'Privacy settings',
      text: 'Who sees your profile and connections, who can message you, and whether search finds you.',
    },
    {
      to: paths.settingsBlocked,
      Icon: Ban,
      title: 'Blocked people',
      text: 'People who cannot see you or message you.',
    },
    {
      to: paths.settingsMuted,
      Icon: VolumeX,
      title: 'Muted people',
      text: 'People whose posts and notifications you do not see.',
    },
    {
      to: staffPaths.accountStanding,
      Icon: Scale,
      title: 'Account standing',
      text: 'Anything moderators did about your posts or account, why, and your appeals.',
    },
  ];
  return <LinkSection id="privacy-heading" title="Privacy & safety" links={links} />;
}

type SettingsLink = {
  to: string;
  Icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  text: string;
};

/** A card of links to the settings pages of one topic. */
function LinkSection({ id, title, links }: { id: string; title: string; links: SettingsLink[] }) {
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {links.map(({ to, Icon, title: name, text }) => (
          <li key={to}>
            <Link to={to} className="flex items-center gap-3 py-3 hover:text-brand-700">
              <Icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900">{name}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProfileSection({ user }: { user: SessionUser }) {
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    headline: user.headline,
    bio: user.bio,
    location: user.location,
  });
  const form = useContractForm({
    id: 'profile',
    fields: ['firstName', 'lastName', 'headline', 'bio', 'location'],
  });
  const update = useUpdateProfileMutation();
  const picture = useUpdateProfilePictureMutation();
  const file = useRef<HTMLInputElement>(null);
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  function choose(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (!f.type.startsWith('image/')) return void toast.error('Please upload a valid image or video file');
    const reader = new FileReader();
    reader.onerror = () => toast.error('Failed to process file.');
    reader.onload = () =>
      picture.mutate(String(reader.result), {
        onSuccess: () => toast.success('Profile picture updated'),
        onError: (err) => toast.error(errorMessage(err, 'Failed to process file.')),
      });
    reader.readAsDataURL(f);
  }

  return (
    <section className={card} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Avatar
          person={user}
          alt="Your profile picture"
          className="size-20 shrink-0 ring-2 ring-white shadow"
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => file.current?.click()}
            disabled={picture.isPending}
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            <Camera className="size-4" aria-hidden="true" />{' '}
            {picture.isPending ? 'Uploading…' : 'Change picture'}
          </button>
          {hasOwnPicture(user.profilePicture) && (
            <button
              type="button"
              onClick={() => picture.mutate(null)}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              Remove
            </button>
          )}
          <input
            ref={file}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
            data-testid="profile-picture-input"
          />
        </div>
      </div>
      <form
        className="mt-5 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const profile = form.check(updateProfileSchema, values);
          if (!profile) return;
          update.mutate(profile, {
            onSuccess: () => toast.success('Profile saved'),
            onError: (err) => {
              form.refused(err);
              toast.error(errorMessage(err, 'Failed to save your profile'));
            },
          });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label className={label} htmlFor={form.fieldId('firstName')}>
              First name
            </label>
            <input
              id={form.fieldId('firstName')}
              className={input}
              value={values.firstName}
              onChange={set('firstName')}
              maxLength={NAME_MAX}
              {...form.aria('firstName')}
            />
            <FieldError form={form} field="firstName" />
          </div>
          <div>
            <label className={label} htmlFor={form.fieldId('lastName')}>
              Last name
            </label>
            <input
              id={form.fieldId('lastName')}
              className={input}
              value={values.lastName}
              onChange={set('lastName')}
              maxLength={NAME_MAX}
              {...form.aria('lastName')}
            />
            <FieldError form={form} field="lastName" />
          </div>
        </div>
        <div>
          <label className={label} htmlFor={form.fieldId('headline')}>
            Headline
          </label>
          <input
            id={form.fieldId('headline')}
            className={input}
            value={values.headline}
            onChange={set('headline')}
            maxLength={HEADLINE_MAX}
            placeholder="What you do, in a line"
            {...form.aria('headline')}
          />
          <FieldError form={form} field="headline" />
        </div>
        <div>
          <label className={label} htmlFor={form.fieldId('bio')}>
            Bio
          </label>
          <textarea
            id={form.fieldId('bio')}
            className={`${input} min-h-24`}
            value={values.bio}
            onChange={set('bio')}
            maxLength={BIO_MAX}
            {...form.aria('bio')}
          />
          <FieldError form={form} field="bio" />
        </div>
        <div>
          <label className={label} htmlFor={form.fieldId('location')}>
            Location
          </label>
          <input
            id={form.fieldId('location')}
            className={input}
            value={values.location}
            onChange={set('location')}
            maxLength={LOCATION_MAX}
            placeholder="City, country"
            {...form.aria('location')}
          />
          <FieldError form={form} field="location" />
        </div>
        <FormError form={form} />
        <div className="flex justify-end">
          <button type="submit" className={primary} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save profile'}
          </button>
        </div>
      </form>
    </section>
  );
}

function EmailSection({ user }: { user: SessionUser }) {
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useContractForm({ id: 'email', fields: ['newEmail', 'currentPassword'] });
  const change = useChangeEmailMutation();
  return (
    <section className={card} aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        Email
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You sign in and get mail at <strong className="text-slate-900">{user.email}</strong>.
      </p>
      {user.hasPassword ? (
        <form
          className="mt-4 space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const body = form.check(changeEmailSchema, { newEmail, currentPassword });
            if (!body) return;
            change.mutate(body, {
              onSuccess: (message) => {
                toast.success(message);
                setNewEmail('');
                setCurrentPassword('');
              },
              onError: (err) => {
                form.refused(err);
                toast.error(errorMessage(err, 'Failed to change email'));
              },
            });
          }}
        >
          <div>
            <label className={label} htmlFor={form.fieldId('newEmail')}>
              New email
            </label>
            <input
              id={form.fieldId('newEmail')}
              type="email"
              className={input}
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              maxLength={EMAIL_MAX}
              autoComplete="email"
              {...form.aria('newEmail')}
            />
            <FieldError form={form} field="newEmail" />
          </div>
          <div>
            <label className={label} htmlFor={form.fieldId('currentPassword')}>
              Current password
            </label>
            <input
              id={form.fieldId('currentPassword')}
              type="password"
              className={input}
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              autoComplete="current-password"
              {...form.aria('currentPassword')}
            />
            <FieldError form={form} field="currentPassword" />
          </div>
          <FormError form={form} />
          <div className="flex justify-end">
            <button type="submit" className={primary} disabled={change.isPending}>
              {change.isPending ? 'Sending...' : 'Change email'}
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Your address comes from your identity provider.</p>
      )}
    </section>
  );
}

function PasswordSection() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const form = useContractForm({ id: 'password', fields: ['currentPassword', 'newPassword'] });
  const change = useChangePasswordMutation();
  return (
    <section className={card} aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Password
      </h2>
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.check(changePasswordSchema, values);
          if (!body) return;
          change.mutate(body, {
            onSuccess: (message) => {
              toast.success(message);
              setValues({ currentPassword: '', newPassword: '' });
            },
            onError: (err) => {
              form.refused(err);
              toast.error(errorMessage(err, 'Failed to change password'));
            },
          });
        }}
      >
        <div>
          <label className={label} htmlFor={form.fieldId('currentPassword')}>
            Current password
          </label>
          <input
            id={form.fieldId('currentPassword')}
            type="password"
            className={input}
            value={values.currentPassword}
            onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))}
            autoComplete="current-password"
            {...form.aria('currentPassword')}
          />
          <FieldError form={form} field="currentPassword" />
        </div>
        <div>
          <label className={label} htmlFor={form.fieldId('newPassword')}>
            New password
          </label>
          <input
            id={form.fieldId('newPassword')}
            type="password"
            className={input}
            value={values.newPassword}
            onChange={(e) => setValues((v) => ({ ...v, newPassword: e.target.value }))}
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
            {...form.aria('newPassword', 'password-newPassword-hint')}
          />
          <p id="password-newPassword-hint" className="mt-1 text-xs text-slate-500">
            At least {PASSWORD_MIN} characters. Other devices will be signed out.
          </p>
          <FieldError form={form} field="newPassword" />
        </div>
        <FormError form={form} />
        <div className="flex justify-end">
          <button type="submit" className={primary} disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
