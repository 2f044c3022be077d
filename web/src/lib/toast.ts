import type hotToastApi from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';
import { wantToaster } from './toaster-signal';

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

/** The one way the app toasts (spec §9): success and error messages, with react-hot-toast's options. */
const toast = {
  success(message: string, options?: ToastOptions): void {
    void hot().then((t) => t.success(message, options));
  },
  error(message: string, options?: ToastOptions): void {
    void hot().then((t) => t.error(message, options));
  },
};

export default toast;
