import { CompiledQuery, PostgresAdapter, sql, type Kysely, type RootOperationNode } from 'kysely';
import type { Database } from '../../server/db/tables';

/**
 * How the database would run the statements `run` sends (a query-plan check). `run` gets an
 * executor that catches every statement, inside a transaction where PostgreSQL's plain scans are
 * off (a few rows are cheapest read any way, so the plan then shows whether an index can answer
 * at all), and the transaction itself for statements not to catch. Each caught statement is then
 * asked EXPLAIN (EXPLAIN QUERY PLAN on SQLite) with its parameters: one text per statement, in
 * the order sent (`distinct`: once per SQL text; `only`: the statements whose SQL it accepts).
 */
export async function queryPlans<T>(
  db: Kysely<Database>,
  run: (caught: Kysely<Database>, tx: Kysely<Database>) => Promise<T>,
  options: {
    off?: ReadonlyArray<'seqscan' | 'indexscan'>;
    distinct?: boolean;
    only?: (sql: string) => boolean;
  } = {},
): Promise<{ plans: string[]; result: T }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (tx) => {
    if (postgres)
      for (const scan of options.off ?? ['seqscan'])
        await sql`set local ${sql.raw(`enable_${scan}`)} = off`.execute(tx);
    const nodes: RootOperationNode[] = [];
    const caught = tx.withPlugin({
      transformQuery: ({ node }) => (nodes.push(node), node),
      transformResult: async ({ result }) => result,
    });
    const result = await run(caught, tx);
    const compiled = nodes
      .map((node) => tx.getExecutor().compileQuery(node, { queryId: 'plan' }))
      .filter((query) => options.only?.(query.sql) ?? true);
    const statements = options.distinct
      ? [...new Map(compiled.map((query) => [query.sql, query])).values()]
      : compiled;
    const plans: string[] = [];
    for (const query of statements) {
      const { rows } = await tx.executeQuery(
        CompiledQuery.raw(`${postgres ? 'explain' : 'explain query plan'} ${query.sql}`, [
          ...query.parameters,
        ]),
      );
      plans.push(rows.map((row) => Object.values(row as object).join(' ')).join('\n'));
    }
    return { plans, result };
  });
}
