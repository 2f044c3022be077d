import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { PushPayload } from '@muster/contract/push';
import type { PushService } from '../../server/test/push-service';
import { expect } from './fixtures';

// Web Push in Chromium (decision 064), for the specs that need the app's real service worker
// (`test.use({ serviceWorkers: 'allow' })`).

type PushSubscriptionJSONish = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

/** A subscription at the stand-in with keys nobody holds (for tests that never decrypt). */
function aSubscription(service: PushService): PushSubscriptionJSONish {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${service.origin}/push/${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** The app's service worker, registered (public/registerSW.js waits for an idle moment) and active. */
export async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Chromium's DevTools protocol delivers a push to a service worker registration as a push service
 * would (headless Chromium has no real push service): its id is read from the protocol's own
 * registration events.
 */
export async function pushDelivery(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${origin}/`) ?? null).not.toBeNull();
  return (payload: PushPayload) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data: JSON.stringify(payload),
    });
}

/** The notifications the service worker is showing now. */
export const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

/**
 * A browser subscription at the local push-service stand-in, put in place of the Push API's own:
 * headless Chromium has no push service to subscribe with (decision 064). The keys are real P-256
 * keys held here, so the server's checks pass as they would for a browser; the subscription lives
 * in the page's storage, so a reload finds it as a browser would.
 */
export function fakePushManager(
  context: BrowserContext,
  service: PushService,
  subscription: PushSubscriptionJSONish = aSubscription(service),
) {
  return context
    .addInitScript((json) => {
      const STORED = 'e2e-push-subscription';
      const make = (key: number[]) => ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(STORED);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = Array.from(
          new Uint8Array(options!.applicationServerKey as ArrayBuffer | Uint8Array<ArrayBuffer>),
        );
        localStorage.setItem(STORED, JSON.stringify(key));
        return make(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const key = localStorage.getItem(STORED);
        return key ? (make(JSON.parse(key) as number[]) as unknown as PushSubscription) : null;
      };
    }, subscription)
    .then(() => subscription);
}
