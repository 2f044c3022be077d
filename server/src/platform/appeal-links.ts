import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { newSecret } from './auth/tokens.js';
import type { Deps } from './deps.js';
import { instanceKey } from './instance-keys.queries.js';

/**
 * Appeal links (decision 070). A suspended person cannot sign in, yet may appeal the strike that
 * suspended them: the suspension's mail and the refused sign-in carry a token naming the strike,
 * signed with this instance's key (as unsubscribe links are, decision 063), so it needs no sign-in
 * and no stored row. Whoever holds it may appeal that one strike, once; it reveals nothing but the
 * strike. Here, in the platform, because three features use it: moderation checks it, accounts
 * (a refused sign-in) and notifications (the mail) issue it.
 */
const TOKEN_VERSION = 'v1';
const KEY_NAME = 'appeal-hmac';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const keys = new WeakMap<Deps, Promise<Buffer>>();

/**
 * The key, remembered once read outside a transaction. Read inside one (a notice's job), it is not
 * remembered: should that transaction roll back, a key first made there would go with it.
 */
function signingKey(deps: Deps, db: Db): Promise<Buffer> {
  const known = keys.get(deps);
  if (known) return known;
  const key = instanceKey(db, KEY_NAME, () => newSecret(32)).then((value) => Buffer.from(value, 'base64url'));
  if (db.isTransaction) return key;
  key.catch(() => keys.delete(deps));
  keys.set(deps, key);
  return key;
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The token that appeals `strikeId`. Pass the transaction you are in, if any. */
export async function appealToken(deps: Deps, strikeId: string, db: Db = deps.db): Promise<string> {
  const body = `${TOKEN_VERSION}.${strikeId}`;
  return `${body}.${mac(await signingKey(deps, db), body)}`;
}

/** The page of the web app that takes an appeal by link. */
export async function appealUrl(deps: Deps, strikeId: string, db: Db = deps.db): Promise<string> {
  return `${deps.config.publicUrl}/#/appeal?token=${await appealToken(deps, strikeId, db)}`;
}

/** The strike a token names, when it is ours and unaltered; undefined for anything else. */
export async function readAppealToken(deps: Deps, token: string): Promise<string | undefined> {
  const [version, strikeId, signature, ...rest] = token.split('.');
  if (version !== TOKEN_VERSION || !strikeId || !signature || rest.length > 0) return undefined;
  if (!UUID.test(strikeId)) return undefined;
  // Compared as the text we issue (base64url's last character carries bits no byte holds).
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(await signingKey(deps, deps.db), `${version}.${strikeId}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return strikeId;
}
