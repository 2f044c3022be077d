import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { DatabaseHandle } from './database.js';
import { onePlaceholderPerArg, prepared } from './prepared.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table things (id int primary key, kind text not null, name text not null)`.execute(
    handle.db,
  );
  await sql`insert into things values (1, 'a', 'one'), (2, 'b', 'two'), (3, 'a', 'three'), (4, 'a', 'four')`.execute(
    handle.db,
  );
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

  it('sends an argument the SQL uses several times once, under one placeholder', async () => {
    const sameKind = prepared(
      (_db, a: { kind: string; id: number }) =>
        sql<{
          id: number;
        }>`select id from things where kind = ${a.kind} and id >= ${a.id} and name <> ${a.kind}
        and exists (select 1 from things t where t.kind = ${a.kind} and t.id = ${a.id}) order by id`,
    );
    expect((await sameKind(handle.db, { kind: 'a', id: 3 })).map((r) => r.id)).toEqual([3, 4]);
    expect((await sameKind(handle.db, { kind: 'b', id: 2 })).map((r) => r.id)).toEqual([2]);
    expect((await sameKind(handle.db, { kind: 'b', id: 3 })).map((r) => r.id)).toEqual([]);

    const a = { arg: 'a' };
    const b = { arg: 'b' };
    expect(
      onePlaceholderPerArg('x = $1 and y = $2 and z = $3 and w = $4 and v = $5', [a, { value: 7 }, b, a, b]),
    ).toEqual({
      sql: 'x = $1 and y = $2 and z = $3 and w = $1 and v = $3',
      slots: [a, { value: 7 }, b],
    });
    // Literal values are never merged, and a text that is not Kysely's $1…$n is left as it is.
    expect(onePlaceholderPerArg('$1, $2', [{ value: 1 }, { value: 1 }]).sql).toBe('$1, $2');
    expect(onePlaceholderPerArg("'$2' || $1", [a]).sql).toBe("'$2' || $1");
  });
});
