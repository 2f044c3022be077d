import { sql } from 'kysely';
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

/**
 * `work` inside `trx` under a savepoint: if it throws, what it wrote and the `afterCommit` hooks
 * it added are undone, the rest of the transaction stands, and the error is returned (not thrown).
 */
export async function underSavepoint(trx: Db, work: () => Promise<void>): Promise<unknown> {
  const hooks = commitHooks.get(trx);
  if (!hooks) throw new Error('underSavepoint inside a transaction not opened by inTransaction');
  const kept = hooks.length;
  await sql`savepoint work`.execute(trx);
  try {
    await work();
    await sql`release savepoint work`.execute(trx);
    return undefined;
  } catch (err) {
    await sql`rollback to savepoint work`.execute(trx);
    hooks.length = kept;
    return err;
  }
}
