import type { Db } from '../db/database.js';
import type { Deps } from './deps.js';
import { signedTokens } from './signed-tokens.js';

/**
 * Appeal links (decision 070). A suspended person cannot sign in, yet may appeal the strike that
 * suspended them: the suspension's mail and the refused sign-in carry a token naming the strike,
 * signed with this instance's key (platform/signed-tokens.ts, as unsubscribe links are), so it
 * needs no sign-in and no stored row. Whoever holds it may appeal that one strike, once; it
 * reveals nothing but the strike. Here, in the platform, because three features use it:
 * moderation checks it, accounts (a refused sign-in) and notifications (the mail) issue it.
 */
const tokens = signedTokens('appeal-hmac');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The token that appeals `strikeId`. Pass the transaction you are in, if any. */
export function appealToken(deps: Deps, strikeId: string, db: Db = deps.db): Promise<string> {
  return tokens.sign(deps, [strikeId], db);
}

/** The page of the web app that takes an appeal by link. */
export async function appealUrl(deps: Deps, strikeId: string, db: Db = deps.db): Promise<string> {
  return `${deps.config.publicUrl}/#/appeal?token=${await appealToken(deps, strikeId, db)}`;
}

/** The strike a token names, when it is ours and unaltered; undefined for anything else. */
export async function readAppealToken(deps: Deps, token: string): Promise<string | undefined> {
  const [strikeId] = (await tokens.read(deps, token, 1)) ?? [];
  return strikeId && UUID.test(strikeId) ? strikeId : undefined;
}
