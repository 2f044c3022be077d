import { useSyncExternalStore } from 'react';

// Whether this tab's socket is open. Module state, because there is one socket per tab and every
// live query asks it; kept apart from the socket itself so the query hooks that read it do not pull
// the socket client into their chunks.

let connected = false;
const listeners = new Set<() => void>();

export function realtimeConnected(): boolean {
  return connected;
}

/** Set by the socket client only. */
export function setRealtimeConnected(value: boolean) {
  if (value === connected) return;
  connected = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True while the live socket is open (re-renders when it opens or drops). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribe, realtimeConnected, () => false);
}
