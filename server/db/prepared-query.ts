import type { CompiledQuery } from 'kysely';
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
  build: (db: Executor, shape: Shape) => { compile(): CompiledQuery<R> },
) {
  // By the executor's adapter: a database and its transactions share it, each dialect has its own.
  const byAdapter = new WeakMap<object, Map<Shape, CompiledQuery<R>>>();
  return async (db: Executor, shape: Shape, values: Record<string, unknown>): Promise<R[]> => {
    const executor = db.getExecutor();
    // An executor with plugins (a test catching statements) compiles each call through them.
    let shapes = executor.plugins.length > 0 ? undefined : byAdapter.get(executor.adapter);
    if (!shapes && executor.plugins.length === 0)
      byAdapter.set(executor.adapter, (shapes = new Map()));
    let query = shapes?.get(shape);
    if (!query) {
      query = build(db, shape).compile();
      shapes?.set(shape, query);
    }
    const parameters = query.parameters.map((p) => {
      if (typeof p !== 'string' || !p.startsWith(SLOT)) return p;
      const name = p.slice(SLOT.length);
      if (!(name in values)) throw new Error(`prepared query: no value for slot ${name}`);
      return values[name];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
