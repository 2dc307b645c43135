import type SQLite from 'better-sqlite3';

/**
 * SQLite reads whose rows are built in JavaScript (issue 20, per-request CPU). better-sqlite3
 * makes each row object through V8's C++ API one property at a time, and such objects are slow to
 * make, read and copy: a forest page's 25 rows of 35 columns cost ~0.2 ms more than the same rows
 * read as arrays and turned into objects by a function made for the statement's columns.
 * preparedQuery marks the SQL it compiles for SQLite (a bounded set, fixed per shape); other texts
 * are read as before.
 */
const marked = new Set<string>();

export function markFastRows(text: string): void {
  marked.add(text);
}

/** The statement as Kysely's SQLite driver uses it: `reader`, `all`, `run`, `iterate`, `busy`. */
export type FastRowStatement = Pick<
  SQLite.Statement,
  'reader' | 'busy' | 'all' | 'run' | 'iterate'
>;

/**
 * A marked reader whose rows are read as arrays and made into objects, with the same keys in the
 * same order (a repeated name keeps its last column, as better-sqlite3 does); anything else as it
 * is. A column named `__proto__` would set the object's prototype in a literal: read as before.
 */
export function withFastRows(text: string, statement: SQLite.Statement): FastRowStatement {
  if (!marked.has(text) || !statement.reader) return statement;
  const maker = () => {
    const names = statement.columns().map((c) => c.name);
    if (names.includes('__proto__')) return undefined;
    // One object literal per statement: V8 makes every row with one fast shape.
    const make = new Function(
      'r',
      `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`,
    ) as (row: unknown[]) => Record<string, unknown>;
    return { width: names.length, make };
  };
  let rows = maker();
  if (!rows) return statement;
  statement.raw(true);
  /** The row as an object; made again if SQLite re-prepared the text with other columns. */
  const make = (row: unknown[]) => {
    if (row.length !== rows!.width) rows = maker() ?? rows;
    return rows!.make(row);
  };
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: ((...params: unknown[]) =>
      (statement.all(...params) as unknown[][]).map(make)) as SQLite.Statement['all'],
    run: statement.run.bind(statement),
    iterate: function* (...params: unknown[]) {
      for (const row of statement.iterate(...params) as IterableIterator<unknown[]>)
        yield make(row);
    } as SQLite.Statement['iterate'],
  };
}
