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

/**
 * Which page is on screen, as a count of the pages shown since the tab opened (app/page-toasts.tsx
 * counts a change of pathname): lib/toast.ts binds an error to the page it was raised on and
 * dismisses it when that page goes (decision 052). Here, not in lib/toast.ts, so that counting
 * pages loads nothing of the toasts: this module is in the entry already.
 */
let page = 0;
const pageListeners = new Set<(page: number) => void>();

export const currentPage = (): number => page;

export function pageChanged(): void {
  page += 1;
  pageListeners.forEach((listener) => listener(page));
}

export function onPageChange(listener: (page: number) => void): () => void {
  pageListeners.add(listener);
  return () => void pageListeners.delete(listener);
}
