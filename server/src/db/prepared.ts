import { type Compilable, CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

export type Slot = { arg: string } | { value: unknown };
type Shape = { sql: string; slots: Slot[] };

const MARK = '\u0000arg:';

/**
 * A query on a hot path, built and compiled by Kysely once per shape and afterwards only given new
 * values (decision 010). Building and compiling a feed query — expression builders, the camelCase
 * plugin walking the tree, the compiler — cost a quarter of the API's time per feed request, to
 * produce the same SQL text every time.
 *
 * `build` receives the arguments with every value replaced by a marker, except the `literal` ones,
 * which it gets as they are (a limit written with `sql.lit`, say). The shape is which arguments
 * are present and the literals' values; `build` must use each value only as a query value (no
 * branching on it, no arithmetic), as the ordinary query would. It may return a builder or a `sql`
 * template (compiled against `db`): a template of the kernel's fragments cost 20–30 µs to compile.
 */
export function prepared<Args extends Record<string, unknown>, Row>(
  build: (db: Db, args: Args) => Compilable<Row> | RawBuilder<Row>,
  options: { literal?: Array<keyof Args> } = {},
) {
  const literal = new Set<keyof Args>(options.literal ?? []);
  const shapes = new Map<string, Shape>();

  function shapeOf(db: Db, args: Args): Shape {
    const names = Object.keys(args).sort();
    const key = names
      .map((n) => (literal.has(n) ? `${n}=${String(args[n])}` : args[n] === undefined ? '' : n))
      .join('|');
    let shape = shapes.get(key);
    if (!shape) {
      const marked = Object.fromEntries(
        names.map((n) => [n, literal.has(n) || args[n] === undefined ? args[n] : `${MARK}${n}`]),
      ) as Args;
      const built = build(db, marked);
      const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      shape = onePlaceholderPerArg(
        compiled.sql,
        compiled.parameters.map((p) =>
          typeof p === 'string' && p.startsWith(MARK) ? { arg: p.slice(MARK.length) } : { value: p },
        ),
      );
      shapes.set(key, shape);
    }
    return shape;
  }

  return async (db: Db, args: Args): Promise<Row[]> => {
    const shape = shapeOf(db, args);
    const values = shape.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return (await db.executeQuery<Row>(CompiledQuery.raw(shape.sql, values))).rows;
  };
}

/**
 * The statement with one placeholder per argument, however often the SQL uses it: Kysely numbers
 * every use (the viewer five times and the page's ids twice in viewerMarks), and each then went,
 * was parsed and was bound apart — a list of twenty ids parsed twice cost PostgreSQL ~15 µs a
 * run (decision 036). Each argument takes the type PostgreSQL infers where it is first used.
 * Left as compiled unless the placeholders are exactly $1…$n, once each, as Kysely writes them.
 */
export function onePlaceholderPerArg(text: string, slots: Slot[]): Shape {
  const uses = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (uses.length !== slots.length || uses.some((n, i) => n !== i + 1)) return { sql: text, slots };
  const kept: Slot[] = [];
  const placeOf = new Map<string, number>();
  const renumbered = slots.map((slot) => {
    const known = 'arg' in slot ? placeOf.get(slot.arg) : undefined;
    if (known !== undefined) return known;
    kept.push(slot);
    if ('arg' in slot) placeOf.set(slot.arg, kept.length);
    return kept.length;
  });
  return { sql: text.replace(/\$(\d+)/g, (_, n: string) => `$${renumbered[Number(n) - 1]}`), slots: kept };
}
