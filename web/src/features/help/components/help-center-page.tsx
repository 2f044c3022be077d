import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export const helpTopics: Array<{ q: string; a: string }> = [
  {
    q: 'What is Muster for?',
    a: 'Muster rallies people and resources around what matters: post a need or an offer, hunt for a product or service, start or join a mission, and find collaborators for disaster response, creative work and research.',
  },
  {
    q: 'How do I verify my email?',
    a: 'We mail you a link when you sign up. Open it in the same browser. If it expired or never came, go to the verification page and choose "Resend the link", or correct your address there.',
  },
  {
    q: 'I forgot my password',
    a: 'On the sign-in page choose "Forgot password?" and enter your email. The link works once and for one hour; every device signed in to your account is signed out when you use it.',
  },
  {
    q: 'How do I change my email address?',
    a: 'In Settings & Privacy, under Email, enter the new address and your current password. We mail a confirmation link to the new address and a notice to the old one; nothing changes until you confirm.',
  },
  {
    q: 'How do I post a collaboration request?',
    a: 'Open a collaboration category and choose "Post a Collaboration Request". Give it a title and a description; a deadline, a place and an image help people decide.',
  },
  {
    q: 'How do I contact someone about their request?',
    a: 'Open the request and choose Contact, or Connect on its card. Your message arrives in their Chats, and their reply in yours.',
  },
  {
    q: 'What do the badges in the top bar mean?',
    a: 'Network counts connection requests waiting for you, Offers counts offers of help you have not seen, Missions (Chats on a phone) counts your conversations, and Alerts counts unread notifications. Above 9 they show 9+.',
  },
  {
    q: 'Can I download my data?',
    a: 'Yes. In Settings & Privacy choose "Export my data" to download everything Muster holds about you as a JSON file.',
  },
  {
    q: 'How do I delete my account?',
    a: 'In Settings & Privacy choose "Delete my account", enter your password and type DELETE. Your account and everything in it are removed at once; this cannot be undone.',
  },
  {
    q: 'Someone is bothering me',
    a: 'People you block cannot message you. If someone breaks the rules, contact us with the details and we will act within 24 hours.',
  },
];

/** /help-center: searchable questions and answers, and a way to reach us. */
export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = helpTopics.filter((t) => words.every((w) => `${t.q} ${t.a}`.toLowerCase().includes(w)));

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Help Center</h1>
      <p className="mt-1 text-slate-600">Answers to the questions people ask most.</p>
      <div className="relative mt-5">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <label htmlFor="help-search" className="sr-only">
          Search help
        </label>
        <input
          id="help-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search help, e.g. password"
          className="block w-full rounded-xl border border-slate-300 bg-white py-3 pl-10 pr-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
      </div>
      <div className="mt-5 space-y-3" aria-live="polite">
        {matches.map((t) => (
          <details
            key={t.q}
            className="group rounded-xl border border-slate-200 bg-white p-4 shadow-sm open:shadow"
          >
            <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
              {t.q}
            </summary>
            <p className="mt-2 text-sm text-slate-700">{t.a}</p>
          </details>
        ))}
        {matches.length === 0 && (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            No answers match "{query}". Try other words, or contact us.
          </p>
        )}
      </div>
      <div className="mt-8 rounded-2xl bg-brand-50 p-5 text-center">
        <p className="font-medium text-slate-900">Still stuck?</p>
        <p className="mt-1 text-sm text-slate-600">We reply within 24 hours.</p>
        <Link
          to={paths.contact}
          className="mt-3 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Contact us
        </Link>
      </div>
    </div>
  );
}
