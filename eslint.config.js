import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noLiteralUiText } from './scripts/eslint/no-literal-ui-text.js';

// contract/ imports nothing of ours; server/ and web/ only reach down into contract/.
const restrict = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(([folder, message]) => ({
        group: [`**/${folder}/**`, `**/${folder}`],
        message,
      })),
    },
  ],
});

// web/ never imports server/; and it toasts through web/components/ui/toast.ts, which shows
// contract messages (English answers) in the member's language (issue 26).
const webImports = (toastOnlyThroughOurs) => {
  const rules = restrict(['server', 'web/ must not import server/: share code through contract/']);
  if (toastOnlyThroughOurs)
    rules['no-restricted-imports'][1].paths = [
      {
        name: 'sonner',
        importNames: ['toast'],
        message:
          "Import toast from web/components/ui/toast.ts: it shows answers in the member's language.",
      },
    ];
  return rules;
};

// web/features/<name>/ never imports another feature, and web/lib and web/components (shared code)
// import no feature: what several features need lives in web/lib (shared reads in web/lib/queries)
// or web/components. Routes and app/ compose features freely. no-restricted-imports matches the
// import's text, not the file it reaches ('../../drives/api' names no feature folder), so this
// small rule resolves each relative import against the importing file instead.
const FEATURES = path.resolve(import.meta.dirname, 'web/features');
const SHARED = ['lib', 'components'].map((dir) => path.resolve(import.meta.dirname, 'web', dir));
const featureOf = (file) => {
  const rel = path.relative(FEATURES, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep)[0] : null;
};
const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const featureIsolation = {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import another feature; shared code imports no feature' },
    schema: [],
    messages: {
      otherFeature:
        'web/features/{{from}} must not import web/features/{{to}}: move what both need to web/lib (shared reads: web/lib/queries) or web/components',
      sharedToFeature:
        '{{from}} is shared code and must not import web/features/{{to}}: pass it in from a route, or move it down',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const from = featureOf(file);
    const shared = SHARED.find((dir) => inside(file, dir));
    if (!from && !shared) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source.value));
      if (!to || to === from) return;
      if (from) context.report({ node: source, messageId: 'otherFeature', data: { from, to } });
      else
        context.report({
          node: source,
          messageId: 'sharedToFeature',
          data: { from: path.relative(import.meta.dirname, shared), to },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// Every screen's words come from locales/ (issue 26): canopy/no-literal-ui-text keeps them so;
// only tests and fixtures hold literals.
const TRANSLATED = ['web/**/*.tsx'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: {
      'react-hooks': reactHooks,
      canopy: {
        rules: { 'feature-isolation': featureIsolation, 'no-literal-ui-text': noLiteralUiText },
      },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...webImports(true),
      'canopy/feature-isolation': 'error',
    },
  },
  {
    // Tests spy on sonner's own toast.
    files: ['web/components/ui/toast.ts', 'web/components/ui/toaster.tsx', 'web/**/*.test.tsx'],
    rules: webImports(false),
  },
  {
    files: TRANSLATED,
    ignores: ['**/*.test.tsx', '**/*.fixtures.tsx'],
    rules: { 'canopy/no-literal-ui-text': ['error', { allow: ['Canopy'] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(['web', 'server/ must not import web/: share code through contract/']),
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict(
      ['server', 'contract/ imports nothing of ours'],
      ['web', 'contract/ imports nothing of ours'],
      ['tests', 'contract/ imports nothing of ours'],
    ),
  },
);
