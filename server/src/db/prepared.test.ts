import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { DatabaseHandle } from './database.js';
import { prepared } from './prepared.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table things (id int primary key, kind text not null, name text not null)`.execute(handle.db);
  await sql`insert into things values (1, 'a', 'one'), (2, 'b', 'two'), (3, 'a', 'three'), (4, 'a', 'four')`.execute(handle.db);
});
afterAll(() => handle.close());

type Args = { kind?: string | undefined; above?: number | undefined; limit: number };
let builds = 0;
const things = prepared(
  (db, a: Args) => {
    builds++;
    // A table of the test's own, outside the application's schema.
    let q = (db as unknown as Kysely<{ things: { id: number; kind: string; name: string } }>)
      .selectFrom('things')
      .select(['id', 'name']);
    if (a.kind !== undefined) q = q.where('kind', '=', a.kind);
    if (a.above !== undefined) q = q.where('id', '>', a.above);
    return q.orderBy('id').limit(sql.lit(a.limit));
  },
  { literal: ['limit'] },
);

describe('prepared queries', () => {
  it('builds each shape once and runs it with each call’s values', async () => {
    const ids = async (a: Args) => (await things(handle.db, a)).map((r) => r.id);
    expect(await ids({ kind: 'a', limit: 10 })).toEqual([1, 3, 4]);
    expect(await ids({ kind: 'b', limit: 10 })).toEqual([2]);
    expect(builds).toBe(1);
    // Another literal, or another set of present arguments, is another shape.
    expect(await ids({ kind: 'a', limit: 2 })).toEqual([1, 3]);
    expect(await ids({ kind: 'a', above: 1, limit: 10 })).toEqual([3, 4]);
    expect(await ids({ kind: undefined, limit: 10 })).toEqual([1, 2, 3, 4]);
    expect(builds).toBe(4);
    expect(await ids({ kind: 'a', above: 3, limit: 10 })).toEqual([4]);
    expect(builds).toBe(4);
  });

  it('passes values as parameters, never as SQL', async () => {
    const rows = await things(handle.db, { kind: "a' or '1'='1", limit: 10 });
    expect(rows).toEqual([]);
  });
});
