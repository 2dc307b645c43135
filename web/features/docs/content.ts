/**
 * The structure of the Canopy documentation: the sections the table of contents lists, and the
 * reference data (commands, settings) the sections show. The prose lives in the section components.
 */

export interface DocSection {
  /** Anchor id, so /documentation#<id> links straight to the section. */
  readonly id: string;
  readonly title: string;
}

export const DOC_SECTIONS: readonly DocSection[] = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'account-types', title: 'Account types' },
  { id: 'tree-drives', title: 'Tree drives' },
  { id: 'donations', title: 'Donations' },
  { id: 'trees', title: 'Registering and nurturing trees' },
  { id: 'impact-estimates', title: 'Impact estimates' },
  { id: 'impact-method', title: 'Impact method' },
  { id: 'self-hosting', title: 'Self-hosting' },
  { id: 'api', title: 'API' },
];

export interface AccountType {
  readonly name: string;
  readonly summary: string;
  readonly canDo: readonly string[];
}

export const ACCOUNT_TYPES: readonly AccountType[] = [
  {
    name: 'Individual',
    summary: 'For anyone who wants to plant, care for and follow their own trees.',
    canDo: [
      'Join tree drives near you and see them under My Plantations',
      'Register the trees you planted and keep their growth and health up to date',
      'Donate trees or cash to a drive or to the community',
    ],
  },
  {
    name: 'Corporate/Institution',
    summary: 'For companies, schools, universities and other organisations that run planting days.',
    canDo: [
      'Create and organise tree drives, naming sponsors, tree types and land donors',
      'A dashboard for the drives your organisation runs',
      'Everything an individual account can do',
    ],
  },
  {
    name: 'Partner Nursery',
    summary: 'For nurseries that grow saplings and supply them to drives and donors.',
    canDo: [
      'A dashboard made for nurseries',
      'Supply saplings to the drives that organisers run near you',
      'Everything an individual account can do',
    ],
  },
];

export interface EnvSetting {
  readonly names: readonly string[];
  readonly fallback: string;
  readonly meaning: string;
}

/** The server's settings (DESIGN.md §3); every one has a default, so none is needed to start. */
export const ENV_SETTINGS: readonly EnvSetting[] = [
  { names: ['PORT'], fallback: '5000', meaning: 'HTTP port the server listens on.' },
  {
    names: ['HOST'],
    fallback: '127.0.0.1',
    meaning: 'Address to bind to; use 0.0.0.0 inside a container.',
  },
  {
    names: ['DATA_DIR'],
    fallback: './data',
    meaning: 'Where the SQLite database, the generated session secret and uploads are kept.',
  },
  {
    names: ['DATABASE_URL'],
    fallback: 'not set (SQLite)',
    meaning: 'A postgres:// address makes Canopy use PostgreSQL instead of SQLite.',
  },
  {
    names: ['APP_URL'],
    fallback: 'http://localhost:PORT',
    meaning: 'Public address, used in emails and payment redirects.',
  },
  {
    names: ['SESSION_SECRET'],
    fallback: 'generated once in DATA_DIR',
    meaning: 'Key that signs sign-in sessions; at least 32 characters when you set it.',
  },
  {
    names: ['SMTP_URL', 'MAIL_FROM'],
    fallback: 'not set (mail is printed to the log)',
    meaning: 'Outgoing mail server for verification codes and password resets.',
  },
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'],
    fallback: 'not set (built-in test mode)',
    meaning: 'Card payments through Stripe Checkout.',
  },
  {
    names: ['GEOCODER_URL', 'TILE_URL'],
    fallback: 'OpenStreetMap services',
    meaning: 'Address search and map tiles.',
  },
  {
    names: ['TRUST_PROXY'],
    fallback: 'not set (X-Forwarded-For is ignored)',
    meaning:
      "Behind a reverse proxy: how many proxy hops to trust (e.g. 1), or the proxies' addresses or ranges (e.g. 10.0.0.0/8), so sign-in and request limits see each visitor's own address.",
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
