import type hotToastApi from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';
import { currentPage, onPageChange, wantToaster } from './toaster-signal';

type HotToast = typeof hotToastApi;
let hotToast: Promise<HotToast> | undefined;

/**
 * react-hot-toast, loaded (and the toaster mounted, lib/toaster-signal.ts) by the first toast
 * rather than by the first page that could toast: the signed-in home imports this through every
 * post card, and loading and mounting the toaster there was one of its long tasks on a phone
 * (decision 027). A toast waits for the library to load, then in its store for the toaster.
 */
function hot(): Promise<HotToast> {
  wantToaster();
  hotToast ??= import('react-hot-toast').then((m) => m.default);
  return hotToast;
}

/** Error toasts on screen, each with the last page (toaster-signal's count) it may be shown on. */
const boundToPage = new Map<string, number>();

onPageChange((page) => {
  for (const [id, last] of boundToPage) {
    if (last >= page) continue;
    boundToPage.delete(id);
    void hotToast?.then((t) => t.dismiss(id));
  }
});

export type ErrorToastOptions = ToastOptions & {
  /**
   * The error is about the page the app is taking the person to, not the one they are on (spec
   * §2's 'Please log in to access this page', on the way to /login): it stays through the next
   * change of page, and goes at the one after.
   */
  forNextPage?: boolean;
};

/**
 * The one way the app toasts (spec §9): success and error messages, with react-hot-toast's options.
 * An error belongs to the page it was raised on, as a form's own error would: it goes when the
 * person goes elsewhere, and one whose page has already gone by the time the library has loaded
 * is not shown at all (decision 052). A success says something was done, and keeps its 2 s
 * wherever the person goes next (a mission created, then its page).
 */
const toast = {
  success(message: string, options?: ToastOptions): void {
    void hot().then((t) => t.success(message, options));
  },
  error(message: string, options?: ErrorToastOptions): void {
    const { forNextPage = false, ...rest } = options ?? {};
    const last = currentPage() + (forNextPage ? 1 : 0);
    void hot().then((t) => {
      if (currentPage() > last) return;
      boundToPage.set(t.error(message, rest), last);
    });
  },
};

export default toast;
