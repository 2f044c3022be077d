import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
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
 */
export function PushPromptSlot({ userId }: { userId: string }) {
  const [showing, setShowing] = useState(false);
  useEffect(
    () =>
      onPushMoment(() => {
        if (!pushSupported() || asked(userId)) return;
        try {
          localStorage.setItem(askedKey(userId), new Date().toISOString());
        } catch {
          return;
        }
        setShowing(true);
      }),
    [userId],
  );
  const done = useCallback(() => setShowing(false), []);
  return (
    <div aria-live="polite">
      {showing && (
        <Suspense fallback={null}>
          <PushPrompt onDone={done} />
        </Suspense>
      )}
    </div>
  );
}
