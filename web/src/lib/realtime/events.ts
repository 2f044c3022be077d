import type { RealtimeCount, RealtimeEvent, RealtimeEventType } from '@muster/contract/realtime';

// The one place events go: the socket (lib/realtime/socket.ts) dispatches here and features
// register what an event means for their cache (features/<feature>/realtime.ts), wired together by
// app/live-updates.ts — so lib/ never imports a feature.

export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;
type AnyHandler = (event: RealtimeEvent) => void;

const handlers = new Map<RealtimeEventType, Set<AnyHandler>>();

/** Calls `handler` for every event of `type`; returns the unsubscribe. */
export function onRealtimeEvent<T extends RealtimeEventType>(
  type: T,
  handler: (event: RealtimeEventOf<T>) => void,
): () => void {
  const set = handlers.get(type) ?? new Set<AnyHandler>();
  handlers.set(type, set);
  const h = handler as AnyHandler;
  set.add(h);
  return () => void set.delete(h);
}

/** Calls `handler` when a counts.changed event names `count` (one of the shell's badges). */
export function onRealtimeCount(count: RealtimeCount, handler: () => void): () => void {
  return onRealtimeEvent('counts.changed', (event) => {
    if (event.data.counts.includes(count)) handler();
  });
}

export function dispatchRealtimeEvent(event: RealtimeEvent) {
  for (const handler of handlers.get(event.type) ?? []) {
    try {
      handler(event);
    } catch (error) {
      // One feature's mistake must not stop the others from hearing the event.
      console.error('Realtime handler failed', error);
    }
  }
}
