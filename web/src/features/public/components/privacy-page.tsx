import { LegalDocument, type LegalSection } from './legal-document';

export const privacySections: LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <p>
        What you give us: your name, username, email, password (stored only as a strong one-way hash), profile
        details, posts, messages and uploads. What the service records: the sessions you sign in with (device
        and address), and the notifications we send you.
      </p>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <p>
        To run Muster: show your profile and posts to the people you choose, deliver messages and
        notifications, match needs with offers, keep accounts secure and stop abuse. We do not sell your data
        and we do not show ads.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'What others see',
    body: (
      <p>
        Your profile and public posts are visible to signed-in members. Places in public posts are shown
        approximately; exact places only to accepted helpers and mission members. People you block cannot see
        you or reach you.
      </p>
    ),
  },
  {
    id: 'processors',
    title: 'Who helps us',
    body: (
      <p>
        We use a small number of providers to host Muster and send email. They process data only on our
        instructions. If you sign in with an identity provider, it tells us your name and email; we do not
        receive your password there.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your data while your account exists. Delete your account and we delete it and everything that
        hangs on it at once; backups roll over within 30 days.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can see, correct, export and delete your data yourself in Settings. You can also ask us for a copy
        or for anything else the law gives you; we answer within 30 days.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>Questions or requests about privacy go to us through the contact page. We reply within 24 hours.</p>
    ),
  },
];

/** /privacy: 7 sections, the same date and table of contents as the terms (spec §2). */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="What Muster collects about you, why, and what you can do about it."
      sections={privacySections}
    />
  );
}
