import type { Db } from '../../db/database.js';

const DEVICE_KEY = 'device-cookie-key';

/**
 * The key that signs device cookies: made by the first process that needs it and kept in
 * app_meta, so every process of a deployment (and every restart) checks cookies with the same
 * one. `fresh` is only used when no process got there first.
 */
export async function deviceCookieKey(db: Db, fresh: string): Promise<string> {
  await db
    .insertInto('appMeta')
    .values({ key: DEVICE_KEY, value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('appMeta')
    .select('value')
    .where('key', '=', DEVICE_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
