import { createECDH } from 'node:crypto';
import type { PushSubscriptionInput } from '@muster/contract/push';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { deleteOwnSubscription, upsertSubscription } from './push.queries.js';

/** What is kept of a browser's User-Agent: enough to tell one's browsers apart, no more. */
const USER_AGENT_KEPT = 200;

/** The server's VAPID public key: public by design (every browser that subscribes is given it). */
export function vapidPublicKey(deps: Deps) {
  return deps.push.publicKey();
}

/**
 * Whether `p256dh` is a point on P-256. The contract checks its shape; a point off the curve would
 * pass it and then fail every push to that browser (the encryption's key agreement refuses it), so
 * it is refused here, at the door, with the field named.
 */
function isP256Point(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** Pushes to this browser go to me from now on (an endpoint someone else held moves to me). */
export async function subscribe(
  deps: Deps,
  viewer: Viewer | null,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
) {
  const me = requireViewer(viewer);
  if (!isP256Point(input.keys.p256dh))
    throw validationFailed([{ path: 'keys.p256dh', message: 'p256dh is not a P-256 public key' }]);
  await upsertSubscription(deps.db, {
    id: newId(),
    userId: me.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_KEPT) : null,
  });
}

/** No more pushes to this browser. Someone else's endpoint is answered as one that is not there. */
export async function unsubscribe(deps: Deps, viewer: Viewer | null, endpoint: string) {
  const me = requireViewer(viewer);
  if (!(await deleteOwnSubscription(deps.db, me.id, endpoint)))
    throw notFound('No push subscription of yours at that endpoint');
}
