import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { onPushMoment } from '../lib/push-moment';
import { pushSupported } from '../lib/push-browser';

// Loaded at the moment it may be shown (a first post or offer), never with the shell.
const PushPrompt = lazy(() =>
  import('../features/settings/components/push-prompt').then((m) => ({ default: m.PushPrompt })),
);

/** Asked once per person and browser, whatever the answer (decision 064). */
const askedKey = (userId: string) => `muster:push-prompt:${userId}`;

function asked(userId: string): boolean {
  try {
    return localStorage.getItem(askedKey(userId)) !== null;
  } catch {
    // No storage (a private window's quota, a policy): never ask rather than ask each time.
    return true;
  }
}

/**
 * Where the settings feature's push prompt appears: after a post or an offer of the person signed
 * in (lib/push-moment.ts), once. The live region is always there, so a screen reader hears the
 * prompt when it comes without its taking the focus.
 *
 * The prompt belongs to the page of the moment: leaving that page closes it, as "Not now" would,
 * so the card never sits over the next page's controls (a chat's Send is where the card is).
 */
export function PushPromptSlot({ userId }: { userId: string }) {
  const { pathname } = useLocation();
  // The page the prompt was shown on, or null while it is not showing.
  const [shownOn, setShownOn] = useState<string | null>(null);
  useEffect(
    () =>
      onPushMoment(() => {
        if (!pushSupported() || asked(userId)) return;
        try {
          localStorage.setItem(askedKey(userId), new Date().toISOString());
        } catch {
          return;
        }
        setShownOn(pathname);
      }),
    [userId, pathname],
  );
  // Left the page: gone, and it does not come back with the person (React's "adjust state on a
  // change" pattern rather than an effect, so the card is never drawn over the next page).
  if (shownOn !== null && shownOn !== pathname) setShownOn(null);
  const done = useCallback(() => setShownOn(null), []);
  return (
    <div aria-live="polite">
      {shownOn === pathname && (
        <Suspense fallback={null}>
          <PushPrompt onDone={done} />
        </Suspense>
      )}
    </div>
  );
}
