import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { deviceCookieKey } from './device.queries.js';
import { newSecret } from './tokens.js';

/**
 * A browser that has signed in to an account before (decision 042): `<account id>.<device
 * id>.<HMAC>`. It proves nothing about who is typing; it only lets the sign-in budgets tell the
 * owner's own browser from the rest of the internet, so a botnet spending an account's budget
 * cannot lock that browser out. Signed rather than stored: checking it costs no query.
 */
export const DEVICE_COOKIE = 'muster_device';
/** As long as a browser keeps a cookie (400 days at most in current browsers): a known device stays known. */
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

export type KnownDevice = { userId: string; deviceId: string };

const keys = new WeakMap<Deps, Promise<Buffer>>();

/**
 * The signing key, read once per application. It lives in the database rather than in the
 * environment so that nobody has to configure one, and is made at the first sign-in rather than
 * in a migration, so the built database templates (decision 026) never carry one every install
 * would share.
 */
function signingKey(deps: Deps): Promise<Buffer> {
  let key = keys.get(deps);
  if (!key) {
    key = deviceCookieKey(deps.db, newSecret(32)).then((value) => Buffer.from(value, 'base64url'));
    // A failed read (the database away) is tried again by the next request, not remembered.
    key.catch(() => keys.delete(deps));
    keys.set(deps, key);
  }
  return key;
}

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

/** The device a request's cookie names, when its signature is ours; anything else is no device. */
export async function knownDevice(deps: Deps, request: FastifyRequest): Promise<KnownDevice | undefined> {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie || cookie.length > 200) return undefined;
  const [userId, deviceId, mac, ...rest] = cookie.split('.');
  if (!userId || !deviceId || !mac || rest.length > 0) return undefined;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(await signingKey(deps), `${userId}.${deviceId}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, deviceId };
}

/**
 * After a sign-in (password, identity provider, mailed link): this browser is a known device of
 * the account. A browser already known to it keeps its device id, and so its budget's count.
 */
export async function rememberDevice(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  const known = await knownDevice(deps, request);
  const deviceId = known?.userId === userId ? known.deviceId : newSecret(16);
  const body = `${userId}.${deviceId}`;
  const mac = signature(await signingKey(deps), body).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${body}.${mac}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https://'),
    path: '/api/v1/auth',
    maxAge: DEVICE_MAX_AGE_S,
  });
}
