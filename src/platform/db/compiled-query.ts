import type { Knex } from 'knex';
import type { Database } from './database.js';

/** The values a compiled query is run with: each one a binding of its own, used as given. */
export type QueryParams = Record<string, string | number>;

type Slot = { param: string } | { constant: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

/** Two sets of stand-ins, so that a value the build changed instead of binding it shows up as a difference. */
const STAND_IN_SETS = [
  { text: (name: string) => `\u0001first:${name}\u0001`, number: (index: number) => 900_000_001 + index },
  { text: (name: string) => `\u0001second:${name}\u0001`, number: (index: number) => 800_000_001 + index },
] as const;

/**
 * A read whose SQL knex builds once per shape (its sort, whether it skips) instead of on every call.
 * Building and compiling a query of a few clauses costs knex about 60 µs, a tenth of what a hot paged read
 * costs the server in all (measured on the received-mails page at 50 connections); running the kept text
 * with new values costs a few.
 *
 * The build is run with stand-ins for the values, twice with different ones; where a stand-in lands in the
 * bindings is where the value goes. Each value must be bound exactly as given: a build that derives a
 * binding from one (`'%' + q + '%'`, `page * size`) is refused when the shape is first compiled, as the
 * two compilations then differ outside the stand-ins. Derive such values before, as params of their own.
 */
export class CompiledQuery<Shape, P extends QueryParams> {
  private readonly shapes = new Map<string, Compiled>();

  /** `keyOf` names a shape: two shapes with one key must build the same SQL. */
  constructor(
    private readonly db: Database,
    private readonly keyOf: (shape: Shape) => string,
    private readonly build: (db: Database, shape: Shape, params: P) => Knex.QueryBuilder,
  ) {}

  async rows<Row>(shape: Shape, params: P): Promise<Row[]> {
    const { sql, slots } = this.compiled(shape, params);
    const bindings = slots.map((slot) => ('param' in slot ? params[slot.param] : slot.constant));
    const result = (await this.db.raw(sql, bindings as Knex.RawBinding[])) as { rows: Row[] };
    return result.rows;
  }

  private compiled(shape: Shape, params: P): Compiled {
    const key = this.keyOf(shape);
    let compiled = this.shapes.get(key);
    if (!compiled) {
      compiled = compile(
        STAND_IN_SETS.map((set) => this.build(this.db, shape, standIns(params, set)).toSQL()),
        Object.keys(params),
        key,
      );
      this.shapes.set(key, compiled);
    }
    return compiled;
  }
}

function standIns<P extends QueryParams>(params: P, set: (typeof STAND_IN_SETS)[number]): P {
  return Object.fromEntries(Object.entries(params).map(([name, value], index) => [name, typeof value === 'number' ? set.number(index) : set.text(name)])) as P;
}

function compile([first, second]: Knex.Sql[], names: string[], shape: string): Compiled {
  if (!first || !second || first.sql !== second.sql || first.bindings.length !== second.bindings.length) {
    throw new Error(`compiled query "${shape}": its SQL depends on the values, not only on the shape`);
  }
  // knex.raw binds by `?`; a literal question mark in the text would take a value meant for another place.
  if (first.sql.split('?').length - 1 !== first.bindings.length) throw new Error(`compiled query "${shape}": its text holds a literal "?"`);
  const slots = first.bindings.map((binding, index): Slot => {
    const other = second.bindings[index];
    const name = standInOf(binding, 0, names);
    if (name !== null && standInOf(other, 1, names) === name) return { param: name };
    if (name !== null || binding !== other) throw new Error(`compiled query "${shape}": binding ${index + 1} is derived from a value instead of bound as given`);
    return { constant: binding };
  });
  return { sql: first.sql, slots };
}

/** The param a binding of the given stand-in set stands for, or null for a constant of the query itself. */
function standInOf(binding: unknown, set: 0 | 1, names: string[]): string | null {
  const standIns = STAND_IN_SETS[set];
  return names.find((name, index) => binding === (typeof binding === 'number' ? standIns.number(index) : standIns.text(name))) ?? null;
}
