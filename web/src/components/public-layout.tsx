import { AUTH_USER_STALE_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { sessionKeys } from '../lib/session-keys';
import { getMe } from '../lib/session';
import { Logo } from './logo';
import { SkipLink } from './skip-link';

/** What a signed-in person sees instead of Sign In and Join now (the spec names only the visitor's links). */
const GO_TO_APP = 'Go to Muster';

/**
 * The frame of the pages anyone may open: logo with the product word, Company, and for a visitor
 * Sign In and Join now (spec §1); a signed-in person on /about, /terms, … gets the way back home.
 */
export function PublicLayout() {
  // The menu belongs to the page it was opened on: going to another page (by the address bar too) closes it.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const open = menuOpenOn === pathname;
  const setOpen = (next: boolean) => setMenuOpenOn(next ? pathname : null);
  // The session check as useSessionQuery makes it, except that a failed check is not run again when
  // this header mounts (spec §4: no retry). Under SignedOutOnly a fresh check would turn the guard
  // back into its spinner, unmounting this header, which would check again on mounting: for ever.
  const session = useQuery({
    queryKey: sessionKeys.me,
    queryFn: getMe,
    retry: 0,
    staleTime: AUTH_USER_STALE_MS,
    retryOnMount: false,
  });
  // Until the session is known neither set shows, so nobody signed in ever sees Sign In flash by.
  // A visitor is answered null (decision 052); a failed check means signed out too (spec §4).
  const signedIn = session.isSuccess && session.data !== null;
  const visitor = session.isError || (session.isSuccess && session.data === null);
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`;

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo to={signedIn ? paths.home : paths.landing} />
          <nav aria-label="Site" className="hidden items-center gap-1 sm:flex">
            <NavLink to={paths.about} className={link}>
              Company
            </NavLink>
            {visitor && (
              <NavLink to={paths.login} className={link}>
                Sign In
              </NavLink>
            )}
            {visitor && (
              <Link
                to={paths.signup}
                className="ml-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Join now
              </Link>
            )}
            {signedIn && (
              <Link
                to={paths.home}
                className="ml-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                {GO_TO_APP}
              </Link>
            )}
          </nav>
          <div className="flex items-center gap-2 sm:hidden">
            {visitor && (
              <Link
                to={paths.signup}
                className="rounded-full bg-brand-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Join now
              </Link>
            )}
            {signedIn && (
              <Link
                to={paths.home}
                className="rounded-full bg-brand-600 px-3.5 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                {GO_TO_APP}
              </Link>
            )}
            <button
              type="button"
              onClick={() => setOpen(!open)}
              aria-expanded={open}
              aria-controls="public-menu"
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
              aria-label={open ? 'Close menu' : 'Open menu'}
            >
              {/* Inline rather than from the icon library: this layout ships in the landing page's entry. */}
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                {open ? <path d="M18 6 6 18M6 6l12 12" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
              </svg>
            </button>
          </div>
        </div>
        {open && (
          <nav
            id="public-menu"
            aria-label="Site menu"
            className="border-t border-slate-200 px-4 py-2 sm:hidden"
            onClick={() => setOpen(false)}
          >
            <NavLink to={paths.about} className={({ isActive }) => `block ${link({ isActive })}`}>
              Company
            </NavLink>
            {visitor && (
              <NavLink to={paths.login} className={({ isActive }) => `block ${link({ isActive })}`}>
                Sign In
              </NavLink>
            )}
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© 2026 Muster. Open source, built for people who show up.</p>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
            <Link to={paths.about} className="hover:text-slate-900">
              About
            </Link>
            <Link to={paths.terms} className="hover:text-slate-900">
              Terms
            </Link>
            <Link to={paths.privacy} className="hover:text-slate-900">
              Privacy
            </Link>
            <Link to={paths.contact} className="hover:text-slate-900">
              Contact
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
