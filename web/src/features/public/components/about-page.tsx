import { Compass, Eye, Heart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** /about: the company, its mission and its vision. */
export function AboutPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">About Muster</h1>
      <p className="mt-4 text-lg text-slate-600">
        We build the network people reach for when something needs doing — a flood, a film, a field study —
        and the right people and things have to find each other fast.
      </p>
      <div className="mt-12 space-y-10">
        <section aria-labelledby="company-heading" className="flex gap-5">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Heart className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="company-heading" className="text-2xl font-bold text-slate-900">
              The company
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">
              Muster started among volunteers who coordinated relief through a tangle of group chats,
              spreadsheets and social feeds that were built for attention, not action. We are a small,
              independent team of engineers, designers and organisers. Muster is open source, and the code
              that runs it is public for anyone to inspect, host and improve.
            </p>
          </div>
        </section>
        <section aria-labelledby="mission-heading" className="flex gap-5">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700">
            <Compass className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="mission-heading" className="text-2xl font-bold text-slate-900">
              Our mission
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">
              To get people and resources to where they are needed: by matching needs with offers, turning
              good intentions into missions with partners, collaborators and tasks, and keeping every
              conversation one tap away — for disaster response, creative work and research.
            </p>
          </div>
        </section>
        <section aria-labelledby="vision-heading" className="flex gap-5">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
            <Eye className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="vision-heading" className="text-2xl font-bold text-slate-900">
              Our vision
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700">
              A world where no need goes unmet because the help was never told about it. Where a town can
              muster its trucks in an hour, a composer finds a film worth scoring, and a scientist finds the
              boats she needs — and where the people doing it own their data and their network.
            </p>
          </div>
        </section>
      </div>
      <div className="mt-14 rounded-3xl bg-brand-700 p-8 text-center text-white">
        <h2 className="text-2xl font-bold">Join the people who show up</h2>
        <p className="mt-2 text-brand-100">Create your account in a minute.</p>
        <Link
          to={paths.signup}
          className="mt-6 inline-block rounded-full bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Get Started
        </Link>
      </div>
    </div>
  );
}
