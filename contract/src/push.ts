import { z } from 'zod';

/**
 * Web Push (issue 34, decision 064): a browser's subscription, as `PushSubscription.toJSON()`
 * gives it, and what a push carries to the service worker.
 */

/**
 * The longest endpoint taken. Push services' endpoints are a few hundred characters (the longest
 * seen, Mozilla's autopush v2, about 400); this only refuses the absurd.
 */
export const PUSH_ENDPOINT_MAX = 1024;

/** An https address with a host and no user name or password in it: a push service's endpoint. */
function isHttpsEndpoint(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
}

const endpointSchema = z
  .string('Give the subscription’s endpoint')
  .max(PUSH_ENDPOINT_MAX, `The endpoint is longer than ${PUSH_ENDPOINT_MAX} characters`)
  .refine(isHttpsEndpoint, 'The endpoint must be an https address');

/**
 * The browser's keys (RFC 8291), base64url as `toJSON()` writes them: p256dh an uncompressed P-256
 * point (65 bytes, starting 0x04, so its text starts with "B"), auth a 16-byte secret. The server
 * also checks that the point is on the curve.
 */
const keysSchema = z.strictObject({
  p256dh: z
    .string('Give the p256dh key')
    .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'p256dh must be a P-256 public key (65 bytes, base64url)'),
  auth: z
    .string('Give the auth secret')
    .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'auth must be a 16-byte secret (base64url)'),
});

/** POST /users/me/push-subscriptions: this browser's subscription, for the person signed in. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: endpointSchema,
  /** `toJSON()` includes it (null in every browser today); accepted and not kept. */
  expirationTime: z.number().nullable().optional(),
  keys: keysSchema,
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /users/me/push-subscriptions: which of my subscriptions ends (this browser's). */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: endpointSchema });

/** GET /push/key: the server's VAPID public key, the browser's `applicationServerKey`. */
export const pushKeyResponseSchema = z.object({ data: z.object({ publicKey: z.string() }) });

/**
 * What one push says (encrypted to the browser): the notice in the list's words, the page a click
 * in the list opens (a hash route, relative to the site), and a tag naming the notice, so a notice
 * pushed again (a retry, a coalesced notice told anew) replaces its notification.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
