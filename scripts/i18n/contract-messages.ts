import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * The contract's messages (issue 26): the validation texts and answers that contract/ and the
 * server's errors give in English. English is the key (gettext style), so the spec's exact texts
 * stay in the code where the rules are; `locales/<lang>/contract.json` maps each to its
 * translation, and the web translates wherever such a text is shown (web/i18n/contract.ts).
 * A message built at run time (`Only ${available} saplings…`) becomes an ICU template
 * (`Only {available} saplings…`) that the web matches and refills.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Files whose literals are not shown to people, or are names translated another way. */
const SKIP = [
  /\.test\.ts$/,
  /contract\/countries\.ts$/, // country names come from Intl.DisplayNames in the member's language
  /contract\/country-centroids\.ts$/,
  /contract\/languages\.ts$/, // each language is named in its own language
  /server\/config\.ts$/, // start-up errors for whoever runs the server
];

// The helpers of server/lib/errors.ts and the error plugin's answers: their message arguments.
const ERROR_CALLS = new Set([
  'AppError',
  'ApiError',
  'fieldError',
  'notFound',
  'badRequest',
  'conflict',
  'unauthenticated',
  'forbidden',
  'errorBody',
  'localizeMessage',
]);

/** A text a person reads: a sentence or a label (capitalised word), not a code, path or key. */
export function looksShown(text: string): boolean {
  if (text.length < 2 || !/[a-z]/.test(text)) return false;
  if (/^[A-Z][A-Z0-9_]+$/.test(text)) return false;
  if (/^(GET|POST|PUT|PATCH|DELETE) \//.test(text)) return false; // route names in test titles
  if (/^[a-z0-9_.:/\-{}]+$/.test(text)) return false; // enum values, keys, paths
  if (/^(https?:|\/|\.|#|\^)/.test(text)) return false;
  if (/<a href=/.test(text)) return false; // HTML: the tiles' licence line (worded in map.json)
  if (/^[A-Z][a-z]+(-[A-Z][a-z]+)+$|^Bearer |^[A-Z][a-z]+[A-Z]\w*$/.test(text)) return false; // headers, GeoJSON types
  return /^[A-Z¡¿"“(‘]/.test(text) || /\s/.test(text);
}

/**
 * `Only ${available.toLocaleString('en-US')} saplings` → `Only {available} saplings`; a template
 * of constants only (`${LIMITS.max}`) is left to the evaluated exports (undefined here).
 */
function templateText(node: ts.TemplateExpression): string | undefined {
  let text = node.head.text;
  for (const span of node.templateSpans) {
    const name = span.expression.getText().replace(/\.toLocaleString\([^)]*\)$/, '');
    if (!/^[a-z]\w*$/.test(name)) return undefined;
    text += `{${name}}${span.literal.text}`;
  }
  return text;
}

// Values, descriptions for API readers and names the contract compares: not messages.
const NOT_MESSAGES = new Set(['literal', 'enum', 'describe', 'species']);
/** Species names are their own catalogue (locales/<lang>/species.json), by species number. */
const SPECIES_EXPORT = /species/i;

/** `{ message: '…' }` or `AUTH_MESSAGES = { registered: '…' }`: answers the web shows. */
function isMessageProperty(node: ts.Node): boolean {
  if (!ts.isPropertyAssignment(node.parent)) return false;
  if (node.parent.name.getText() === 'message') return true;
  let holder = node.parent.parent.parent;
  while (ts.isAsExpression(holder) || ts.isSatisfiesExpression(holder)) holder = holder.parent;
  return ts.isVariableDeclaration(holder) && /messages$/i.test(holder.name.getText());
}

/** Whether `node` is an argument of the nearest call around it, and that call is to one of `names`. */
function inCallTo(node: ts.Node, names: Set<string>): boolean {
  for (let at = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      const callee = at.expression.getText().split('.').pop() ?? '';
      return names.has(callee);
    }
    if (ts.isBlock(at) || ts.isArrowFunction(at)) return false;
  }
  return false;
}

function insideSpecies(node: ts.Node): boolean {
  for (let at = node.parent; at && !ts.isSourceFile(at); at = at.parent)
    if (ts.isVariableDeclaration(at) && SPECIES_EXPORT.test(at.name.getText())) return true;
  return false;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file))
    .filter((file) => !SKIP.some((pattern) => pattern.test(file)))
    .sort();
}

/** Every message literal of one file: in contract/, any shown text; elsewhere, error arguments. */
function literalsOf(file: string, everyLiteral: boolean): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  const inErrorCall = (node: ts.Node) => inCallTo(node, ERROR_CALLS);
  const keep = (node: ts.Node, text: string | undefined) => {
    if (text === undefined || !looksShown(text)) return;
    if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return;
    if (ts.isPropertyAssignment(node.parent) && node.parent.name === node) return;
    if (ts.isLiteralTypeNode(node.parent)) return;
    if (inCallTo(node, NOT_MESSAGES)) return;
    if (insideSpecies(node)) return;
    if (!everyLiteral && !inErrorCall(node) && !isMessageProperty(node)) return;
    found.push(text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) keep(node, node.text);
    else if (ts.isTemplateExpression(node)) keep(node, templateText(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// The error vocabulary itself: its default messages and the error plugin's answers.
const EVERY_LITERAL = new Set(['server/lib/errors.ts', 'server/plugins/errors.ts']);

/** The strings (at any depth) of a contract module's exports: messages built from constants. */
function evaluatedStrings(value: unknown, into: Set<string>, seen = new Set<unknown>()): void {
  if (typeof value === 'string') {
    if (looksShown(value) && /\s/.test(value)) into.add(value);
    return;
  }
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  // Zod schemas and other class instances hold no messages of ours that the literals miss.
  if (Object.getPrototypeOf(value) !== Object.prototype && !Array.isArray(value)) return;
  for (const item of Object.values(value)) evaluatedStrings(item, into, seen);
}

/** Every contract message, sorted: the keys of locales/en/contract.json. */
export async function contractMessages(): Promise<string[]> {
  const found = new Set<string>();
  for (const file of filesUnder('contract')) {
    for (const text of literalsOf(file, true)) found.add(text);
    const module = (await import(path.join(ROOT, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (!SPECIES_EXPORT.test(name)) evaluatedStrings(value, found);
  }
  for (const file of [...filesUnder('server'), 'web/lib/api-client.ts'])
    if (!file.includes('/migrations/'))
      for (const text of literalsOf(file, EVERY_LITERAL.has(file))) found.add(text);
  return [...found].sort((a, b) => a.localeCompare(b, 'en'));
}
