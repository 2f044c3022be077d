import type { SessionUser } from '@muster/contract/users';
import { listUrl } from '../features/posts/api/post-list-url';
import { startEarlyGet } from '../lib/early-get';
import { startSessionCheck } from '../lib/session-check';

/**
 * The first script index.html runs (an entry of its own, web/vite.config.ts `bootScript`), small
 * and with no import but the session check and the API client: it asks who is signed in at once
 * (the answer comes from index.html's preload), and when someone verified is and the page is home,
 * asks for the feed's first page and starts loading the shell and home (their chunk and its
 * imports) while the entry's larger scripts are still arriving, rather than after they have run,
 * the router has asked for them and the feed has rendered (issue 17). A visitor who is not signed
 * in loads nothing more; the router's own import of the same modules later finds them loaded, and
 * the feed's first query takes the early answer (lib/early-get.ts).
 */
export function opensHome(user: Pick<SessionUser, 'emailVerified'>, hash: string): boolean {
  // '', '#', '#/' and '#/?…' are home; an unverified person is sent to /verification-pending.
  return user.emailVerified && /^#?\/?(\?|$)/.test(hash);
}

void startSessionCheck().then(
  (user) => {
    // null: a visitor (decision 052), who loads nothing more.
    if (!user || !opensHome(user, window.location.hash)) return;
    startEarlyGet(listUrl({ feed: true }), user._id);
    void Promise.all([import('./layouts/signed-in-shell'), import('./routes/home-page')]).catch(
      () => undefined,
    );
  },
  () => undefined,
);
