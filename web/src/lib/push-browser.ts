import { api } from './api-client';

/**
 * This browser's side of Web Push (issue 34, decision 064): whether it can, its service worker
 * registration and its subscription. Here rather than in the settings feature because signing out
 * (lib/session.ts) ends the subscription too: a shared computer stops showing the last person's
 * notices when they sign out.
 */

/** Push needs a service worker, the Push API and notifications (iOS: only once added to the Home Screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** Rejects after `ms`: a service worker that never becomes ready must not leave a switch spinning. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`${what} took too long`)), ms);
    promise.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * The app's service worker, registered now if public/registerSW.js has not yet done it (it waits
 * for an idle moment after load), and active. The same script and scope as registerSW.js, so it
 * is one registration.
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return within(navigator.serviceWorker.ready, 30_000, 'Starting the service worker');
}

/** This browser's push subscription, if it has one; never registers a worker to find out. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's key as the Push API takes it (`applicationServerKey`): bytes from base64url. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with `publicKey` (a key changed since leaves it unable to receive). */
export function subscribedWith(subscription: PushSubscription, publicKey: string): boolean {
  const given = subscription.options.applicationServerKey;
  if (!given) return false;
  const a = new Uint8Array(given);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Ends this browser's subscription: the server forgets it (while the session lasts), then the
 * browser drops it. Errors are swallowed and the wait is bounded: signing out never waits on it.
 */
export async function endPushHere(): Promise<void> {
  try {
    await within(
      (async () => {
        const subscription = await currentPushSubscription();
        if (!subscription) return;
        await api
          .delete('/users/me/push-subscriptions', { endpoint: subscription.endpoint })
          .catch(() => undefined);
        await subscription.unsubscribe();
      })(),
      3_000,
      'Ending push on this browser',
    );
  } catch {
    // Left behind (offline, a slow worker): pushes may still reach this browser until someone
    // signed in here turns push off, or turns it on, which takes the endpoint over.
  }
}
