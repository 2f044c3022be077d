import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { LandingIcon, type LandingIconName } from './landing-icons';

// Real screenshots of the product, taken by e2e/tests/showcase.spec.ts (UPDATE_SHOWCASE=1) and
// committed. A glob rather than imports: a picture the capture could not take yet (a page still
// being built) is left out instead of breaking the build. Each becomes a hashed file of its own.
const shotUrls = import.meta.glob<string>('../assets/showcase/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});
const shot = (name: string) => shotUrls[`../assets/showcase/${name}.webp`];

/** The sizes the capture writes (showcase.spec.ts): width and height keep the layout still while they load. */
const DESKTOP = { width: 960, height: 600 };
const PHONE = { width: 360, height: 720 };

// Three more of lucide's paths (ISC licence, lucide.dev), drawn inline like landing-icons.tsx: each
// lucide-react icon is a chunk of its own, and every chunk's name is listed in the entry's preload
// map, which counts against the landing page's 120 KB.
const Search = [<path key="a" d="m21 21-4.34-4.34" />, <circle key="b" cx="11" cy="11" r="8" />];
const MapPinned = [
  <path
    key="a"
    d="M18 8c0 3.613-3.869 7.429-5.393 8.795a1 1 0 01-1.214 0C9.87 15.429 6 11.613 6 8a6 6 0 0112 0"
  />,
  <path
    key="b"
    d="M4.474 15h-.197a1 1 0 00-.969.753l-1.097 4.35a1.5 1.5 0 001.444 1.898L20.344 22a1.5 1.5 0 001.446-1.897l-1.098-4.35a1 1 0 00-.969-.753h-.197"
  />,
  <circle key="c" cx="12" cy="8" r="2" />,
];
const Download = [
  <path key="a" d="M12 15V3" />,
  <path key="b" d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />,
  <path key="c" d="m7 10 5 5 5-5" />,
];

type Icon = { landing: LandingIconName } | { paths: ReactNode };

const features: Array<{ id: string; icon: Icon; title: string; text: string; alt: string }> = [
  {
    id: 'feed',
    icon: { landing: 'HandHeart' },
    title: 'Needs and offers',
    text: 'Say what you need or what you can give — a generator, a lift, an afternoon of design work — with a category and a place. Emergencies carry a red marker everyone sees.',
    alt: 'The Muster home feed: needs, offers and mission updates from the people and missions you follow',
  },
  {
    id: 'matches',
    icon: { landing: 'Radar' },
    title: 'Resource matching',
    text: 'A new need is matched against open offers by category, words and distance, and both people are told at once — with the reasons — so help no longer depends on someone scrolling past.',
    alt: 'Matches: a need with the offers that fit it, each with its score and why it matched',
  },
  {
    id: 'mission',
    icon: { landing: 'Target' },
    title: 'Missions and tasks',
    text: 'Run a mission with partners who co-lead and collaborators who help: one timeline of updates, a task list with owners and due dates, and a group chat.',
    alt: 'A mission page with its owner, partners and collaborators, and its timeline of updates',
  },
  {
    id: 'chat',
    icon: { landing: 'MessagesSquare' },
    title: 'Live chat',
    text: 'One to one or per mission, delivered the moment it is sent. People outside your network ask first, so your inbox stays yours.',
    alt: 'A Muster chat between two people arranging help',
  },
  {
    id: 'search',
    icon: { paths: Search },
    title: 'Search everything',
    text: 'People, needs, provisions, missions and hashtags in one box, forgiving of typos, ranked by what matters now.',
    alt: 'Search results across people, needs, provisions, missions and hashtags',
  },
  {
    id: 'journalist',
    icon: { landing: 'Siren' },
    title: 'The emergency board',
    text: 'A live board of emergency posts and mission updates, newest first, filtered by category and place — the page a newsroom or a coordinator keeps open.',
    alt: 'The live emergency board with emergency posts and mission updates',
  },
  {
    id: 'places',
    icon: { paths: MapPinned },
    title: 'Approximate places in public',
    text: 'Everyone sees a need’s place rounded to about a kilometre; only the helpers you accept and your mission’s members see the exact point.',
    alt: 'A post showing its place rounded to the neighbourhood',
  },
  {
    id: 'install',
    icon: { paths: Download },
    title: 'Installable, light on a phone',
    text: 'Add Muster to your home screen: it opens like an app, loads fast on a slow connection, and tells you plainly when you are offline.',
    alt: 'Muster on a phone',
  },
];

const tour: Array<{ id: string; title: string; text: string; alt: string }> = [
  {
    id: 'tour-1-need',
    title: 'Post the need',
    text: 'Dana’s relief hall lost power in the storm. She posts a need: category Power, a few words, the place.',
    alt: 'The post composer with a need for a generator filled in',
  },
  {
    id: 'tour-2-offer',
    title: 'Someone offers help',
    text: 'Joel has a generator and a van nearby. He taps Offer help and says what he can give and when.',
    alt: 'The Offer help dialog with a message, what can be given and when',
  },
  {
    id: 'tour-3-accept',
    title: 'Accept the offer',
    text: 'Dana sees Joel’s offer under Offers, with his words, and accepts it.',
    alt: 'The Offers page with a pending offer and its Accept button',
  },
  {
    id: 'tour-4-chat',
    title: 'Sort it out together',
    text: 'Accepting opens a chat between them, the offer its first message. When the need is met, Dana marks it fulfilled.',
    alt: 'The chat that accepting the offer opened',
  },
];

const hasPicture = (id: string) => id !== 'feed' && Boolean(shot(`${id}-desktop`) ?? shot(`${id}-phone`));
const pictured = features.filter((f) => hasPicture(f.id));
const unpictured = features.filter((f) => !hasPicture(f.id));

function FeatureText({ feature, small = false }: { feature: (typeof features)[number]; small?: boolean }) {
  return (
    <>
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
        <FeatureIcon icon={feature.icon} />
      </span>
      <h3 className={`mt-4 font-semibold text-slate-900 ${small ? 'text-lg' : 'text-2xl'}`}>
        {feature.title}
      </h3>
      <p className={`mt-2 leading-relaxed text-slate-600 ${small ? 'text-sm' : ''}`}>{feature.text}</p>
    </>
  );
}

function FeatureIcon({ icon }: { icon: Icon }) {
  if ('landing' in icon) return <LandingIcon name={icon.landing} />;
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {icon.paths}
    </svg>
  );
}

/**
 * A screenshot, the phone one below 768 px and the desktop one above. Lazy: only the hero's is
 * wanted before the page is read.
 */
function Screenshot({
  id,
  alt,
  eager = false,
  className = '',
}: {
  id: string;
  alt: string;
  eager?: boolean;
  className?: string;
}) {
  const desktop = shot(`${id}-desktop`);
  const phone = shot(`${id}-phone`);
  if (!desktop && !phone) return null;
  const fallback = desktop ? { src: desktop, ...DESKTOP } : { src: phone!, ...PHONE };
  return (
    <picture>
      {desktop && phone && (
        <source media="(max-width: 767px)" srcSet={phone} width={PHONE.width} height={PHONE.height} />
      )}
      <img
        src={fallback.src}
        width={fallback.width}
        height={fallback.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        className={`h-auto w-full rounded-xl bg-slate-100 shadow-lg ring-1 ring-slate-200 ${className}`}
      />
    </picture>
  );
}

/** /launch: the product-launch showcase (PRODUCT.md), open to visitors and members alike. */
export function LaunchPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 via-white to-white" aria-labelledby="launch-heading">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[2fr_3fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
              <LandingIcon name="LifeBuoy" className="size-3.5" /> Launching today · open source
            </p>
            <h1
              id="launch-heading"
              className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl"
            >
              Muster is here: where needs meet offers.
            </h1>
            <p className="mt-5 text-lg text-slate-600">
              The collaboration network for action. Post what you need and what you can give, get matched with
              the people who can help, and run missions together — for disaster response, creative work and
              research.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={paths.signup}
                className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Join now <LandingIcon name="ArrowRight" className="size-4" />
              </Link>
              <a
                href="#tour"
                onClick={scrollTo('tour')}
                className="inline-flex items-center rounded-full border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50"
              >
                See how it works
              </a>
            </div>
          </div>
          <Screenshot id="feed" alt={features[0]!.alt} eager />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          What you can do on Muster
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Every picture on this page is the product itself.
        </p>
        <ul className="mt-12 space-y-16">
          {pictured.map((f, i) => (
            <li key={f.id} className="grid grid-cols-1 items-center gap-8 md:grid-cols-2">
              <div className={i % 2 ? 'md:order-2' : ''}>
                <FeatureText feature={f} />
              </div>
              <Screenshot id={f.id} alt={f.alt} />
            </li>
          ))}
        </ul>
        {/* The feed (the hero's picture already) and what a picture cannot show, side by side. */}
        <ul className="mt-16 grid grid-cols-1 gap-6 md:grid-cols-3">
          {unpictured.map((f) => (
            <li key={f.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <FeatureText feature={f} small />
            </li>
          ))}
        </ul>
      </section>

      <section id="tour" className="scroll-mt-20 bg-slate-50 py-16" aria-labelledby="tour-heading">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="tour-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            A need meets an offer, in four steps
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">
            What happens when a relief hall loses power and someone nearby has a generator.
          </p>
          <ol className="mt-10 grid grid-cols-1 gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {tour.map((step, i) => (
              <li key={step.id} className="flex flex-col">
                <p className="flex items-center gap-3 text-lg font-semibold text-slate-900">
                  <span
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  {step.title}
                </p>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
                <div className="mx-auto mt-4 w-full max-w-[16rem]">
                  <TourShot id={step.id} alt={step.alt} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6" aria-labelledby="join-heading">
        <h2 id="join-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Bring your skills, your van, your questions
        </h2>
        <p className="mt-3 text-slate-600">
          Joining takes a minute. Muster is free for communities and open source.
        </p>
        <Link
          to={paths.signup}
          className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-600 px-8 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Join now <LandingIcon name="ArrowRight" className="size-4" />
        </Link>
      </section>
    </>
  );
}

/** A step of the tour: always the phone picture, the size a phone shows it. */
function TourShot({ id, alt }: { id: string; alt: string }) {
  const src = shot(`${id}-phone`);
  if (!src) return null;
  return (
    <img
      src={src}
      {...PHONE}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="h-auto w-full rounded-2xl bg-white shadow-lg ring-1 ring-slate-200"
    />
  );
}

/** In a hash-routed app an in-page anchor would change the route: scroll instead. */
function scrollTo(id: string) {
  return (event: React.MouseEvent) => {
    event.preventDefault();
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
}
