import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { newSecret } from './auth/tokens.js';
import type { Deps } from './deps.js';
import { instanceKey } from './instance-keys.queries.js';

/**
 * Tokens that let a mailed link act without a sign-in (unsubscribe, decision 063; appeal, 070):
 * `version.part….signature`, the parts naming what the link may do, signed with one of this
 * instance's keys, so no row is stored per link. The version lets every link of a kind be
 * withdrawn at once (a leaked key): bump it and the old ones are refused.
 */
export function signedTokens(keyName: string, version = 'v1') {
  const keys = new WeakMap<Deps, Promise<Buffer>>();
  /**
   * The key as one transaction read it: a digest job signs a few hundred links in one transaction,
   * and read afresh each time they cost two statements a link (decision 065). Held by the
   * transaction, it goes with it, whether it commits or rolls back.
   */
  const keysInTransaction = new WeakMap<Db, Promise<Buffer>>();

  /**
   * The signing key, read once per application. `db` is the caller's transaction when there is
   * one: on the embedded database a second connection would wait for the one the transaction
   * holds. A key first made inside a transaction is not remembered until it is read outside one:
   * should that transaction roll back, the key goes with it (and so does the mail that carried
   * it), and a remembered key would sign links no process could check.
   */
  function signingKey(deps: Deps, db: Db): Promise<Buffer> {
    const known = keys.get(deps);
    if (known) return known;
    const inTransaction = db.isTransaction ? keysInTransaction.get(db) : undefined;
    if (inTransaction) return inTransaction;
    const key = instanceKey(db, keyName, () => newSecret(32)).then((value) =>
      Buffer.from(value, 'base64url'),
    );
    if (db.isTransaction) {
      keysInTransaction.set(db, key);
      return key;
    }
    // A failed read (the database away) is tried again next time, not remembered.
    key.catch(() => keys.delete(deps));
    keys.set(deps, key);
    return key;
  }

  const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    /** The token naming `parts` (none may hold a '.'). Pass the transaction you are in, if any. */
    async sign(deps: Deps, parts: string[], db: Db = deps.db): Promise<string> {
      const body = [version, ...parts].join('.');
      return `${body}.${mac(await signingKey(deps, db), body)}`;
    },

    /** The `count` parts a token names, when it is ours and unaltered; undefined for anything else. */
    async read(deps: Deps, token: string, count: number): Promise<string[] | undefined> {
      const fields = token.split('.');
      if (fields.length !== count + 2 || fields[0] !== version || fields.some((f) => f === ''))
        return undefined;
      const body = fields.slice(0, -1).join('.');
      // Compared as the text we issue, not as decoded bytes: base64url's last character carries
      // two bits no byte holds, so a link altered there would decode to the same signature.
      const given = Buffer.from(fields.at(-1)!);
      const expected = Buffer.from(mac(await signingKey(deps, deps.db), body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return fields.slice(1, -1);
    },
  };
}
