// Which tables a statement reads, judged from its operation tree: the read side of table-writes.ts.
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
const readCache = new WeakMap<object, ReadonlySet<string> | null>();

/** Adds the tables named in an operation tree; false when some part could read any table. */
function collectTables(node: unknown, out: Set<string>): boolean {
  if (typeof node !== 'object' || node === null) return true;
  if (Array.isArray(node)) return node.every((child) => collectTables(child, out));
  const n = node as Node;
  switch (n.kind) {
    case 'TableNode': {
      const name = tableName(n);
      if (name === undefined) return false;
      out.add(name);
      return true;
    }
    case 'ValueNode':
    case 'PrimitiveValueListNode':
      return true;
    case 'RawNode': {
      const text = (n.sqlFragments as readonly string[] | undefined)?.join(' ') ?? '';
      if (TABLE_WORDS.test(text)) return false;
      break;
    }
  }
  for (const value of Object.values(n)) if (!collectTables(value, out)) return false;
  return true;
}

/**
 * The tables a compiled query reads (every table named in its operation tree), or undefined when
 * that cannot be told (raw SQL). Kept per tree, so prepared queries are walked once.
 */
export function tablesRead(query: CompiledQuery): ReadonlySet<string> | undefined {
  const root = query.query as Node;
  const known = readCache.get(root);
  if (known !== undefined) return known ?? undefined;
  const tables = new Set<string>();
  const ok = root.kind !== 'RawNode' && collectTables(root, tables);
  readCache.set(root, ok ? tables : null);
  return ok ? tables : undefined;
}
