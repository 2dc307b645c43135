import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(['server', 'web/ must not import server/: share code through contract/']),
    },
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
