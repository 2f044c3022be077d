import { useEffect, useSyncExternalStore } from 'react';

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
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: TIMEOUT_MS });
  else window.setTimeout(run, 0);
}

// The next step is asked for only after this one's listeners have been told: React renders what
// they changed in a task of its own, before the browser is idle again.
function advance() {
  reached += 1;
  listeners.forEach((listener) => listener());
  if (reached < LAST) whenIdle(advance);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * False until the tab's start-up has reached `step`, then true for good: a page opened later
 * shows its panels and badges at once. The steps begin at the first idle moment after the first
 * screen that asks (for the parts a first screen can do without).
 */
export function useIdle(step: StartUpStep = 'panels'): boolean {
  const done = useSyncExternalStore(subscribe, () => reached >= STEPS[step]);
  useEffect(() => {
    if (started) return;
    started = true;
    whenIdle(advance);
  }, []);
  return done;
}
