import type { Db } from '../db/database.js';

/**
 * What runs once a transaction has committed: live pushes and in-process cache drops that must
 * never tell anyone of a write that was rolled back (or arrive before it is readable elsewhere).
 */
const commitHooks = new WeakMap<Db, Array<() => void>>();

/**
 * Runs `work` in one transaction: everything it writes, every job it enqueues (platform/jobs.ts)
 * and every handler that keeps an invariant with it (platform/events.ts `within`) commit or roll
 * back together. Inside a transaction already, `work` joins it. Hooks given to `afterCommit` run
 * once the outermost transaction has committed, in order; none runs after a rollback.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const hooks: Array<() => void> = [];
  const result = await db.transaction().execute(async (trx) => {
    commitHooks.set(trx, hooks);
    return work(trx);
  });
  for (const hook of hooks) hook();
  return result;
}

/**
 * `effect` once `db`'s transaction commits, or now when `db` is not a transaction. A transaction
 * not opened by `inTransaction` has nowhere to keep it, which is a mistake in our code: it throws.
 */
export function afterCommit(db: Db, effect: () => void): void {
  if (!db.isTransaction) return effect();
  const hooks = commitHooks.get(db);
  if (!hooks) throw new Error('afterCommit inside a transaction not opened by inTransaction');
  hooks.push(effect);
}
