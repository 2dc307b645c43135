import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RECURRING_MESSAGES } from '../../../contract/recurring-gifts';
import { buildDonation } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { databaseTargets } from '../../../tests/support/test-database';
import { queryPlans } from '../../../tests/support/query-plans';
import type { ReceiptIssuer } from '../../config';
import type { NewDonation } from '../../db/tables';
import { newId } from '../../lib/ids';
import { donationApi, type Headers } from './donation-test-kit';
import { donationStatementsRepository } from './donation-statements.repository';
import { yearRange, YEARLY_STATEMENTS_CRON, YEARLY_STATEMENTS_JOB } from './donation-statements';
import { NOT_A_TAX_RECEIPT } from './receipt-pdf';

const ISSUER: ReceiptIssuer = {
  legalName: 'Canopy Trees e.V.',
  address: ['Baumstraße 1', '10115 Berlin', 'Germany'],
  taxId: 'DE 123 456 789',
  footer: 'No goods or services were provided in exchange for this contribution.',
};

/** The PDF's printed text on one line (pdfkit may split a line into several text operators). */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe.each(databaseTargets)('yearly statements on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;

  const statement = (headers: Headers, year: string | number) =>
    call('GET', `/api/donations/statement?year=${year}`, headers);

  let receiptNo = 500_000;
  /** A paid gift of `donorId` inserted as fulfilment leaves it (receipt number, paid_at). */
  async function gift(donorId: string, paidAt: string, overrides: Partial<NewDonation> = {}) {
    const row = buildDonation(donorId, {
      created_at: paidAt,
      paid_at: paidAt,
      updated_at: paidAt,
      receipt_number: `CAN-${paidAt.slice(0, 4)}-${String(++receiptNo).padStart(6, '0')}`,
      ...overrides,
    });
    await api.db().insertInto('donations').values(row).execute();
    return row;
  }

  it('refuses nobody (401) and a year outside 2000–2100 or no year (400, with the message)', async () => {
    await api.setup();
    expect((await call('GET', '/api/donations/statement?year=2026')).statusCode).toBe(401);
    const me = await api.signIn();
    for (const year of ['1999', '2101', 'soon', '2026.5', '']) {
      const res = await statement(me.headers, year);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().message).toBe(RECURRING_MESSAGES.yearInvalid);
    }
    const none = await call('GET', '/api/donations/statement', me.headers);
    expect(none.statusCode).toBe(400);
  });

  it('lists my gifts paid that year with receipt numbers and totals per currency; refunded, disputed, other years and other members’ gifts never', async () => {
    await api.setup({ receipts: ISSUER });
    const organisation = await api.signIn({ profile_type: 'corporate', name: 'Greenleaf Ltd' });
    const drive = await api.insertDrive(organisation.user.id, { name: 'Riverbank planting' });
    const me = await api.signIn({ name: 'Asha Rao' });
    const other = await api.signIn({ name: 'Somebody Else' });
    const saved = await call('PUT', '/api/donations/billing', me.headers, {
      billingName: 'Asha Rao',
      addressLine1: '12 Lake Road',
      addressLine2: '',
      city: 'Pune',
      postalCode: '411001',
      country: 'India',
      taxId: 'AAAPL1234C',
    });
    expect(saved.statusCode).toBe(200);

    // One paid through the API (test mode), as a donor pays.
    const paid = await api.pending(me.headers, { kind: 'cash', amount: 1234, category: 'Trees' });
    expect((await api.pay(me.headers, paid.id)).statusCode).toBe(200);
    const viaApi = (await api.row(paid.id)).receipt_number!;

    const subscription = newId();
    await api
      .db()
      .insertInto('donation_subscriptions')
      .values({
        id: subscription,
        donor_id: me.user.id,
        organisation_id: organisation.user.id,
        kind: 'trees',
        trees: 2,
        amount_minor: 1000,
        currency: 'USD',
        category: 'Trees',
        anonymous: 0,
        interval: 'month',
        status: 'active',
        provider: 'test',
        created_at: '2026-01-10T00:00:00.000Z',
        updated_at: '2026-01-10T00:00:00.000Z',
      })
      .execute();
    const trees = await gift(me.user.id, '2026-02-03T09:00:00.000Z', {
      kind: 'trees',
      trees: 4,
      amount_minor: 2000,
      drive_id: drive.id,
    });
    const monthly = await gift(me.user.id, '2026-03-10T00:00:00.000Z', {
      kind: 'trees',
      trees: 2,
      amount_minor: 1000,
      subscription_id: subscription,
      organisation_id: organisation.user.id,
    });
    const euros = await gift(me.user.id, '2026-12-31T23:59:59.999Z', {
      amount_minor: 4550,
      currency: 'EUR',
    });
    const refunded = await gift(me.user.id, '2026-04-01T00:00:00.000Z', {
      status: 'refunded',
      amount_minor: 7777,
    });
    const disputed = await gift(me.user.id, '2026-05-01T00:00:00.000Z', {
      status: 'refunded',
      disputed_at: '2026-05-20T00:00:00.000Z',
      amount_minor: 8888,
    });
    const lastYear = await gift(me.user.id, '2025-12-31T23:59:59.999Z', { amount_minor: 6666 });
    const nextYear = await gift(me.user.id, '2027-01-01T00:00:00.000Z', { amount_minor: 5555 });
    const theirs = await gift(other.user.id, '2026-06-01T00:00:00.000Z', { amount_minor: 9999 });

    const res = await statement(me.headers, 2026);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="canopy-statement-2026.pdf"',
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const text = flat(res.rawPayload);
    expect(text).toContain('Yearly statement 2026');
    for (const line of ['Canopy Trees e.V.', 'Baumstraße 1', '10115 Berlin', 'DE 123 456 789'])
      expect(text).toContain(line);
    expect(text).toContain(ISSUER.footer);
    expect(text).not.toContain(NOT_A_TAX_RECEIPT);
    expect(text).toContain('Asha Rao');
    expect(text).toContain('12 Lake Road');
    expect(text).toContain('AAAPL1234C');
    for (const row of [trees, monthly, euros]) expect(text).toContain(row.receipt_number);
    expect(text).toContain(viaApi);
    expect(text).toContain('4 trees for "Riverbank planting"');
    expect(text).toContain('2 trees for "Greenleaf Ltd", monthly gift');
    // USD: 12.34 + 20.00 + 10.00; EUR: 45.50 (sorted by currency code).
    expect(text).toContain('Total in EUR: €45.50 (EUR) (1 gift)');
    expect(text).toContain('Total in USD: $42.34 (USD) (3 gifts)');
    expect(text.indexOf('Total in EUR')).toBeLessThan(text.indexOf('Total in USD'));
    for (const row of [refunded, disputed, lastYear, nextYear, theirs])
      expect(text).not.toContain(row.receipt_number);
    for (const amount of ['77.77', '88.88', '66.66', '55.55', '99.99'])
      expect(text).not.toContain(amount);
    expect(text).not.toContain('Somebody Else');

    // Their statement lists only their gift.
    const theirText = flat((await statement(other.headers, 2026)).rawPayload);
    expect(theirText).toContain(theirs.receipt_number);
    expect(theirText).not.toContain(trees.receipt_number);
    expect(theirText).toContain('Total in USD: $99.99 (USD) (1 gift)');
  });

  it('says a year without gifts has nothing to list, and says it is not a tax receipt without ORG_LEGAL_NAME', async () => {
    await api.setup();
    const me = await api.signIn();
    await gift(me.user.id, '2026-03-01T00:00:00.000Z', { status: 'refunded' });
    const res = await statement(me.headers, 2024);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(res.rawPayload);
    expect(text).toContain('No paid gifts in 2024: there is nothing to list for this year.');
    expect(text).toContain(NOT_A_TAX_RECEIPT);
    expect(text).not.toContain('Total in');
    // Refunded only: nothing to list either.
    expect(flat((await statement(me.headers, 2026)).rawPayload)).toContain('No paid gifts in 2026');
  });

  it('lists a long year in pages of the index, oldest first, across PDF pages', async () => {
    await api.setup();
    const me = await api.signIn();
    const rows: NewDonation[] = [];
    // 450 gifts (three reads of 200), many sharing a payment time (ties by id).
    for (let i = 0; i < 450; i++) {
      const paidAt = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 86_400_000).toISOString();
      rows.push(
        buildDonation(me.user.id, {
          created_at: paidAt,
          paid_at: paidAt,
          updated_at: paidAt,
          amount_minor: 100,
          receipt_number: `CAN-2026-${String(700_000 + i).padStart(6, '0')}`,
        }),
      );
    }
    await api.db().insertInto('donations').values(rows).execute();
    const text = flat((await statement(me.headers, 2026)).rawPayload);
    const numbers = [...text.matchAll(/CAN-2026-7\d{5}/g)].map((m) => m[0]);
    const expected = [...rows]
      .sort((a, b) =>
        a.paid_at! < b.paid_at! ? -1 : a.paid_at! > b.paid_at! ? 1 : a.id < b.id ? -1 : 1,
      )
      .map((row) => row.receipt_number);
    expect(numbers).toEqual(expected);
    expect(text).toContain('Total in USD: $450.00 (USD) (450 gifts)');
  });

  it('prints the issuer and footer on receipts, or says it is not a tax receipt', async () => {
    await api.setup({ receipts: ISSUER });
    const me = await api.signIn();
    const { id } = await api.pending(me.headers);
    await api.pay(me.headers, id);
    const issued = flat((await call('GET', `/api/donations/${id}/receipt`, me.headers)).rawPayload);
    expect(issued).toContain('Issued by');
    for (const line of [ISSUER.legalName!, ...ISSUER.address, `Tax id: ${ISSUER.taxId}`])
      expect(issued).toContain(line);
    expect(issued).toContain(ISSUER.footer);
    expect(issued).not.toContain(NOT_A_TAX_RECEIPT);

    await api.setup();
    const again = await api.signIn();
    const second = await api.pending(again.headers);
    await api.pay(again.headers, second.id);
    const plain = flat(
      (await call('GET', `/api/donations/${second.id}/receipt`, again.headers)).rawPayload,
    );
    expect(plain).toContain(NOT_A_TAX_RECEIPT);
    expect(plain).not.toContain('Issued by');
    expect(plain).toContain((await api.row(second.id)).receipt_number!);
  });

  it('mails each donor of last year their statement once in January (run twice), skipping deleted accounts', async () => {
    await api.setup({ receipts: ISSUER });
    const a = await api.signIn({ name: 'Donor A' });
    const b = await api.signIn({ name: 'Donor B' });
    const refundedOnly = await api.signIn();
    const gone = await api.signIn();
    const earlier = await api.signIn();
    const a1 = await gift(a.user.id, '2026-02-01T00:00:00.000Z');
    const a2 = await gift(a.user.id, '2026-11-01T00:00:00.000Z', { currency: 'EUR' });
    const b1 = await gift(b.user.id, '2026-07-01T00:00:00.000Z');
    await gift(refundedOnly.user.id, '2026-03-01T00:00:00.000Z', { status: 'refunded' });
    await gift(gone.user.id, '2026-03-01T00:00:00.000Z');
    await gift(earlier.user.id, '2025-06-01T00:00:00.000Z');
    await api
      .db()
      .updateTable('users')
      .set({ deleted_at: '2026-12-01T00:00:00.000Z' })
      .where('id', '=', gone.user.id)
      .execute();

    const job = api.services().background.schedules.find((s) => s.name === YEARLY_STATEMENTS_JOB);
    expect(job?.cron).toBe(YEARLY_STATEMENTS_CRON);
    api.clock.set('2027-01-02T06:00:00.000Z');
    api.mailer.sent.length = 0;
    expect(await job!.run()).toBe(2);
    expect(await job!.run()).toBe(2);
    await api.services().queue.idle(10_000);

    const statements = api.mailer.sent.filter(
      (m) => m.subject === 'Your Canopy statement for 2026',
    );
    expect(statements.map((m) => m.to).sort()).toEqual([a.user.email, b.user.email].sort());
    for (const [mail, own, notOwn] of [
      [statements.find((m) => m.to === a.user.email)!, [a1, a2], [b1]],
      [statements.find((m) => m.to === b.user.email)!, [b1], [a1, a2]],
    ] as const) {
      expect(mail.text).toContain('/app/settings-billing');
      expect(mail.attachments).toHaveLength(1);
      const [attachment] = mail.attachments!;
      expect(attachment).toMatchObject({
        filename: 'canopy-statement-2026.pdf',
        contentType: 'application/pdf',
      });
      const text = flat(attachment!.content);
      expect(text).toContain('Yearly statement 2026');
      expect(text).toContain('Canopy Trees e.V.');
      for (const row of own) expect(text).toContain(row.receipt_number);
      for (const row of notOwn) expect(text).not.toContain(row.receipt_number);
    }
    const keys = await api
      .db()
      .selectFrom('mails')
      .select('key')
      .where('key', 'like', 'statement:%')
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual(
      [`statement:${a.user.id}:2026`, `statement:${b.user.id}:2026`].sort(),
    );

    // The attachment is made at sending: nothing for a deleted account or a malformed id.
    const { statements: made } = api.services().donations;
    expect(await made.statementAttachment(`${gone.user.id}:2026`)).toBeNull();
    expect(await made.statementAttachment('nonsense')).toBeNull();
    expect(await made.statementAttachment(`${b.user.id}:2026`)).toMatchObject({
      filename: 'canopy-statement-2026.pdf',
    });
  });

  it('stops between donor batches when the queue stops, and mails the rest when run again', async () => {
    await api.setup();
    const donors = [];
    for (let i = 0; i < 3; i++) {
      const donor = await api.signIn();
      donors.push(donor);
      await gift(donor.user.id, '2026-05-01T00:00:00.000Z');
    }
    api.clock.set('2027-01-02T06:00:00.000Z');
    const { statements } = api.services().donations;
    const stop = new AbortController();
    stop.abort(new Error('stopping'));
    await expect(statements.mailYearlyStatements(stop.signal)).rejects.toThrow('stopping');
    expect(await statements.mailYearlyStatements()).toBe(3);
  });

  it('reads a donor’s year and the year’s donors on donations_donor_paid_idx, never a scan of all donations', async () => {
    await api.setup();
    const donors: string[] = [];
    for (let i = 0; i < 6; i++) donors.push((await api.signIn()).user.id);
    const rows: NewDonation[] = [];
    for (let i = 0; i < 600; i++) {
      const paidAt = new Date(Date.UTC(2022, 0, 1) + i * 4 * 86_400_000).toISOString();
      rows.push(
        buildDonation(donors[i % donors.length]!, {
          created_at: paidAt,
          paid_at: i % 7 === 0 ? null : paidAt,
          status: i % 7 === 0 ? 'pending' : 'paid',
          updated_at: paidAt,
          receipt_number: i % 7 === 0 ? null : `CAN-2026-${String(800_000 + i).padStart(6, '0')}`,
        }),
      );
    }
    await api.db().insertInto('donations').values(rows).execute();
    const postgres = target.name !== 'sqlite';
    if (postgres) await sql`analyze donations`.execute(api.db());
    const { plans } = await queryPlans(api.db(), async (caught) => {
      const repo = donationStatementsRepository(caught);
      const range = yearRange(2024);
      expect(await repo.paidGifts(donors[0]!, range, null, 5)).toHaveLength(5);
      const page = await repo.paidGifts(donors[0]!, range, { paidAt: range.from, id: '' }, 5);
      expect(page).toHaveLength(5);
      const sorted = [...donors].sort();
      expect(await repo.donorsAfter(null, 4)).toEqual(sorted.slice(0, 4));
      expect(await repo.donorsAfter(sorted[3]!, 4)).toEqual(sorted.slice(4));
      expect(await repo.withPaidGifts(sorted.slice(0, 4), range)).toEqual(sorted.slice(0, 4));
    });
    expect(plans).toHaveLength(5);
    // A donor's year and which donors gave that year: ranges of (donor_id, paid_at).
    for (const plan of [plans[0]!, plans[1]!, plans[4]!]) {
      expect(plan).toContain('donations_donor_paid_idx');
      expect(plan).toMatch(/donor_id = |donor_id=\?|donor_id = ANY/);
    }
    // The next donors: a donor index in order (each batch stops after its donors' entries).
    for (const plan of [plans[2]!, plans[3]!]) expect(plan).toMatch(/donations_donor_\w*idx/);
  });
});
