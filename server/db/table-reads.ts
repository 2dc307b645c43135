// Which tables a statement reads, judged from its operation tree: the read side of table-writes.ts,
// used by the cache tests to check each cache's declared tables.
import type { CompiledQuery, OperationNode } from 'kysely';

type Node = OperationNode & Record<string, unknown>;

/** The table a TableNode (or an alias of one) names. */
export function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (n?.kind === 'AliasNode') return tableName(n.node);
  if (n?.kind !== 'TableNode') return undefined;
  const identifier = (n.table as { identifier?: { name?: unknown } } | undefined)?.identifier;
  return typeof identifier?.name === 'string' ? identifier.name : undefined;
}

// Raw SQL inside a query can name tables in its text; only plain expressions are understood.
const TABLE_WORDS = /\b(from|join|into|update|table)\b/i;
/** What each operation tree was found to read (null: cannot be told). */
const walked = new WeakMap<object, ReadonlySet<string> | null>();

/**
 * Adds the tables an operation tree reads from (FROM, JOIN, subqueries, the target of a write) and
 * the names its CTEs define; false when some part could read any table. Column qualifiers
 * (`organizer.name`) name no table of their own: the table they stand for is in a FROM or JOIN.
 */
function collectTables(node: unknown, out: Set<string>, ctes: Set<string>): boolean {
  if (typeof node !== 'object' || node === null) return true;
  if (Array.isArray(node)) return node.every((child) => collectTables(child, out, ctes));
  const n = node as Node;
  switch (n.kind) {
    case 'TableNode': {
      const name = tableName(n);
      if (name === undefined) return false;
      out.add(name);
      return true;
    }
    case 'CommonTableExpressionNameNode': {
      const name = tableName(n.table);
      if (name === undefined) return false;
      ctes.add(name);
      return true;
    }
    case 'ReferenceNode':
      return collectTables(n.column, out, ctes);
    case 'ValueNode':
    case 'PrimitiveValueListNode':
      return true;
    case 'RawNode': {
      const text = (n.sqlFragments as readonly string[] | undefined)?.join(' ') ?? '';
      if (TABLE_WORDS.test(text)) return false;
      break;
    }
  }
  for (const value of Object.values(n)) if (!collectTables(value, out, ctes)) return false;
  return true;
}

/**
 * The tables a compiled query reads (every table its operation tree reads from, not its aliases
 * or CTE names), or undefined when that cannot be told (raw SQL). Kept per tree, so prepared
 * queries are walked once.
 */
export function tablesRead(query: CompiledQuery): ReadonlySet<string> | undefined {
  const root = query.query as Node;
  const known = walked.get(root);
  if (known !== undefined) return known ?? undefined;
  const tables = new Set<string>();
  const ctes = new Set<string>();
  const ok = root.kind !== 'RawNode' && collectTables(root, tables, ctes);
  for (const name of ctes) tables.delete(name);
  walked.set(root, ok ? tables : null);
  return ok ? tables : undefined;
}
