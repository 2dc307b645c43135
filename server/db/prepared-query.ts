import {
  createQueryId,
  PostgresAdapter,
  SqliteAdapter,
  type CompiledQuery,
  type RootOperationNode,
} from 'kysely';
import { nameStatement } from './pg-named-statements';
import { markFastRows } from './sqlite-fast-rows';
import type { Executor } from './unit-of-work';

const SLOT = '\u0000slot:';

/**
 * A named placeholder for a prepared query's value: the query is built and compiled once with it,
 * and each call binds its own value by name. Typed as the value it stands for (`slot<number>`
 * for a limit), since Kysely only ever passes it on as a bound parameter.
 */
export const slot = <T = string>(name: string): T => `${SLOT}${name}` as T;

/** Slots for a list of values (`name0`, `name1`, …) and the values that fill them. */
export function listSlots<T>(name: string, list: readonly T[]) {
  return {
    slots: list.map((_, i) => slot<T>(`${name}${i}`)),
    values: Object.fromEntries(list.map((v, i) => [`${name}${i}`, v])) as Record<string, T>,
  };
}

const isSlot = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(SLOT);

function valueOf(value: string, values: Record<string, unknown>): unknown {
  const name = value.slice(SLOT.length);
  if (!(name in values)) throw new Error(`prepared query: no value for slot ${name}`);
  return values[name];
}

/** An operation tree with each slot replaced by its value (a new tree; Kysely's are frozen). */
function bound(node: unknown, values: Record<string, unknown>): unknown {
  if (isSlot(node)) return valueOf(node, values);
  if (Array.isArray(node)) return node.map((child) => bound(child, values));
  // Plain objects only: a value such as a Date or a Buffer is passed on as it is.
  if (typeof node !== 'object' || node === null || Object.getPrototypeOf(node) !== Object.prototype)
    return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, bound(v, values)]));
}

/** What a prepared query's `build` answers: a query builder. */
interface Buildable<R> {
  compile(): CompiledQuery<R>;
  toOperationNode(): RootOperationNode;
}

/**
 * One prepared read (issue 20, per-request CPU): Kysely builds and compiles a query on every
 * call, a quarter of a forest view's CPU; this builds each of its shapes once per database kind
 * and later calls only bind their values.
 *
 * `build` must put every value that differs between calls in a `slot`; anything else it uses
 * (a limit written as a literal, whether a cursor is given, a list's length) belongs in `shape`.
 * The compiled query keeps its operation tree, so write tracking still sees the tables it reads.
 */
export function preparedQuery<R, Shape extends string | number = string>(
  build: (db: Executor, shape: Shape) => Buildable<R>,
) {
  // By the executor's adapter: a database and its transactions share it, each dialect has its own.
  const byAdapter = new WeakMap<object, Map<Shape, CompiledQuery<R>>>();
  return async (db: Executor, shape: Shape, values: Record<string, unknown>): Promise<R[]> => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) {
      // A test catching statements (tests/support/query-plans.ts): its plugins see every call's
      // tree, with the call's values in it.
      const queryId = createQueryId();
      // Built without them (a builder's tree passes through its plugins), bound, then given to them.
      const raw = build(db.withoutPlugins(), shape).toOperationNode();
      const node = bound(raw, values) as RootOperationNode;
      const query = executor.compileQuery(executor.transformQuery(node, queryId), queryId);
      return (await db.executeQuery<R>(query)).rows;
    }
    let shapes = byAdapter.get(executor.adapter);
    if (!shapes) byAdapter.set(executor.adapter, (shapes = new Map()));
    let query = shapes.get(shape);
    if (!query) {
      query = build(db, shape).compile();
      shapes.set(shape, query);
      // PostgreSQL then plans it once per connection, not on every call (pg-named-statements.ts);
      // SQLite's rows are made in JavaScript (sqlite-fast-rows.ts).
      if (executor.adapter instanceof PostgresAdapter) nameStatement(query.sql);
      else if (executor.adapter instanceof SqliteAdapter) markFastRows(query.sql);
    }
    const parameters = query.parameters.map((p) => (isSlot(p) ? valueOf(p, values) : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
