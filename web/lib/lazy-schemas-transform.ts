/*
 * The web build's contract schemas built on first use (issue 20, docs/decisions/lazy-contract-schemas.md):
 * which module-level constants of a contract module build a zod schema, found from the module's
 * syntax, and the module with those wrapped in lazySchema.
 */

/** zod's builders whose result is a schema (`z.object(…)`, `z.iso.datetime()`, `z.coerce.number()`…). */
const SCHEMA_BUILDERS = new Set([
  'object',
  'strictObject',
  'looseObject',
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'enum',
  'nativeEnum',
  'literal',
  'array',
  'tuple',
  'union',
  'discriminatedUnion',
  'xor',
  'intersection',
  'record',
  'partialRecord',
  'map',
  'set',
  'optional',
  'nullable',
  'nullish',
  'any',
  'unknown',
  'never',
  'null',
  'undefined',
  'void',
  'lazy',
  'pipe',
  'custom',
  'instanceof',
  'file',
  'email',
  'url',
  'uuid',
  'iso',
  'coerce',
  'stringbool',
  'templateLiteral',
  'preprocess',
  'transform',
  'json',
  'int32',
  'uint32',
  'float32',
  'float64',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'ipv4',
  'ipv6',
  'cidrv4',
  'cidrv6',
  'base64',
  'base64url',
  'e164',
  'jwt',
  'hex',
  'hostname',
  'httpUrl',
  'guid',
  'emoji',
  'ksuid',
  'xid',
  'symbol',
  'nan',
  'success',
  'catch',
  'default',
  'prefault',
  'readonly',
  'promise',
  'function',
  'keyof',
]);
/** Schema methods whose result is not a schema. */
const NOT_SCHEMA_METHODS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
  'decodeAsync',
  'encodeAsync',
  'safeDecodeAsync',
  'safeEncodeAsync',
  'isOptional',
  'isNullable',
  'meta',
  'toJSONSchema',
  'def',
  'type',
]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const unwrap = (node: Node): Node =>
  node.type === 'ParenthesizedExpression' ? unwrap(node.expression as Node) : node;

/**
 * Whether `init` builds a schema: a call chain that starts at one of zod's builders or at a
 * schema this module made above, and ends in a schema method (not `.parse(…)`, `.shape`…).
 */
function buildsSchema(init: Node, zod: string, schemas: Set<string>): boolean {
  let node = unwrap(init);
  if (node.type !== 'CallExpression') return false;
  const outer = unwrap(node.callee as Node);
  if (
    outer.type === 'MemberExpression' &&
    NOT_SCHEMA_METHODS.has(String((outer.property as Node).name))
  )
    return false;
  let first: string | undefined;
  for (;;) {
    node = unwrap(node);
    if (node.type === 'CallExpression') node = node.callee as Node;
    else if (node.type === 'MemberExpression' && !node.computed) {
      first = String((node.property as Node).name);
      node = node.object as Node;
    } else break;
  }
  if (node.type !== 'Identifier') return false;
  if (node.name === zod) return first !== undefined && SCHEMA_BUILDERS.has(first);
  return schemas.has(String(node.name));
}

/** The parts of an ESTree program (Vite's `parseAst`) this transform reads. */
export interface Program {
  body: readonly object[];
}

/**
 * The initialisers of the module's module-level `const`s that build a zod schema (exported or
 * not), in order. None when the module does not import zod's `z`.
 */
export function schemaInitialisers(program: Program): Node[] {
  const body = program.body as Node[];
  let zod: string | undefined;
  for (const statement of body)
    if (statement.type === 'ImportDeclaration' && (statement.source as Node).value === 'zod')
      for (const spec of statement.specifiers as Node[])
        if (spec.type === 'ImportSpecifier' && (spec.imported as Node).name === 'z')
          zod = String((spec.local as Node).name);
  if (!zod) return [];
  const schemas = new Set<string>();
  const inits: Node[] = [];
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? (statement.declaration as Node | null)
        : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || !init || !buildsSchema(init, zod, schemas)) continue;
      schemas.add(String(id.name));
      inits.push(init);
    }
  }
  return inits;
}

/**
 * The module with each schema a module-level `const` builds wrapped in `lazySchema(() => …)`
 * (web/lib/lazy-schema.ts, imported from `lazyImport`): built on first use. Null when there is
 * none. The rules and messages are the module's own text, moved into a function.
 */
export function lazySchemasTransform(
  code: string,
  program: Program,
  lazyImport: string,
): string | null {
  const inits = schemaInitialisers(program);
  if (inits.length === 0) return null;
  let out = `import { lazySchema as __lazySchema } from ${JSON.stringify(lazyImport)};\n`;
  let at = 0;
  for (const init of inits) {
    out += `${code.slice(at, init.start)}__lazySchema(() => (${code.slice(init.start, init.end)}))`;
    at = init.end;
  }
  return out + code.slice(at);
}
