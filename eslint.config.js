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

// Screens whose words all come from locales/ (issue 26): canopy/no-literal-ui-text keeps them so.
// Add a feature's folder here once it is converted; the list grows until it is all of web/.
const TRANSLATED = [
  'web/i18n/**/*.tsx',
  'web/components/ui/public-header.tsx',
  'web/components/ui/public-menu.tsx',
  'web/components/ui/theme-toggle.tsx',
  'web/features/landing/components/hero.tsx',
  'web/features/landing/components/benefits-section.tsx',
  'web/features/landing/components/call-to-action.tsx',
  'web/features/landing/components/features-section.tsx',
  'web/features/landing/components/footer-columns.tsx',
  'web/features/landing/components/how-it-works.tsx',
  'web/features/landing/components/live-figures.tsx',
  'web/features/landing/components/newest-drives.tsx',
  'web/features/landing/components/newsletter-form.tsx',
  'web/features/landing/components/trees-map-section.tsx',
  'web/features/landing/components/watch-demo.tsx',
  'web/features/profile/components/language-form.tsx',
  'web/routes/landing.tsx',
  'web/features/auth/components/auth-layout.tsx',
  'web/features/auth/components/auth-screen.tsx',
  'web/features/auth/components/login-form.tsx',
  'web/features/auth/components/otp-form.tsx',
  'web/features/auth/components/register-form.tsx',
  'web/routes/login.tsx',
  'web/routes/otp.tsx',
  'web/routes/register.tsx',
  'web/features/forest/**/*.tsx',
  'web/routes/app-my-forest.tsx',
  'web/features/drives/**/*.tsx',
  'web/features/drive-form/components/!(*.fixtures).tsx',
  'web/features/calendar/**/*.tsx',
  'web/features/attendance/**/*.tsx',
  'web/routes/app-drive-detail.tsx',
  'web/routes/app-plantations.tsx',
  'web/routes/app-my-plantations.tsx',
  'web/routes/app-calendar.tsx',
  'web/routes/app-drive-check-in.tsx',
  'web/features/gifts/**/*.tsx',
  'web/routes/claim-gift.tsx',
  'web/features/sharing/**/*.tsx',
  'web/routes/public-forest.tsx',
  'web/routes/public-gift.tsx',
  'web/features/drive-updates/**/*.tsx',
  'web/features/dashboards/**/*.tsx',
  'web/routes/app-dashboard.tsx',
  'web/routes/app-corporate-dashboard.tsx',
  'web/routes/app-charts.tsx',
  'web/features/onboarding/**/*.tsx',
  'web/routes/app-getting-started.tsx',
  'web/features/notifications/**/*.tsx',
  'web/features/people/**/*.tsx',
  'web/features/nursery/**/*.tsx',
  'web/routes/app-nursery-dashboard.tsx',
  'web/routes/app-nursery-stock.tsx',
  'web/features/teams/**/*.tsx',
  'web/routes/app-settings-team.tsx',
  'web/routes/app-team-invite.tsx',
  'web/routes/team-invite.tsx',
  'web/features/verification/**/*.tsx',
  'web/routes/app-verify.tsx',
  'web/features/integrations/**/*.tsx',
  'web/routes/app-integration.tsx',
  'web/features/profile/components/profile-details-form.tsx',
  'web/features/profile/components/change-password-form.tsx',
  'web/features/profile/components/delete-account-section.tsx',
  'web/features/profile/components/delete-account-form.tsx',
  'web/routes/app-settings-profile.tsx',
  'web/features/profile/components/avatar-form.tsx',
  'web/features/profile/components/testimonial-form.tsx',
  'web/features/profile/components/member-activity.tsx',
  'web/features/profile/components/profile-view.tsx',
  'web/features/profile/components/profile-form.tsx',
  'web/features/profile/components/settings-section.tsx',
  'web/routes/app-user-profile.tsx',
  'web/features/story/**/*.tsx',
  'web/routes/landing-page.tsx',
];

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
      ...restrict(['server', 'web/ must not import server/: share code through contract/']),
      'canopy/feature-isolation': 'error',
    },
  },
  {
    files: TRANSLATED,
    ignores: ['**/*.test.tsx'],
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
