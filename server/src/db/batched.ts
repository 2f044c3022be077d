import { sql } from 'kysely';
import { inTransaction } from '../platform/transaction.js';
import type { Db } from './database.js';

/**
 * What a caller does with its row in the statement's own transaction before it commits: the
 * events it emits (decision 060), so its invariants and its jobs commit with the row.
 */
export type ThenInTransaction<Out> = (trx: Db, out: Out) => Promise<void>;

type Waiting<In, Out> = {
  input: In;
  then: ThenInTransaction<Out> | undefined;
  key: string;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
};
type Queue<In, Out> = { waiting: Array<Waiting<In, Out>>; running: number };

/**
 * A write that many requests make at once, run as one statement for all of them (decision 035).
 * A write statement's own rows cost PostgreSQL ~50–90 µs; what each statement costs besides —
 * the round trip, starting its plan, the commit and its WAL flush — is ~300 µs, and the API pays a
 * socket write and read per statement too. So a write is queued: when fewer than `inFlight` of its
 * statements are running it goes at once, alone (no wait when the server is quiet); otherwise it
 * waits for one to finish and goes with everything that queued meanwhile, up to `max`.
 *
 * - `run` takes the inputs and answers one output per input, in their order. It is one statement,
 *   so a batch is atomic: when it fails (a constraint, a deadlock, a timeout), every input is run
 *   again alone, and each caller gets its own answer or its own error, as without batching.
 * - `key`: inputs with the same key never share a batch (a statement may not touch a row twice
 *   with `on conflict do update`); a batch runs in key order, so that concurrent batches take
 *   their row locks in the same order.
 * - `group`: inputs of different groups (a different statement shape) queue apart.
 *
 * - `then` (per call): run in the statement's transaction with the caller's row, before the
 *   commit. A batch with any `then` is one transaction: the statement, then each caller's `then` in
 *   turn (each caller's events: their invariants and their jobs, decision 060). So the write keeps
 *   its batching and every row commits with what it sets off. A `then` that throws takes the batch
 *   down with it, and every input is run again alone, as for a failed statement.
 *
 * Queues are per database handle: a transaction's calls never join another's.
 */
export function batched<In, Out>(
  run: (db: Db, inputs: In[]) => Promise<Out[]>,
  options: { key: (input: In) => string; group?: (input: In) => string; max?: number; inFlight?: number },
): (db: Db, input: In, then?: ThenInTransaction<Out>) => Promise<Out> {
  const max = options.max ?? 64;
  const inFlight = options.inFlight ?? 4;
  const queues = new WeakMap<Db, Map<string, Queue<In, Out>>>();

  function queueOf(db: Db, group: string) {
    let groups = queues.get(db);
    if (!groups) queues.set(db, (groups = new Map()));
    let queue = groups.get(group);
    if (!queue) groups.set(group, (queue = { waiting: [], running: 0 }));
    return queue;
  }

  /** The statement for `batch`, with their `then`s in its transaction when any has one. */
  function execute(db: Db, batch: Array<Waiting<In, Out>>): Promise<Out[]> {
    const inputs = batch.map((w) => w.input);
    if (!batch.some((w) => w.then)) return run(db, inputs);
    return inTransaction(db, async (trx) => {
      const outs = await run(trx, inputs);
      for (const [i, w] of batch.entries()) await w.then?.(trx, outs[i]!);
      return outs;
    });
  }

  async function alone(db: Db, w: Waiting<In, Out>) {
    try {
      const [out] = await execute(db, [w]);
      w.resolve(out!);
    } catch (err) {
      w.reject(err);
    }
  }

  function flush(db: Db, queue: Queue<In, Out>) {
    const batch: Array<Waiting<In, Out>> = [];
    const keys = new Set<string>();
    const rest: Array<Waiting<In, Out>> = [];
    for (const w of queue.waiting) {
      if (batch.length < max && !keys.has(w.key)) {
        keys.add(w.key);
        batch.push(w);
      } else rest.push(w);
    }
    queue.waiting = rest;
    batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    queue.running++;
    const done =
      batch.length === 1
        ? alone(db, batch[0]!)
        : execute(db, batch).then(
            (outs) => batch.forEach((w, i) => w.resolve(outs[i]!)),
            () => Promise.all(batch.map((w) => alone(db, w))),
          );
    void done.finally(() => {
      queue.running--;
      if (queue.waiting.length > 0) flush(db, queue);
    });
  }

  return (db, input, then) =>
    new Promise<Out>((resolve, reject) => {
      const queue = queueOf(db, options.group?.(input) ?? '');
      queue.waiting.push({ input, then, key: options.key(input), resolve, reject });
      if (queue.running < inFlight) flush(db, queue);
    });
}

/** A batch's inputs as one array per field (each input has every field), for `unnest`. */
export function columnsOf<T extends object>(inputs: T[]): { [K in keyof T]: Array<T[K]> } {
  const fields = Object.keys(inputs[0]!) as Array<keyof T>;
  return Object.fromEntries(fields.map((f) => [f, inputs.map((input) => input[f])])) as {
    [K in keyof T]: Array<T[K]>;
  };
}

/** The columns a row is given (as `values(row)` would have them): for rows that go as JSON, the statement's shape. */
export const givenColumns = <T extends object>(row: T) =>
  (Object.keys(row) as Array<keyof T & string>).filter((c) => row[c] !== undefined);

/** A camelCase column name as PostgreSQL spells it, for a batch's rows given as JSON (`jsonb_populate_record`). */
export const snakeCase = (column: string) => column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A batch's values of one column, for `unnest`, as a sub-select: PostgreSQL then takes any batch
 * for a few rows, as it does when it plans for any values, so the statement settles on one plan
 * for any values after its first runs. Given as they are, it counts each batch's array, finds a
 * plan for one row cheaper than the one for any values, and plans the statement on every run.
 */
export const batchColumn = (values: unknown, type: 'uuid[]' | 'text[]' | 'jsonb[]') =>
  sql`(select ${values}::${sql.raw(type)})`;
