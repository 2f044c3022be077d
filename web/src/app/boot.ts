import type { SessionUser } from '@muster/contract/users';
import { startSessionCheck } from '../lib/session-check';

/**
 * The first script index.html runs (an entry of its own, web/vite.config.ts `bootScript`), small
 * and with no import but the session check: it asks who is signed in at once (the answer comes
 * from index.html's preload), and when someone verified is and the page is home, starts loading
 * the shell and home (their chunk and its imports) while the entry's larger scripts are still
 * arriving, rather than after they have run and the router has asked for them (issue 17). A
 * visitor who is not signed in loads nothing more; the router's own import of the same modules
 * later finds them loaded.
 */
export function opensHome(user: Pick<SessionUser, 'emailVerified'>, hash: string): boolean {
  // '', '#', '#/' and '#/?…' are home; an unverified person is sent to /verification-pending.
  return user.emailVerified && /^#?\/?(\?|$)/.test(hash);
}

void startSessionCheck().then(
  (user) => {
    if (opensHome(user, window.location.hash)) void Promise.all([import('./layouts/app-shell'), import('./routes/home-page')]).catch(() => undefined);
  },
  () => undefined,
);
