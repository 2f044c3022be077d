/**
 * Whether any toast can be shown yet. The toaster (react-hot-toast, ~5 KB gzip) mounts only once
 * something has toasted (lib/toast.ts says so here): a page that never toasts — the landing page,
 * home on its first load — never loads it (DESIGN.md §6: 120 KB; decision 027). A toast made
 * before it mounts waits in react-hot-toast's store and shows when it does.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const toasterWanted = (): boolean => wanted;
