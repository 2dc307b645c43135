/** Test helpers shared by the donation and payment suites (imported only by *.test.ts files). */
import { afterEach } from 'vitest';
import { buildDrive } from '../../../tests/support/factories';
import { memoryMailer } from '../../../tests/support/memory-mailer';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { Config } from '../../config';
import type { NewDrive, NewUser } from '../../db/tables';
import { noticesOf } from '../../../tests/support/notices';

export type Headers = Record<string, string>;
/** The moment the suites run at; their upcoming drives are a few weeks later. */
export const NOW = '2026-06-01T10:00:00.000Z';
export const APP_URL = 'https://canopy.example';
export const PAYS = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';
export const NO_FUNDS = '4000 0000 0000 9995';

/**
 * A fresh app per test (closed after it) on a movable clock, with a memory mailer and the
 * shortcuts the donation suites share. Call inside `describe`.
 */
export function donationApi(target: DatabaseTarget) {
  let t: TestApp | undefined;
  const clock = movableClock(NOW);
  const mailer = memoryMailer();
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const current = (): TestApp => {
    if (!t) throw new Error('call setup() first');
    return t;
  };
  const app = () => current().app;
  const db = () => current().database.db;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers = {},
    payload?: unknown,
  ) =>
    app().inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    clock,
    mailer,
    app,
    db,
    services: () => current().services,
    call,
    async setup(config: Partial<Config> = {}) {
      await t?.close();
      clock.set(NOW);
      mailer.sent.length = 0;
      t = await buildTestApp(target, { clock, mailer, config: { appUrl: APP_URL, ...config } });
    },
    signIn: (overrides: Partial<NewUser> = {}) => signedInUser(app(), db(), overrides),
    async insertDrive(organizerId: string, overrides: Partial<NewDrive> = {}) {
      const drive = buildDrive(organizerId, {
        starts_at: '2026-06-20T08:00:00.000Z',
        ...overrides,
      });
      await db().insertInto('drives').values(drive).execute();
      return drive;
    },
    donate: (headers: Headers, body: Record<string, unknown>) =>
      call('POST', '/api/donations', headers, body),
    /** A pending donation made through the API; answers its id and checkout address. */
    async pending(
      headers: Headers,
      body: Record<string, unknown> = { kind: 'trees', trees: 3, category: 'Trees' },
    ) {
      const res = await call('POST', '/api/donations', headers, body);
      if (res.statusCode !== 200) throw new Error(`donation failed: ${res.statusCode} ${res.body}`);
      const data = res.json().data as {
        donation: { id: string; amount: number };
        checkoutUrl: string;
      };
      return { id: data.donation.id, amount: data.donation.amount, checkoutUrl: data.checkoutUrl };
    },
    pay: (
      headers: Headers,
      donationId: string,
      cardNumber = PAYS,
      extra: Record<string, string> = {},
    ) =>
      call('POST', '/api/payments/test/confirm', headers, {
        donationId,
        cardNumber,
        expiry: '12/30',
        cvc: '123',
        ...extra,
      }),
    row: (id: string) =>
      db().selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** A recurring gift's row (issue 22). */
    giftRow: (id: string) =>
      db()
        .selectFrom('donation_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    /** A recurring gift's donations, oldest first. */
    periodsOf: (id: string) =>
      db()
        .selectFrom('donations')
        .selectAll()
        .where('subscription_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    noticesOf: (userId: string) => noticesOf(db(), userId),
  };
}

/** Waits until the after-commit effects of the last request have run (they follow the response). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
