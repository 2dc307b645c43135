import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { DELETE_CONFIRMATION_WORD } from '../../../contract/users';
import { pdfFontFamilies, pdfPrintedCharacters, pdfTagging } from '../../../tests/support/pdf-text';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { buildDonation } from '../../../tests/support/factories';
import { donationsCsv } from './donation-mapper';
import { donationsStore } from './donations-people';
import { donationApi } from './donation-test-kit';

describe.each(databaseTargets)('donation records API on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;

  it('lists my donations newest first, paginated, optionally by status', async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      api.clock.advance(60_000);
      ids.push(
        (await api.pending(me.headers, { kind: 'cash', amount: 500 + i, category: 'Trees' })).id,
      );
    }
    await api.pending(other.headers);
    await api.pay(me.headers, ids[0]!);

    const page = await call('GET', '/api/donations?limit=2', me.headers);
    expect(page.json()).toMatchObject({ success: true, page: 1, limit: 2, total: 3 });
    expect(page.json().data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const paid = await call('GET', '/api/donations?status=paid', me.headers);
    expect(paid.json()).toMatchObject({ total: 1, data: [{ id: ids[0], status: 'paid' }] });
    const bad = await call('GET', '/api/donations?status=stolen', me.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose a status from the list.');
    expect((await call('GET', '/api/donations?limit=101', me.headers)).statusCode).toBe(400);
  });

  it('lists my paid tree donations as donated trees (not cash, pending or anyone else’s)', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id);
    const me = await api.signIn();
    const other = await api.signIn();
    const trees = await api.pending(me.headers, {
      kind: 'trees',
      trees: 4,
      driveId: drive.id,
      category: 'Trees',
    });
    const cash = await api.pending(me.headers, { kind: 'cash', amount: 900, category: 'Trees' });
    await api.pending(me.headers, { kind: 'trees', trees: 9, category: 'Trees' });
    const theirs = await api.pending(other.headers);
    for (const [headers, id] of [
      [me.headers, trees.id],
      [me.headers, cash.id],
      [other.headers, theirs.id],
    ] as const)
      expect((await api.pay(headers, id)).statusCode).toBe(200);

    const res = await call('GET', '/api/trees/donatedtrees', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: trees.id,
        _id: trees.id,
        trees: 4,
        drive: { id: drive.id, name: drive.name, startsAt: drive.starts_at },
        date: '2026-06-01T10:00:00.000Z',
        amount: 2000,
        currency: 'USD',
        receiptNumber: expect.stringMatching(/^CAN-2026-\d{6}$/),
      },
    ]);
  });

  it("shows a drive's paid trees and cash with donor names, anonymous gifts without one", async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id);
    const asha = await api.signIn({ name: 'Asha Menon' });
    const hidden = await api.signIn({ name: 'Secret Sam' });
    const body = (extra: object) => ({ driveId: drive.id, category: 'Trees', ...extra });
    const a1 = await api.pending(asha.headers, body({ kind: 'trees', trees: 5 }));
    const a2 = await api.pending(asha.headers, body({ kind: 'cash', amount: 1500 }));
    const h1 = await api.pending(
      hidden.headers,
      body({ kind: 'trees', trees: 2, anonymous: true }),
    );
    await api.pending(asha.headers, body({ kind: 'cash', amount: 99_999 }));
    for (const [headers, id] of [
      [asha.headers, a1.id],
      [asha.headers, a2.id],
      [hidden.headers, h1.id],
    ] as const)
      await api.pay(headers, id);

    const res = await call('GET', `/api/drives/${drive.id}/donations`, organiser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      trees: 7,
      amount: 1500,
      currency: 'USD',
      donors: [
        { name: 'Asha Menon', userId: asha.user.id, trees: 5, amount: 1500 },
        { name: null, userId: null, trees: 2, amount: 0 },
      ],
    });
    expect(JSON.stringify(res.json())).not.toContain('Secret Sam');
    const unknown = await call('GET', '/api/drives/nope/donations', asha.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DONATION_MESSAGES.driveUnknown);
  });

  it('keeps billing details per member, checks their lengths, and forgets them with the account', async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const empty = await call('GET', '/api/donations/billing', me.headers);
    expect(empty.json().data).toEqual({
      billingName: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      postalCode: '',
      country: '',
      taxId: '',
    });
    const profile = {
      billingName: ' Greenleaf Industries ',
      addressLine1: '12 Forest Road',
      addressLine2: '',
      city: 'Pune',
      postalCode: '411001',
      country: 'India',
      taxId: 'GSTIN 27AAAAA0000A1Z5',
    };
    const saved = await call('PUT', '/api/donations/billing', me.headers, profile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: DONATION_MESSAGES.billingSaved,
      data: { ...profile, billingName: 'Greenleaf Industries' },
    });
    expect((await call('GET', '/api/donations/billing', me.headers)).json().data.city).toBe('Pune');
    expect((await call('GET', '/api/donations/billing', other.headers)).json().data.city).toBe('');

    const tooLong = await call('PUT', '/api/donations/billing', me.headers, {
      ...profile,
      taxId: 'x'.repeat(41),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('At most 40 characters.');
    const extra = await call('PUT', '/api/donations/billing', me.headers, {
      ...profile,
      iban: 'x',
    });
    expect(extra.statusCode).toBe(400);

    const { id } = await api.pending(me.headers);
    await api.pay(me.headers, id);
    const gone = await call('DELETE', '/api/users/me', me.headers, {
      password: TEST_PASSWORD,
      confirm: DELETE_CONFIRMATION_WORD,
    });
    expect(gone.statusCode).toBe(200);
    // Billing details go with the account; the donation stays, a financial record.
    expect(await api.db().selectFrom('billing_profiles').selectAll().execute()).toHaveLength(0);
    expect(await api.row(id)).toMatchObject({ donor_id: me.user.id, status: 'paid' });
  });

  it('gives a PDF receipt for my paid donations only', async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const { id } = await api.pending(me.headers);
    const early = await call('GET', `/api/donations/${id}/receipt`, me.headers);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DONATION_MESSAGES.receiptNotPaid);
    await api.pay(me.headers, id);
    const receipt = (await api.row(id)).receipt_number!;

    const res = await call('GET', `/api/donations/${id}/receipt`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="canopy-receipt-${receipt}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    expect((await call('GET', `/api/donations/${id}/receipt`, other.headers)).statusCode).toBe(404);
  });

  it('prints a receipt for a donor named in Devanagari, Cyrillic and Greek, in rupees', async () => {
    await api.setup({
      donations: {
        currency: 'INR',
        treePrice: 6000,
        minAmount: 100,
        maxAmount: 10_000_000,
        maxTrees: 50,
      },
    });
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Kyiv Парк' });
    const name = 'Priya Nair (प्रिया) Łukasz Ольга Ἀθηνᾶ';
    const me = await api.signIn({ name });
    const { id } = await api.pending(me.headers, {
      kind: 'trees',
      trees: 2,
      driveId: drive.id,
      category: 'Trees',
    });
    await api.pay(me.headers, id);

    const res = await call('GET', `/api/donations/${id}/receipt`, me.headers);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdfFontFamilies(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    // A tagged PDF: the title a heading, the rest paragraphs, in English (issue 25, Standards).
    expect(pdfTagging(pdf)).toMatchObject({ marked: true, lang: 'en-GB', displayTitle: true });
    expect(pdfTagging(pdf).structTypes).toEqual(['Document', 'H1', 'P']);
    // The fonts' ToUnicode maps hold every letter of the name, the drive and ₹, and no "?".
    const printed = pdfPrintedCharacters(pdf);
    for (const char of `${name} Kyiv Парк ₹120.00 (INR)`) expect(printed).toContain(char);
    expect(printed).not.toContain('?');
  });

  it('exports my donations as CSV, safe to open in a spreadsheet', async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const { id } = await api.pending(me.headers, {
      kind: 'cash',
      amount: 123_456,
      category: 'Trees',
      message: '=HYPERLINK("http://evil"), "quoted"',
    });
    await api.pay(me.headers, id);
    await api.pending(other.headers, { kind: 'cash', amount: 777, category: 'Media' });

    const res = await call('GET', '/api/donations/export.csv', me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('canopy-donations.csv');
    const lines = res.body.trimEnd().split('\r\n');
    // A byte-order mark, then snake_case headers like every CSV of Canopy's.
    expect(lines[0]).toBe(
      '\uFEFFdate,receipt_number,kind,trees,amount,currency,status,drive,category,message',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-06-01T10:00:00.000Z,CAN-2026-\d{6},cash,0,1234.56,USD,Paid,,Trees,/,
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil""), ""quoted"""`);
  });

  it('streams a long export in keyset batches: the same bytes as the whole file, newest first', async () => {
    await api.setup();
    const me = await api.signIn();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Ridge, "north" side' });
    // 1,203 donations: twelve batches and a part, many sharing a creation time (ties by id).
    const rows = Array.from({ length: 1203 }, (_, i) =>
      buildDonation(me.user.id, {
        created_at: `2026-05-${String(1 + (i % 20)).padStart(2, '0')}T10:00:00.000Z`,
        drive_id: i % 3 === 0 ? drive.id : null,
        status: i % 5 === 0 ? 'pending' : 'paid',
        amount_minor: 100 + i,
      }),
    );
    for (let i = 0; i < rows.length; i += 200)
      await api
        .db()
        .insertInto('donations')
        .values(rows.slice(i, i + 200))
        .execute();
    const res = await call('GET', '/api/donations/export.csv', me.headers);
    expect(res.statusCode).toBe(200);
    const services = api.services();
    const whole = await donationsStore({
      users: services.users,
      drives: services.drives,
      nursery: services.nursery,
    })(api.db()).listForDonor(me.user.id, undefined, 10_000, 0);
    expect(whole).toHaveLength(1203);
    expect(res.body).toBe(donationsCsv(whole));
    expect(res.body).toContain('"Ridge, ""north"" side"');
  });

  it('refuses to delete a drive that received money (409); one with only unpaid gifts goes', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const funded = await api.insertDrive(organiser.user.id);
    const unpaid = await api.insertDrive(organiser.user.id);
    const me = await api.signIn();
    const paid = await api.pending(me.headers, {
      kind: 'cash',
      amount: 500,
      driveId: funded.id,
      category: 'Trees',
    });
    await api.pay(me.headers, paid.id);
    const waiting = await api.pending(me.headers, {
      kind: 'cash',
      amount: 500,
      driveId: unpaid.id,
      category: 'Trees',
    });

    const refused = await call('DELETE', `/api/drives/${funded.id}`, organiser.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: DONATION_MESSAGES.driveHasDonations,
    });
    expect(
      await api.db().selectFrom('drives').where('id', '=', funded.id).selectAll().execute(),
    ).toHaveLength(1);
    expect((await api.row(paid.id)).drive_id).toBe(funded.id);

    expect((await call('DELETE', `/api/drives/${unpaid.id}`, organiser.headers)).statusCode).toBe(
      200,
    );
    // The unpaid gift falls back to the general fund.
    expect((await api.row(waiting.id)).drive_id).toBeNull();
    expect(await api.services().donations.hasPaidDonations(funded.id)).toBe(true);
    expect(await api.services().donations.hasPaidDonations(unpaid.id)).toBe(false);
  });

  it('keeps a funded upcoming drive when its organiser closes their account', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const me = await api.signIn();
    const funded = await api.insertDrive(organiser.user.id);
    await api.insertDrive(organiser.user.id);
    const paid = await api.pending(me.headers, {
      kind: 'trees',
      trees: 2,
      driveId: funded.id,
      category: 'Trees',
    });
    await api.pay(me.headers, paid.id);

    const gone = await call('DELETE', '/api/users/me', organiser.headers, {
      password: TEST_PASSWORD,
      confirm: DELETE_CONFIRMATION_WORD,
    });
    expect(gone.statusCode).toBe(200);
    // The donors paid for it: the drive goes ahead; the one nobody funded is cancelled.
    const left = await api.db().selectFrom('drives').select('id').execute();
    expect(left.map((d) => d.id)).toEqual([funded.id]);
    expect((await api.row(paid.id)).drive_id).toBe(funded.id);
  });
});
