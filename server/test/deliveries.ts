import type { RealtimeEvent } from '@muster/contract/realtime';
import type { TestApp } from './helpers.js';

/**
 * What the app's real realtime hub delivers (issue 15), as the socket layer sees it: each publish
 * with the people it went to. `of(id)` is what one person received, in order; `clear()` starts over.
 */
export function recordDeliveries(t: TestApp) {
  let all: Array<{ to: readonly string[]; event: RealtimeEvent }> = [];
  t.app.deps.realtime.onDeliver((to, event) => all.push({ to, event }));
  return {
    get all() {
      return all;
    },
    of: (userId: string) => all.filter((d) => d.to.includes(userId)).map((d) => d.event),
    clear: () => {
      all = [];
    },
  };
}
