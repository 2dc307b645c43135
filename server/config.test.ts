import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('works with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      appUrl: 'http://localhost:5000',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads PORT, HOST, DATABASE_URL and APP_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/canopy',
      APP_URL: 'https://canopy.example/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/canopy',
      appUrl: 'https://canopy.example',
    });
  });

  it('reads RATE_LIMIT_MULTIPLIER (default 1) and refuses nonsense', () => {
    expect(loadConfig({}).rateLimitMultiplier).toBe(1);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '20' }).rateLimitMultiplier).toBe(20);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(
      'RATE_LIMIT_MULTIPLIER must be a number from 1 to 1000',
    );
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: 'lots' })).toThrow(ConfigError);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SESSION_SECRET: '  ' })).toMatchObject({
      databaseUrl: undefined,
      sessionSecret: undefined,
    });
  });

  it('runs the schedules unless SCHEDULED_JOBS=false', () => {
    expect(loadConfig({}).scheduledJobs).toBe(true);
    expect(loadConfig({ SCHEDULED_JOBS: 'false' }).scheduledJobs).toBe(false);
    expect(() => loadConfig({ SCHEDULED_JOBS: 'no' })).toThrow(
      /SCHEDULED_JOBS must be true or false/,
    );
  });

  it('keeps 7 backups unless BACKUP_KEEP says otherwise, and reads METRICS_TOKEN (issue 25)', () => {
    expect(loadConfig({})).toMatchObject({ backupKeep: 7, metricsToken: undefined });
    expect(loadConfig({ BACKUP_KEEP: '30', METRICS_TOKEN: ' a-long-enough-token ' })).toMatchObject(
      {
        backupKeep: 30,
        metricsToken: 'a-long-enough-token',
      },
    );
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be a whole number/);
    expect(() => loadConfig({ BACKUP_KEEP: 'many' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16/,
    );
  });

  it('stores uploads on disk with SQLite and in the database with PostgreSQL, unless told', () => {
    expect(loadConfig({}).fileStorage).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/canopy' }).fileStorage).toBe(
      'database',
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/canopy', FILE_STORAGE: 'disk' })
        .fileStorage,
    ).toBe('disk');
    expect(loadConfig({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
    expect(loadConfig({ FILE_STORAGE: ' ' }).fileStorage).toBe('disk');
  });

  it('reads an S3 bucket with FILE_STORAGE=s3 or a set S3_BUCKET (region us-east-1, virtual-host style unless told)', () => {
    const bucket = { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'shh' };
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_ACCESS_KEY_ID: 'AKID' }).s3).toBeNull();
    expect(loadConfig(bucket)).toMatchObject({ fileStorage: 'disk', s3: { bucket: 'photos' } });
    expect(loadConfig({ ...bucket, FILE_STORAGE: 's3' })).toMatchObject({
      fileStorage: 's3',
      s3: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'photos',
        accessKeyId: 'AKID',
        secretAccessKey: 'shh',
        forcePathStyle: false,
      },
    });
    expect(
      loadConfig({
        ...bucket,
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
    });
  });

  it.each([
    [{ FILE_STORAGE: 'ftp' }, /FILE_STORAGE must be disk, database or s3/],
    [{ FILE_STORAGE: 's3' }, /FILE_STORAGE=s3 needs S3_BUCKET/],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' },
      /FILE_STORAGE=s3 needs S3_ACCESS_KEY_ID/,
    ],
    [
      { FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' },
      /FILE_STORAGE=s3 needs S3_SECRET_ACCESS_KEY/,
    ],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' },
      /S3_BUCKET \(S3 storage\) needs S3_SECRET_ACCESS_KEY/,
    ],
    [{ S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT must be an absolute http\(s\) address/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL must look like postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ APP_URL: 'nope' }, /APP_URL/],
    [{ DONATION_CURRENCY: 'DOLLARS' }, /DONATION_CURRENCY must be an ISO 4217 currency code/],
    [{ TREE_PRICE: '4.99' }, /TREE_PRICE must be a whole number of minor units/],
    [{ DONATION_MIN_AMOUNT: '0' }, /DONATION_MIN_AMOUNT must be at least 1/],
    [{ DONATION_MIN_AMOUNT: '500', DONATION_MAX_AMOUNT: '400' }, /must not be larger than/],
    [{ DONATION_MAX_TREES: '0' }, /DONATION_MAX_TREES must be a whole number/],
    [{ TREE_PRICE: '99999999', DONATION_MAX_TREES: '2' }, /TREE_PRICE × DONATION_MAX_TREES/],
    [{ STRIPE_API_BASE: 'ftp://x' }, /STRIPE_API_BASE must be an absolute http\(s\) address/],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /STRIPE_WEBHOOK_SECRET is required/],
    [{ NODE_ENV: 'production' }, /NODE_ENV=production needs STRIPE_SECRET_KEY/],
    [
      { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' },
      /NODE_ENV=production needs SMTP_URL to send mail \(or MAIL_LOG_ONLY=true/,
    ],
    [{ MAIL_LOG_ONLY: 'yes' }, /MAIL_LOG_ONLY must be true or false/],
    [{ ALLOW_TEST_PAYMENTS: 'yes' }, /ALLOW_TEST_PAYMENTS must be true or false/],
  ])('fails with one clear line for %j', (env, pattern) => {
    try {
      loadConfig(env);
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(pattern);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('prices donations in integer minor units with an ISO currency (defaults USD, 500, 100 … 1,000,000, 1000 trees)', () => {
    expect(loadConfig({}).donations).toEqual({
      currency: 'USD',
      treePrice: 500,
      minAmount: 100,
      maxAmount: 1_000_000,
      maxTrees: 1000,
    });
    expect(
      loadConfig({
        DONATION_CURRENCY: 'eur',
        TREE_PRICE: '750',
        DONATION_MIN_AMOUNT: '200',
        DONATION_MAX_AMOUNT: '5000',
        DONATION_MAX_TREES: '20',
      }).donations,
    ).toEqual({ currency: 'EUR', treePrice: 750, minAmount: 200, maxAmount: 5000, maxTrees: 20 });
  });

  it('takes test payments unless told it is production; production needs Stripe or ALLOW_TEST_PAYMENTS', () => {
    expect(loadConfig({}).stripe).toEqual({});
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', MAIL_LOG_ONLY: 'true' }),
    ).toMatchObject({ allowTestPayments: true });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.org:587',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('keeps mail for /dev/mail without SMTP outside production; production needs SMTP_URL or MAIL_LOG_ONLY', () => {
    expect(loadConfig({})).toMatchObject({ devMail: true, mailLogOnly: false });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ devMail: true });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toMatchObject({ devMail: false });
    const production = { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' };
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.org' })).toMatchObject({
      devMail: false,
      mailLogOnly: false,
    });
    expect(loadConfig({ ...production, MAIL_LOG_ONLY: 'true' })).toMatchObject({
      devMail: false,
      mailLogOnly: true,
    });
  });

  it('reads who issues receipts (ORG_LEGAL_NAME, ORG_ADDRESS in lines, ORG_TAX_ID, RECEIPT_FOOTER), unset by default', () => {
    expect(loadConfig({}).receipts).toEqual({
      legalName: null,
      address: [],
      taxId: null,
      footer: null,
    });
    expect(loadConfig({ ORG_LEGAL_NAME: '  ', ORG_ADDRESS: '' }).receipts).toMatchObject({
      legalName: null,
      address: [],
    });
    const footer = 'No goods or services were provided in exchange for this contribution.';
    expect(
      loadConfig({
        ORG_LEGAL_NAME: ' Canopy Trees e.V. ',
        // A one-line env file writes the line breaks as \n; a real newline works too.
        ORG_ADDRESS: 'Baumstraße 1\\n10115 Berlin \n\nGermany',
        ORG_TAX_ID: 'DE 123 456 789',
        RECEIPT_FOOTER: footer,
      }).receipts,
    ).toEqual({
      legalName: 'Canopy Trees e.V.',
      address: ['Baumstraße 1', '10115 Berlin', 'Germany'],
      taxId: 'DE 123 456 789',
      footer,
    });
    expect(() => loadConfig({ ORG_TAX_ID: 'x'.repeat(101) })).toThrow(
      'Invalid configuration: ORG_TAX_ID: ORG_TAX_ID must be at most 100 characters',
    );
  });
});
