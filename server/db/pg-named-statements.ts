import type pg from 'pg';

/**
 * Statements a PostgreSQL connection prepares once, by name (issue 20: the forest's reads cost
 * PostgreSQL 2–4 ms of planning each and well under 1 ms to run). preparedQuery names the SQL of
 * each shape it compiles; any other read is named once it is seen often (countRead).
 */
const names = new Map<string, string>();
// Never reused: a stale text's name stays prepared on the connections that had it.
let lastName = 0;

/**
 * A pattern matched against a parameter (`like $3`): whether an index serves it depends on the
 * value (a trigram index serves 'asha%' and '%ash%', nothing serves '%a%' well), so one generic
 * plan would serve every value alike. Such reads stay unnamed: people search's generic plan read
 * every member (25 ms at 20,000 members against 0.4 ms for its custom plan).
 */
const PATTERN_PARAMETER = /\blike\s+\$\d/i;
export function nameStatement(text: string): void {
  if (PATTERN_PARAMETER.test(text)) return;
  if (!names.has(text)) names.set(text, `canopy_prepared_${++lastName}`);
}

export const statementName = (text: string): string | undefined => names.get(text);

/**
 * Any other read is named once it has run this many times outside a transaction, up to
 * NAMED_READS_MAX texts per process (each is a plan in every connection's backend). Planning is
 * what a short read costs PostgreSQL; the bound keeps one-off texts (`in` lists of every length)
 * unprepared.
 */
export const NAME_READS_AFTER = 3;
export const NAMED_READS_MAX = 500;
const TEXT_MAX = 8_000;
const SEEN_MAX = 20_000;
const seen = new Map<string, number>();
let namedReads = 0;
const READ = /^\s*select\b/i;

function countRead(text: string): void {
  if (namedReads >= NAMED_READS_MAX || text.length > TEXT_MAX || !READ.test(text)) return;
  if (PATTERN_PARAMETER.test(text)) return;
  const n = (seen.get(text) ?? 0) + 1;
  if (n < NAME_READS_AFTER) {
    // A crude bound on the counts of texts never named: forget them all now and then.
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(text, n);
    return;
  }
  seen.delete(text);
  namedReads++;
  nameStatement(text);
}

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
    const plain =
      !inTransaction && typeof text === 'string' && Array.isArray(values) && rest.length === 0;
    if (plain && !names.has(text)) countRead(text);
    const name = plain ? names.get(text) : undefined;
    if (!name) return query(text, values, ...rest);
    return query({ name, text, values }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      names.delete(text as string);
      return query(text, values);
    });
  };
  client.query = prepared as typeof client.query;
}
