/**
 * The structure of the Canopy documentation: the sections the table of contents lists, and the
 * reference data (commands, settings) the sections show. The words live in locales/<lang>/docs*.json.
 */

import type { DocsKey, DocsTechnicalKey } from './messages';

/** The sections, in table-of-contents order; each id is the anchor (/documentation#<id>). */
export const DOC_SECTION_IDS = [
  'introduction',
  'account-types',
  'tree-drives',
  'donations',
  'trees',
  'impact-estimates',
  'impact-method',
  'self-hosting',
  'api',
] as const;

export type DocSectionId = (typeof DOC_SECTION_IDS)[number];

export interface AccountType {
  readonly name: DocsKey;
  readonly summary: DocsKey;
  readonly canDo: readonly DocsKey[];
}

export const ACCOUNT_TYPES: readonly AccountType[] = [
  {
    name: 'accounts.individual.name',
    summary: 'accounts.individual.summary',
    canDo: [
      'accounts.individual.join',
      'accounts.individual.register',
      'accounts.individual.donate',
    ],
  },
  {
    name: 'accounts.corporate.name',
    summary: 'accounts.corporate.summary',
    canDo: ['accounts.corporate.organise', 'accounts.corporate.dashboard', 'accounts.everything'],
  },
  {
    name: 'accounts.nursery.name',
    summary: 'accounts.nursery.summary',
    canDo: ['accounts.nursery.dashboard', 'accounts.nursery.supply', 'accounts.everything'],
  },
];

export interface EnvSetting {
  readonly names: readonly string[];
  /** The default: a value as it is typed (`code`), or words to translate (`words`). */
  readonly fallback: { readonly code: string } | { readonly words: DocsTechnicalKey };
  readonly meaning: DocsTechnicalKey;
}

/** The server's settings (DESIGN.md §3); every one has a default, so none is needed to start. */
export const ENV_SETTINGS: readonly EnvSetting[] = [
  { names: ['PORT'], fallback: { code: '5000' }, meaning: 'setting.port' },
  { names: ['HOST'], fallback: { code: '127.0.0.1' }, meaning: 'setting.host' },
  { names: ['DATA_DIR'], fallback: { code: './data' }, meaning: 'setting.dataDir' },
  {
    names: ['DATABASE_URL'],
    fallback: { words: 'fallback.sqlite' },
    meaning: 'setting.databaseUrl',
  },
  { names: ['APP_URL'], fallback: { code: 'http://localhost:PORT' }, meaning: 'setting.appUrl' },
  {
    names: ['SESSION_SECRET'],
    fallback: { words: 'fallback.sessionSecret' },
    meaning: 'setting.sessionSecret',
  },
  {
    names: ['SMTP_URL', 'MAIL_FROM'],
    fallback: { words: 'fallback.mail' },
    meaning: 'setting.mail',
  },
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'],
    fallback: { words: 'fallback.stripe' },
    meaning: 'setting.stripe',
  },
  {
    names: ['GEOCODER_URL', 'TILE_URL'],
    fallback: { words: 'fallback.maps' },
    meaning: 'setting.maps',
  },
  {
    names: ['TRUST_PROXY'],
    fallback: { words: 'fallback.trustProxy' },
    meaning: 'setting.trustProxy',
  },
];

export const COMMANDS = {
  start: 'npm install && npm start',
  postgres: 'DATABASE_URL=postgres://canopy:secret@localhost:5432/canopy npm start',
  seed: 'npm run seed:demo',
  health: 'curl http://localhost:5000/api/health',
} as const;

export const LOCAL_ADDRESS = 'http://localhost:5000';
export const API_DOCS_PATH = '/api/docs';
/** The shape of every API answer, as the API section shows it. */
export const RESPONSE_SHAPE = '{ "success": true, "message": "…", "data": … }';
