import { startTransition, useEffect, useState } from 'react';

/**
 * What a tab starts once its first screen is up, in this order, one step per idle moment: home's
 * panels (side columns, people you may know, trending hashtags) and the toaster; the network and
 * offers badges; the chats badge (four count calls); the alerts badge and dropdown; then the live
 * socket with its event schema. Started together they were one render of every badge and panel
 * plus ten requests, one task of 0.2–0.3 s (×4 on a phone), the largest share of the signed-in
 * home's blocking time; started before the first screen, they were requests Lighthouse counts in
 * its first paint (decision 032).
 */
const STEPS = { panels: 0, badges: 1, chatsBadge: 2, alerts: 3, live: 4 } as const;
export type StartUpStep = keyof typeof STEPS;
const LAST = Math.max(...Object.values(STEPS));

/** An idle callback waits at most this long on a main thread that is never idle. */
const TIMEOUT_MS = 500;

let reached = -1;
let started = false;
const listeners = new Set<() => void>();

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: TIMEOUT_MS });
  else window.setTimeout(run, 0);
}

// The next step is asked for only after this one's listeners have been told. They are told in a
// transition: React renders what a step shows in slices of a few milliseconds and lets the browser
// in between, where an external store's update (useSyncExternalStore) rendered it in one task —
// the panels step alone was ~70 ms here, ~0.3 s on Lighthouse's phone (decision 037).
function advance() {
  reached += 1;
  startTransition(() => listeners.forEach((listener) => listener()));
  if (reached < LAST) whenIdle(advance);
}

/**
 * False until the tab's start-up has reached `step`, then true for good: a page opened later
 * shows its panels and badges at once. The steps begin at the first idle moment after the first
 * screen that asks (for the parts a first screen can do without).
 */
export function useIdle(step: StartUpStep = 'panels'): boolean {
  const isReached = () => reached >= STEPS[step];
  const [done, setDone] = useState(isReached);
  useEffect(() => {
    if (!started) {
      started = true;
      whenIdle(advance);
    }
    if (done) return;
    const listener = () => {
      if (isReached()) setDone(true);
    };
    listeners.add(listener);
    // A step reached between this render and this effect.
    listener();
    return () => void listeners.delete(listener);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- isReached reads module state and `step`
  }, [done, step]);
  return done;
}
