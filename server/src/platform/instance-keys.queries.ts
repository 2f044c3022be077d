import type { Db } from '../db/database.js';

/**
 * One of this instance's own keys (0030's `instance_keys`): made by the first process that needs
 * it and kept, so every process of a deployment, and every restart, uses the same one. `fresh` is
 * stored only when no process got there first; everyone reads back the one that was.
 */
export async function instanceKey(db: Db, name: string, fresh: () => string): Promise<string> {
  await db
    .insertInto('instanceKeys')
    .values({ name, value: fresh() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('instanceKeys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
