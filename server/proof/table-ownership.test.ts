import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../modules';
import type { AnyModule } from '../modules/module';

/**
 * One owner per table (issue 18 §2): every table of the Database is claimed by exactly one module
 * manifest (`tables`), and no module's code runs SQL on a table another module owns — a join for a
 * read method lives in the owning module, which answers other modules through its service (e.g.
 * `users.people(ids)`, `drives.briefs(ids)`).
 *
 * Each module folder's non-test .ts files are parsed with the TypeScript compiler and every table
 * they name is collected: the first argument of Kysely's table methods (`selectFrom('users as u')`,
 * `innerJoin`, `insertInto`, `updateTable`, `deleteFrom`, `sql.table`…), a `table.column` reference
 * in any string or template (`'users.name'`, `sql.ref('drives.starts_at')`), and `from`/`join`/
 * `into`/`update <table>` inside a raw `sql` template. Test files and test kits (`*-test-kit.ts`,
 * fixtures that insert whatever rows a test needs) are not app code and are skipped.
 */

const ROOT = path.resolve(__dirname, '../..');
const MODULES_DIR = path.join(ROOT, 'server/modules');

/**
 * Tables no module owns, and why. Nothing in server/modules may name them (a module asks the
 * machinery that owns them through its port).
 */
const INFRASTRUCTURE: Readonly<Record<string, string>> = {
  jobs: 'the job queue on SQLite (server/jobs); modules enqueue through the JobsPort',
  job_schedule_runs: 'the job runner records each scheduled tick here (server/jobs)',
};

/** Kysely methods whose first argument names a table (or several, as an array). */
const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoin',
  'crossJoinLateral',
  'table',
]);

/** Each table of the Database with its columns, read from server/db/tables.ts. */
function databaseTables(source: string): Map<string, Set<string>> {
  const file = ts.createSourceFile('tables.ts', source, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get('Database');
  if (!database) throw new Error('server/db/tables.ts declares no interface Database');
  const tables = new Map<string, Set<string>>();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText(file);
    const rowType = ts.isTypeReferenceNode(member.type) ? member.type.typeName.getText(file) : '';
    const columns = new Set<string>();
    for (const column of interfaces.get(rowType)?.members ?? [])
      if (column.name) columns.add(column.name.getText(file));
    tables.set(table, columns);
  }
  return tables;
}

interface TableUse {
  table: string;
  line: number;
  /** What named it: the call or the text. */
  how: string;
}

/** Every table of `tables` the source names in SQL, with where. */
function tablesNamed(source: string, tables: Map<string, Set<string>>): TableUse[] {
  const file = ts.createSourceFile('scanned.ts', source, ts.ScriptTarget.Latest, true);
  const lineOf = (node: ts.Node) =>
    file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const found: Array<TableUse & { at: number }> = [];
  const note = (table: string, node: ts.Node, how: string) => {
    if (tables.has(table)) found.push({ table, line: lineOf(node), how, at: node.getStart(file) });
  };
  const qualified = /(?<![\w.])([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/g;
  const sqlKeyword = /\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)\b/gi;
  /** `users.name` wherever it is written: a column of that table. */
  const scanText = (text: string, node: ts.Node, isSql: boolean) => {
    for (const [, table, column] of text.matchAll(qualified))
      if (tables.get(table!)?.has(column!)) note(table!, node, `${table}.${column}`);
    if (isSql)
      for (const [match, table] of text.matchAll(sqlKeyword))
        note(table!.toLowerCase(), node, `sql \`${match}\``);
  };
  const isSqlTag = (tag: ts.Expression) => tag.getText(file).replace(/<.*$/s, '') === 'sql';
  const visit = (node: ts.Node, inSql: boolean) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (TABLE_METHODS.has(method) && first) {
        const names = ts.isArrayLiteralExpression(first) ? [...first.elements] : [first];
        for (const name of names)
          if (ts.isStringLiteralLike(name))
            note(name.text.split(/\s+as\s+/)[0]!.trim(), name, `${method}('${name.text}')`);
      }
    }
    if (ts.isTaggedTemplateExpression(node)) {
      const sqlTemplate = isSqlTag(node.tag);
      visit(node.tag, inSql);
      visit(node.template, sqlTemplate);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      scanText(node.text, node, inSql);
    else if (ts.isTemplateExpression(node)) {
      // The literal parts as one text (`${…}` as a placeholder), so `from ${x}` stays unmatched.
      const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
      scanText(text, node, inSql);
      for (const span of node.templateSpans) visit(span.expression, false);
      return;
    }
    node.forEachChild((child) => visit(child, false));
  };
  visit(file, false);
  return found
    .sort((a, b) => a.line - b.line || a.at - b.at)
    .map(({ table, line, how }) => ({ table, line, how }));
}

/** A module folder's app code: .ts files, not tests or test kits. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/(\.test|-test-kit)\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const isManifest = (value: unknown): value is AnyModule =>
  typeof value === 'object' &&
  value !== null &&
  'name' in value &&
  'tables' in value &&
  'create' in value &&
  Array.isArray((value as AnyModule).tables);

/** Each module folder with the manifest its index.ts exports. */
const folders = Object.entries(import.meta.glob('../modules/*/index.ts', { eager: true })).map(
  ([file, exports]) => ({
    dir: path.basename(path.dirname(file)),
    manifests: Object.values(exports as Record<string, unknown>).filter(isManifest),
  }),
);

const ownerOf = (table: string) =>
  folders.find(({ manifests }) =>
    manifests.some((m) => (m.tables as readonly string[]).includes(table)),
  )?.manifests[0]?.name ?? (table in INFRASTRUCTURE ? 'the infrastructure' : 'no module');

const TABLES = databaseTables(fs.readFileSync(path.join(ROOT, 'server/db/tables.ts'), 'utf8'));

describe('one owner per table', () => {
  it('finds every module folder and its one manifest, and every listed module among them', () => {
    expect(folders.length).toBeGreaterThan(10);
    for (const { dir, manifests } of folders)
      expect(
        manifests.map((m) => m.name),
        `server/modules/${dir}/index.ts`,
      ).toHaveLength(1);
    const found = new Set(folders.map(({ manifests }) => manifests[0]));
    for (const module of MODULES)
      expect(found.has(module), `${module.name} has a folder under server/modules`).toBe(true);
  });

  it('reads the Database tables with their columns', () => {
    expect(TABLES.size).toBeGreaterThan(20);
    expect(TABLES.get('users')?.has('username')).toBe(true);
    expect(TABLES.get('drives')?.has('organizer_id')).toBe(true);
  });

  it('gives every table of the Database exactly one owner (or a reason it has none)', () => {
    const owners = new Map<string, string[]>();
    for (const { manifests } of folders)
      for (const module of manifests)
        for (const table of module.tables)
          owners.set(table, [...(owners.get(table) ?? []), module.name as string]);
    const problems: string[] = [];
    for (const [table, claimants] of owners) {
      if (claimants.length > 1) problems.push(`${table} is claimed by ${claimants.join(' and ')}`);
      if (table in INFRASTRUCTURE) problems.push(`${table} is infrastructure yet claimed`);
      if (!TABLES.has(table)) problems.push(`${table} (owned by ${claimants}) is not in Database`);
    }
    for (const table of TABLES.keys())
      if (!owners.has(table) && !(table in INFRASTRUCTURE))
        problems.push(`${table} is owned by no module manifest (add it to one's tables)`);
    for (const table of Object.keys(INFRASTRUCTURE))
      if (!TABLES.has(table)) problems.push(`infrastructure table ${table} is not in Database`);
    expect(problems).toEqual([]);
  });

  it('lets no module name in SQL a table it does not own', () => {
    const problems: string[] = [];
    for (const { dir, manifests } of folders) {
      const owned = new Set<string>(manifests.flatMap((m) => m.tables));
      for (const file of sourceFiles(path.join(MODULES_DIR, dir))) {
        const foreign = new Map<string, TableUse[]>();
        for (const use of tablesNamed(fs.readFileSync(file, 'utf8'), TABLES))
          if (!owned.has(use.table))
            foreign.set(use.table, [...(foreign.get(use.table) ?? []), use]);
        for (const [table, uses] of foreign)
          problems.push(
            `${path.relative(ROOT, file)} names ${table}, owned by ${ownerOf(table)}, not ${manifests[0]?.name}: ` +
              uses.map((u) => `line ${u.line} ${u.how}`).join(', '),
          );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the scanner itself', () => {
  const scan = (source: string) =>
    tablesNamed(source, TABLES).map(({ table, line, how }) => `${line} ${table} ${how}`);

  it('catches joins, subqueries and table-qualified columns in Kysely calls', () => {
    const source = [
      `db.selectFrom('drives as d')`,
      `  .innerJoin('users as u', 'u.id', 'd.organizer_id')`,
      `  .leftJoin('sapling_reservations', 'sapling_reservations.drive_id', 'd.id')`,
      `  .where((eb) => eb.exists(eb.selectFrom('trees').select('id')))`,
      `  .select(['d.id', 'users.name as organizer'])`,
      `db.insertInto('donations'); db.updateTable('files'); db.deleteFrom(['sessions']);`,
    ].join('\n');
    expect(scan(source)).toEqual([
      `1 drives selectFrom('drives as d')`,
      `2 users innerJoin('users as u')`,
      `3 sapling_reservations leftJoin('sapling_reservations')`,
      `3 sapling_reservations sapling_reservations.drive_id`,
      `4 trees selectFrom('trees')`,
      `5 users users.name`,
      `6 donations insertInto('donations')`,
      `6 files updateTable('files')`,
      `6 sessions deleteFrom('sessions')`,
    ]);
  });

  it('catches tables in raw sql templates, sql.ref and sql.table', () => {
    const source = [
      'const a = sql<number>`(select count(*) from team_members o where o.team_id = ${id})`;',
      'const b = sql`select 1 from users join drives on drives.organizer_id = ${x}`;',
      "const c = sql.ref('drives.starts_at'); const d = sql.table('notifications');",
      'const e = sql`update trees set status = ${s}`; const f = sql`insert into mails default values`;',
    ].join('\n');
    expect(scan(source)).toEqual([
      '1 team_members sql `from team_members`',
      '2 drives drives.organizer_id',
      '2 users sql `from users`',
      '2 drives sql `join drives`',
      '3 drives drives.starts_at',
      "3 notifications table('notifications')",
      '4 trees sql `update trees`',
      '4 mails sql `into mails`',
    ]);
  });

  it('ignores comments, prose, aliases, file names and words that only look like tables', () => {
    const source = [
      '// selectFrom(users) joins users.name in a comment',
      "/** innerJoin('users') */",
      "const m = 'Open the trees page'; const f = 'trees.csv'; const url = '/api/drives/' + id;",
      "db.selectFrom('teams_view'); log.info('update users now'); sql`select u.name from ${t} as u`;",
    ].join('\n');
    expect(scan(source)).toEqual([]);
  });

  it('flags a join on users slipped into a real repository, and nothing before', () => {
    const file = path.join(MODULES_DIR, 'teams/teams.repository.ts');
    const source = fs.readFileSync(file, 'utf8');
    const foreign = (text: string) =>
      tablesNamed(text, TABLES).filter((u) => !['team_members', 'team_invites'].includes(u.table));
    expect(foreign(source)).toEqual([]);
    const joined = source.replace(
      ".selectFrom('team_members as m')",
      ".selectFrom('team_members as m').innerJoin('users as u', 'u.id', 'm.user_id')",
    );
    expect(joined).not.toBe(source);
    expect(foreign(joined).map((u) => u.table)).toEqual(['users']);
  });

  it('names the file and table of a foreign join a module makes', () => {
    const owned = new Set(['donations']);
    const foreign = tablesNamed(
      "db.selectFrom('donations as d').leftJoin('users as u', 'u.id', 'd.donor_id')",
      TABLES,
    ).filter((use) => !owned.has(use.table));
    expect(foreign).toEqual([{ table: 'users', line: 1, how: "leftJoin('users as u')" }]);
  });
});
