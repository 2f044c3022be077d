import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SpinnerScreen } from '../components/spinner-screen';
import { loginToastPaths, paths, unverifiedPaths } from '../lib/paths';
import { useSessionQuery } from '../lib/session';
import toast from '../lib/toast';

const LOGIN_REQUIRED = 'Please log in to access this page';

const navigationKey = (l: { pathname: string; search: string; key: string }) =>
  `${l.pathname}${l.search}#${l.key}`;

/**
 * Spec §2: while the session check runs, a spinner screen. The page a signed-in person sees first
 * (the shell and home: hundreds of elements) is rendered in a transition, which React splits into
 * slices of a few milliseconds, rather than in the session query's own update, which it renders in
 * one task: on a phone that task was the longest of the start (decision 027). So the spinner stays
 * for those few frames more; a person who is signed out is never rendered from a stale answer.
 */
function useSession() {
  const session = useSessionQuery();
  // null: a visitor (decision 052); a failed check means signed out too (spec §4).
  const user = (session.isSuccess && session.data) || undefined;
  // undefined at first even when the answer is already in (it usually is by the time the page's
  // chunk has loaded): the first render is then the spinner, and the page the deferred one.
  const shown = useDeferredValue(user, undefined);
  return { loading: session.isPending || (user !== undefined && shown === undefined), user: user && shown };
}

/** /muster, /login and /signup: a signed-in person is sent to /. */
export function SignedOutOnly() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return <SpinnerScreen />;
  if (user) {
    const from = (location.state as { from?: string } | null)?.from;
    // Keyed by the location: a <Navigate> still mounted from the previous page (locations reached
    // by editing the address all share the key 'default') would not fire again, leaving it blank.
    return <Navigate key={navigationKey(location)} to={from ?? paths.home} replace />;
  }
  return <Outlet />;
}

function LoginRequired({ toastFirst }: { toastFirst: boolean }) {
  const location = useLocation();
  useEffect(() => {
    // The id makes the toast appear once, however often the effect runs. It is raised here, in
    // the same commit as the <Navigate> below, so it belongs to /login, the page after this one
    // (lib/toast.ts), and goes when the person leaves the sign-in page. react-hot-toast itself
    // still loads on demand, so the entry stays small.
    if (toastFirst) toast.error(LOGIN_REQUIRED, { id: 'login-required', forNextPage: true });
  }, [toastFirst]);
  return (
    <Navigate
      key={navigationKey(location)}
      to={paths.login}
      replace
      state={{ from: `${location.pathname}${location.search}` }}
    />
  );
}

/**
 * Every page outside the public list: a visitor goes to /login (with a toast on /journalist and
 * /hunt), or to /muster from /; a person whose email is not verified goes to /verification-pending.
 */
export function RequireUser() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return <SpinnerScreen />;
  // Spec §2: / is the home page when signed in, otherwise the landing page.
  if (!user && location.pathname === paths.home)
    return <Navigate key={navigationKey(location)} to={paths.landing} replace />;
  if (!user) return <LoginRequired toastFirst={loginToastPaths.includes(location.pathname)} />;
  if (!user.emailVerified && !unverifiedPaths.includes(location.pathname)) {
    return <Navigate key={navigationKey(location)} to={paths.verificationPending} replace />;
  }
  return <Outlet />;
}
