import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LandingIcon, type LandingIconName } from './landing-icons';

const pillars: Array<{ icon: LandingIconName; title: string; text: string }> = [
  {
    icon: 'Target',
    title: 'Missions',
    text: 'Start a mission, bring in partners who co-lead and collaborators who help, and keep everyone on one timeline with updates, tasks and a group chat.',
  },
  {
    icon: 'Radar',
    title: 'Resource matching',
    text: 'Post a need and Muster matches it with open offers nearby — and tells the people offering. Needs close when they are met, so boards stay true.',
  },
  {
    icon: 'Users',
    title: 'Team building',
    text: 'Find collaborators by category, see what people can do, and reach them directly. Connections, not followers: people you can actually call on.',
  },
  {
    icon: 'MessagesSquare',
    title: 'Collaboration',
    text: 'Chat one to one or per mission, offer help in a tap, and follow the hashtags and missions you care about.',
  },
];

const fields: Array<{ icon: LandingIconName; title: string; text: string; color: string }> = [
  {
    icon: 'Siren',
    title: 'Disaster response',
    text: 'Drivers, boats, shelter and medicine, matched to the people who need them, with approximate places in public and exact ones for helpers.',
    color: 'bg-red-50 text-red-700',
  },
  {
    icon: 'Film',
    title: 'Creative work',
    text: 'Films that need a composer, books that need an illustrator, festivals that need a crew.',
    color: 'bg-violet-50 text-violet-700',
  },
  {
    icon: 'FlaskConical',
    title: 'Research',
    text: 'Citizen scientists, field teams and open data, gathered around the question that matters.',
    color: 'bg-cyan-50 text-cyan-700',
  },
];

/** /muster: what Muster is, for a visitor. */
export function LandingPage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        {/* grid-cols-1 rather than the implicit column: an implicit track grows to its widest
            unbreakable content (the board's one-line offers), 464 px on a 375 px phone. */}
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
              <LandingIcon name="LifeBuoy" className="size-3.5" /> Open source · free for communities
            </p>
            <h1 className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">
              Rally people and resources around what matters.
            </h1>
            <p className="mt-5 text-lg text-slate-600">
              Muster is the collaboration network for action: post what you need and what you can give, run
              missions with partners and collaborators, and find the right people fast — for disaster
              response, creative work and research.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={paths.signup}
                className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Join now <LandingIcon name="ArrowRight" className="size-4" />
              </Link>
              <Link
                to={paths.login}
                className="inline-flex items-center rounded-full border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50"
              >
                Sign In
              </Link>
            </div>
          </div>
          <HeroBoard />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="pillars-heading">
        <h2 id="pillars-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Everything a movement needs, in one place
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          From the first call for help to the last task ticked off, Muster keeps people, resources and
          conversations together.
        </p>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {pillars.map(({ icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
                <LandingIcon name={icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="fields-heading">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="fields-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Built for the work that cannot wait
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {fields.map(({ icon, title, text, color }) => (
              <div key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className={`inline-flex size-11 items-center justify-center rounded-xl ${color}`}>
                  <LandingIcon name={icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="trust-heading">
        <div className="grid gap-8 rounded-3xl bg-brand-700 p-8 text-white sm:p-12 md:grid-cols-2 md:items-center">
          <div>
            <h2 id="trust-heading" className="text-3xl font-bold tracking-tight">
              Your people, your data
            </h2>
            <p className="mt-3 text-brand-100">
              Block someone and they disappear from your Muster, everywhere. Export everything as JSON at any
              time, and delete your account for real. No ads, no selling of data.
            </p>
          </div>
          <ul className="space-y-3 text-brand-50">
            {[
              'Live chat and alerts',
              'Needs that close when they are met',
              'Approximate places in public',
              'Works on a phone on a slow connection',
            ].map((t) => (
              <li key={t} className="flex items-center gap-3">
                <LandingIcon name="ShieldCheck" className="size-5 shrink-0 text-amber-300" /> {t}
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-12 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Ready to muster?</h2>
          <p className="mt-2 text-slate-600">
            It takes a minute to join. Bring your skills, your van, your questions.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link
              to={paths.signup}
              className="whitespace-nowrap rounded-full bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Join now
            </Link>
            <Link
              to={paths.about}
              className="whitespace-nowrap rounded-full border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50"
            >
              About the company
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** An illustration of the product: a need matched with offers, drawn in markup, no images. */
function HeroBoard() {
  return (
    <div className="relative mx-auto w-full max-w-md" aria-hidden="true">
      {/* Turned, the backing card's corners reach past its box; on a phone it stays inside the page's margin. */}
      <div className="absolute -inset-x-1 -inset-y-4 rotate-2 rounded-3xl bg-brand-100 sm:-inset-4" />
      <div className="relative space-y-3 rounded-3xl bg-white p-5 shadow-xl ring-1 ring-slate-200">
        <div className="rounded-2xl border border-red-100 bg-red-50 p-4">
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-red-700">
            <LandingIcon name="Siren" className="size-3.5" /> Need · Transport
          </p>
          <p className="mt-1 font-semibold text-slate-900">Two vans to move water to Ikeja shelters</p>
          <p className="text-sm text-slate-600">Lagos · needed by Saturday</p>
        </div>
        <p className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">3 matches found</p>
        {[
          ['Dana M.', 'Two high-clearance vans, free this weekend', '2 km'],
          ['Kwame A.', 'Flatbed truck with driver', '6 km'],
        ].map(([who, what, km]) => (
          <div key={who} className="flex items-center gap-3 rounded-2xl border border-slate-200 p-3">
            <span className="flex size-9 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
              <LandingIcon name="HandHeart" className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-slate-900">{what}</p>
              <p className="text-xs text-slate-500">
                {who} · {km} away
              </p>
            </div>
            <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
              Offer
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
