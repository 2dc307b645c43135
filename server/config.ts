import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { OSM_ATTRIBUTION } from '../contract/map';

/** Raised when the environment cannot make a working configuration; main prints only its message. */
export class ConfigError extends Error {}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** Card providers take at most 99,999,999 minor units in one payment. */
const MAX_CHARGE_MINOR = 99_999_999;

/** An amount in integer minor units (cents), from 1 to what a card payment can carry. */
const minorUnits = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number of minor units (cents)` })
    .int(`${name} must be a whole number of minor units (cents)`)
    .min(1, `${name} must be at least 1 (minor units)`)
    .max(MAX_CHARGE_MINOR, `${name} must be at most ${MAX_CHARGE_MINOR} (minor units)`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number between 0 and 65535' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(5000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
          );
        } catch {
          return false;
        }
      }, 'DATABASE_URL must look like postgres://user:password@host:5432/database')
      .optional(),
  ),
  APP_URL: optionalText.pipe(
    z.url({ error: 'APP_URL must be an absolute http(s) address' }).optional(),
  ),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  ),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().trim().min(3).default('Canopy <no-reply@canopy.local>'),
  MAIL_LOG_ONLY: z
    .enum(['true', 'false', ''], { error: 'MAIL_LOG_ONLY must be true or false' })
    .default('false'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_API_BASE: optionalText.pipe(
    z
      .url({ error: 'STRIPE_API_BASE must be an absolute http(s) address' })
      .refine((value) => /^https?:$/.test(new URL(value).protocol), {
        error: 'STRIPE_API_BASE must be an absolute http(s) address',
      })
      .optional(),
  ),
  ALLOW_TEST_PAYMENTS: z
    .enum(['true', 'false', ''], { error: 'ALLOW_TEST_PAYMENTS must be true or false' })
    .default('false'),
  DONATION_CURRENCY: z
    .string()
    .trim()
    .transform((code) => (code === '' ? 'USD' : code.toUpperCase()))
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), {
      error: 'DONATION_CURRENCY must be an ISO 4217 currency code such as USD or EUR',
    })
    .default('USD'),
  TREE_PRICE: minorUnits('TREE_PRICE', 500),
  DONATION_MIN_AMOUNT: minorUnits('DONATION_MIN_AMOUNT', 100),
  DONATION_MAX_AMOUNT: minorUnits('DONATION_MAX_AMOUNT', 1_000_000),
  DONATION_MAX_TREES: z.coerce
    .number({ error: 'DONATION_MAX_TREES must be a whole number from 1 to 100000' })
    .int('DONATION_MAX_TREES must be a whole number from 1 to 100000')
    .min(1, 'DONATION_MAX_TREES must be a whole number from 1 to 100000')
    .max(100_000, 'DONATION_MAX_TREES must be a whole number from 1 to 100000')
    .default(1000),
  GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org'),
  TILE_URL: z.string().trim().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  TILE_ATTRIBUTION: z.string().trim().min(1).default(OSM_ATTRIBUTION),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: 'RATE_LIMIT_MULTIPLIER must be a number from 1 to 1000' })
    .min(1, 'RATE_LIMIT_MULTIPLIER must be a number from 1 to 1000')
    .max(1000, 'RATE_LIMIT_MULTIPLIER must be a number from 1 to 1000')
    .default(1),
  WEB_DIST_DIR: optionalText,
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === null)
          ctx.addIssue({
            code: 'custom',
            message:
              'TRUST_PROXY must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)',
          });
        return parsed ?? false;
      })
      .optional(),
  ),
  EVENT_LOOP_REPORT: z
    .enum(['true', 'false', ''], { error: 'EVENT_LOOP_REPORT must be true or false' })
    .default('false'),
  SCHEDULED_JOBS: z
    .enum(['true', 'false', ''], { error: 'SCHEDULED_JOBS must be true or false' })
    .default('true'),
  FILE_STORAGE: optionalText.pipe(
    z
      .enum(['disk', 'database', 's3'], { error: 'FILE_STORAGE must be disk, database or s3' })
      .optional(),
  ),
  // The bucket behind FILE_STORAGE=s3 (issue 25); checked together in checkS3.
  S3_ENDPOINT: optionalText.pipe(
    z
      .url({
        protocol: /^https?$/,
        error: 'S3_ENDPOINT must be an absolute http(s) address, e.g. https://s3.example.com',
      })
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false'),
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP must be a whole number from 1 to 1000' })
    .int('BACKUP_KEEP must be a whole number from 1 to 1000')
    .min(1, 'BACKUP_KEEP must be a whole number from 1 to 1000')
    .max(1000, 'BACKUP_KEEP must be a whole number from 1 to 1000')
    .default(7),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  // Who issues receipts (issue 22); unset: receipts say they are not tax receipts.
  ORG_LEGAL_NAME: optionalText.pipe(
    z.string().max(200, 'ORG_LEGAL_NAME must be at most 200 characters').optional(),
  ),
  ORG_ADDRESS: optionalText.pipe(
    z.string().max(500, 'ORG_ADDRESS must be at most 500 characters').optional(),
  ),
  ORG_TAX_ID: optionalText.pipe(
    z.string().max(100, 'ORG_TAX_ID must be at most 100 characters').optional(),
  ),
  RECEIPT_FOOTER: optionalText.pipe(
    z.string().max(1000, 'RECEIPT_FOOTER must be at most 1000 characters').optional(),
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * No SMTP_URL and NODE_ENV not set to production: every mail is kept and shown at /dev/mail,
   * and the log says so in one line per mail.
   */
  devMail: boolean;
  /** Production without SMTP_URL prints mail to the log instead (MAIL_LOG_ONLY=true). */
  mailLogOnly: boolean;
  stripe: {
    secretKey?: string;
    webhookSecret?: string;
    publishableKey?: string;
    /** Another address for the Stripe API (a local stub in tests), e.g. http://127.0.0.1:12111. */
    apiBase?: string;
  };
  /** Prices and limits of donations, in integer minor units of `currency`. */
  donations: {
    currency: string;
    treePrice: number;
    minAmount: number;
    maxAmount: number;
    maxTrees: number;
  };
  /** The built-in test payment provider may run with NODE_ENV=production (demos). */
  allowTestPayments: boolean;
  geocoderUrl: string;
  tileUrl: string;
  /** Shown on every map (tile providers require it); HTML as Leaflet expects. */
  tileAttribution: string;
  logLevel: string;
  /** Scales every per-IP request limit: for many people behind one address, or a test run. */
  rateLimitMultiplier: number;
  /** Where the built SPA lives; the server serves it with the SPA fallback. */
  webDistDir: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address: none (false, the default),
   * the nearest `n` hops, or the listed addresses/CIDR ranges.
   */
  trustProxy: TrustProxy;
  /**
   * Where uploaded image bytes live: files under DATA_DIR, the database every server shares, or
   * an S3 bucket (`s3`: set when fileStorage is 's3', or S3_BUCKET is set for files:move).
   */
  fileStorage: FileStorage;
  s3: S3Settings | null;
  /** Bench only: report the longest event-loop stall on SIGUSR2 and at shutdown (lib/event-loop-report.ts). */
  eventLoopReport?: boolean;
  /**
   * Whether this server runs the schedules (reminders, digests, figures, prunes). Queued jobs
   * (mail, notices) run either way; `false` makes a server that only answers requests.
   */
  scheduledJobs: boolean;
  /**
   * Who issues receipts and statements (ORG_LEGAL_NAME, ORG_ADDRESS, ORG_TAX_ID, RECEIPT_FOOTER).
   * Without `legalName` a receipt says it is a payment confirmation, not a tax receipt.
   */
  receipts: ReceiptIssuer;
  /** How many backups `npm run backup` keeps in DATA_DIR/backups (BACKUP_KEEP, default 7). */
  backupKeep: number;
  /** Unset: /api/metrics answers 404 and /api/health no details; set: both for this bearer token. */
  metricsToken: string | undefined;
}

export type FileStorage = 'disk' | 'database' | 's3';

/** An S3 or S3-compatible bucket (S3_*). */
export interface S3Settings {
  /** Unset: AWS itself; else an S3-compatible server such as MinIO, e.g. http://127.0.0.1:9000. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`host/bucket/key`) rather than the host name, as most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** The organisation printed on every receipt and statement (issue 22). */
export interface ReceiptIssuer {
  legalName: string | null;
  /** The address lines (ORG_ADDRESS split at newlines or a written `\n`); empty when unset. */
  address: string[];
  taxId: string | null;
  /** e.g. "No goods or services were provided in exchange for this contribution." */
  footer: string | null;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const explicitProduction = env.NODE_ENV?.trim() === 'production';
  checkPayments(e, explicitProduction);
  const fileStorage = e.FILE_STORAGE ?? (e.DATABASE_URL ? 'database' : 'disk');
  if (explicitProduction && !e.SMTP_URL && e.MAIL_LOG_ONLY !== 'true')
    throw new ConfigError(
      'Invalid configuration: NODE_ENV=production needs SMTP_URL to send mail (or MAIL_LOG_ONLY=true to print mail to the log instead)',
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMail: !e.SMTP_URL && !explicitProduction,
    mailLogOnly: e.MAIL_LOG_ONLY === 'true',
    stripe: {
      ...(e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY } : {}),
      ...(e.STRIPE_WEBHOOK_SECRET ? { webhookSecret: e.STRIPE_WEBHOOK_SECRET } : {}),
      ...(e.STRIPE_PUBLISHABLE_KEY ? { publishableKey: e.STRIPE_PUBLISHABLE_KEY } : {}),
      ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE.replace(/\/+$/, '') } : {}),
    },
    donations: {
      currency: e.DONATION_CURRENCY,
      treePrice: e.TREE_PRICE,
      minAmount: e.DONATION_MIN_AMOUNT,
      maxAmount: e.DONATION_MAX_AMOUNT,
      maxTrees: e.DONATION_MAX_TREES,
    },
    allowTestPayments: e.ALLOW_TEST_PAYMENTS === 'true',
    geocoderUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
    tileUrl: e.TILE_URL,
    tileAttribution: e.TILE_ATTRIBUTION,
    logLevel: e.LOG_LEVEL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? 'dist/web'),
    trustProxy: e.TRUST_PROXY ?? false,
    // Several app servers may share one PostgreSQL, but not one disk.
    fileStorage,
    // Also read without FILE_STORAGE=s3, for `npm run files:move -- --to s3`.
    s3: fileStorage === 's3' || e.S3_BUCKET ? checkS3(e, fileStorage) : null,
    eventLoopReport: e.EVENT_LOOP_REPORT === 'true',
    scheduledJobs: e.SCHEDULED_JOBS !== 'false',
    receipts: {
      legalName: e.ORG_LEGAL_NAME ?? null,
      address: addressLines(e.ORG_ADDRESS),
      taxId: e.ORG_TAX_ID ?? null,
      footer: e.RECEIPT_FOOTER ?? null,
    },
    backupKeep: e.BACKUP_KEEP,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** ORG_ADDRESS as lines: split at real newlines or a written `\n` (one-line env files). */
function addressLines(value: string | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A hop count (`1`), `false`/`0`, or a list of addresses, CIDR ranges or proxy-addr names; null when unreadable. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Math.min(Number(text), 100);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(valid) ? entries : null;
}

/**
 * Money settings that only make sense together. Test payments (no STRIPE_SECRET_KEY) are refused
 * when NODE_ENV=production is set explicitly, unless ALLOW_TEST_PAYMENTS=true; an unset NODE_ENV
 * keeps `npm start` working with no configuration.
 */
function checkPayments(e: z.infer<typeof envSchema>, explicitProduction: boolean): void {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  if (e.DONATION_MIN_AMOUNT > e.DONATION_MAX_AMOUNT)
    fail('DONATION_MIN_AMOUNT must not be larger than DONATION_MAX_AMOUNT');
  if (e.TREE_PRICE * e.DONATION_MAX_TREES > MAX_CHARGE_MINOR)
    fail(`TREE_PRICE × DONATION_MAX_TREES must be at most ${MAX_CHARGE_MINOR} (minor units)`);
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    fail(
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (payments are confirmed by webhook)',
    );
  if (!e.STRIPE_SECRET_KEY && explicitProduction && e.ALLOW_TEST_PAYMENTS !== 'true')
    fail(
      'NODE_ENV=production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (or ALLOW_TEST_PAYMENTS=true for a demo without real payments)',
    );
}

/** The S3_* settings FILE_STORAGE=s3 (or a set S3_BUCKET) needs, each missing one named. */
function checkS3(e: z.infer<typeof envSchema>, fileStorage: FileStorage): S3Settings {
  const required = (name: string, value: string | undefined): string => {
    if (value) return value;
    const why = fileStorage === 's3' ? 'FILE_STORAGE=s3' : 'S3_BUCKET (S3 storage)';
    throw new ConfigError(`Invalid configuration: ${why} needs ${name}`);
  };
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: required('S3_BUCKET', e.S3_BUCKET),
    accessKeyId: required('S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** A configuration for tests and scripts: defaults plus overrides, never the real environment. */
export function buildConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    // Uploads go to the test's own database, never into the working copy's ./data.
    fileStorage: 'database',
    ...overrides,
  };
}
