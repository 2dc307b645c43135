import type pg from 'pg';

/**
 * Statements a PostgreSQL connection prepares once, by name (issue 20: the forest's reads cost
 * PostgreSQL 2–4 ms of planning each and well under 1 ms to run). preparedQuery names the SQL of
 * each shape it compiles; any other text runs unnamed as before.
 */
const names = new Map<string, string>();
// Never reused: a stale text's name stays prepared on the connections that had it.
let lastName = 0;

export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `canopy_prepared_${++lastName}`);
}

export const statementName = (text: string): string | undefined => names.get(text);

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end|rollback)(\s+(work|transaction))?\s*;?\s*$/i;

/** A named statement whose table changed columns since this connection prepared it. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test((error as Error).message);

/**
 * The pool's new client runs a named text (Kysely's `query(text, values)`) as that connection's
 * prepared statement. A text whose prepared plan went stale (another server migrated a table it
 * reads with `*`) runs unnamed from then on, here and on every connection.
 */
export function preparingClient(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  // Inside a transaction every text runs unnamed: a migration run (one transaction) may change a
  // table after reading it, and a stale plan there would abort the whole transaction.
  let inTransaction = false;
  const prepared = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string') {
      if (TRANSACTION_START.test(text)) inTransaction = true;
      else if (TRANSACTION_END.test(text)) inTransaction = false;
    }
    const name =
      !inTransaction && typeof text === 'string' && Array.isArray(values) && rest.length === 0
        ? names.get(text)
        : undefined;
    if (!name) return query(text, values, ...rest);
    return query({ name, text, values }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      names.delete(text as string);
      return query(text, values);
    });
  };
  client.query = prepared as typeof client.query;
}
