import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * What a transaction opened by `inTransaction` carries besides its statements: what runs once it
 * has committed (live pushes and in-process cache drops that must never tell anyone of a write
 * that was rolled back, or arrive before it is readable elsewhere), and what is written just
 * before it commits, gathered (`beforeCommit`).
 */
type TransactionState = { afterCommit: Array<() => void>; beforeCommit: Array<Gathered<unknown>> };
type Gathered<T> = { writer: GatheredWriter<T>; item: T };
const states = new WeakMap<Db, TransactionState>();

/**
 * Writes the items of a transaction gathered with `beforeCommit`, all at once, in the transaction,
 * just before it commits. Identified by the object: one writer, one write per transaction.
 */
export type GatheredWriter<T> = { write: (trx: Db, items: T[]) => Promise<void> };

/**
 * Runs `work` in one transaction: everything it writes, every job it enqueues (platform/jobs.ts)
 * and every handler that keeps an invariant with it (platform/events.ts `within`) commit or roll
 * back together. Inside a transaction already, `work` joins it. Hooks given to `afterCommit` run
 * once the outermost transaction has committed, in order; none runs after a rollback.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const state: TransactionState = { afterCommit: [], beforeCommit: [] };
  const result = await db.transaction().execute(async (trx) => {
    states.set(trx, state);
    const out = await work(trx);
    // A writer may gather more as it writes (a job's insert does not, but nothing forbids it).
    while (state.beforeCommit.length) {
      const gathered = state.beforeCommit.splice(0);
      const byWriter = new Map<GatheredWriter<unknown>, unknown[]>();
      for (const { writer, item } of gathered) byWriter.set(writer, [...(byWriter.get(writer) ?? []), item]);
      for (const [writer, items] of byWriter) await writer.write(trx, items);
    }
    return out;
  });
  for (const hook of state.afterCommit) hook();
  return result;
}

function stateOf(db: Db, what: string): TransactionState {
  const state = states.get(db);
  if (!state) throw new Error(`${what} inside a transaction not opened by inTransaction`);
  return state;
}

/**
 * Gathers `item` for `writer`, which writes everything gathered in `db`'s transaction in one go
 * just before the commit (a request's or a batch's jobs: one insert for all, decision 059). A
 * savepoint rolled back forgets what was gathered under it.
 */
export function beforeCommit<T>(db: Db, writer: GatheredWriter<T>, item: T): void {
  if (!db.isTransaction) throw new Error('beforeCommit outside a transaction');
  stateOf(db, 'beforeCommit').beforeCommit.push({ writer: writer as GatheredWriter<unknown>, item });
}

/**
 * `effect` once `db`'s transaction commits, or now when `db` is not a transaction. A transaction
 * not opened by `inTransaction` has nowhere to keep it, which is a mistake in our code: it throws.
 */
export function afterCommit(db: Db, effect: () => void): void {
  if (!db.isTransaction) return effect();
  stateOf(db, 'afterCommit').afterCommit.push(effect);
}

/**
 * `work` inside `trx` under a savepoint: if it throws, what it wrote and the `afterCommit` hooks
 * it added and what it gathered are undone, the rest of the transaction stands, and the error is returned (not thrown).
 */
export async function underSavepoint(trx: Db, work: () => Promise<void>): Promise<unknown> {
  const state = stateOf(trx, 'underSavepoint');
  const kept = { after: state.afterCommit.length, before: state.beforeCommit.length };
  await sql`savepoint work`.execute(trx);
  try {
    await work();
    await sql`release savepoint work`.execute(trx);
    return undefined;
  } catch (err) {
    await sql`rollback to savepoint work`.execute(trx);
    state.afterCommit.length = kept.after;
    state.beforeCommit.length = kept.before;
    return err;
  }
}
