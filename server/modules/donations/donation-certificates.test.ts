import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { buildDonation } from '../../../tests/support/factories';
import {
  pdfFontFamilies,
  pdfImages,
  pdfPages,
  pdfTagging,
  pdfPrintedCharacters,
  pdfText,
} from '../../../tests/support/pdf-text';
import { signedInUser } from '../../../tests/support/signed-in';
import { startSmtpReceiver, waitForMail } from '../../../tests/support/smtp-receiver';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { DonationRow } from '../../db/tables';
import type { GiftPlantings } from '../module';
import { donationCertificates, giftPageUrl, type CertificatePorts } from './donation-certificates';
import { APP_URL, donationApi, NOW, PAYS } from './donation-test-kit';

const certificateUrl = (id: string) => `/api/donations/${id}/certificate`;

/** True when the PDF's QR image holds exactly the QR code of `url`, module for module. */
function qrHolds(pdf: Buffer, url: string): boolean {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const image = pdfImages(pdf).find((i) => i.colorSpace === 'DeviceRGB' && i.width === i.height);
  if (!image || image.width % n !== 0) return false;
  const scale = image.width / n;
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) {
      const x = col * scale + Math.floor(scale / 2);
      const y = row * scale + Math.floor(scale / 2);
      const dark = image.data[(y * image.width + x) * 3]! < 128;
      if (dark !== Boolean(qr.modules.get(row, col))) return false;
    }
  return true;
}

/** Text as one line, whatever the page's wrapping. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

describe.each(databaseTargets)('gift certificates on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;

  /** A member's paid gift of `trees` to an upcoming drive in Pune that plants neem and mango. */
  async function paidTreeGift(name = 'Asha Menon', trees = 3) {
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, {
      name: 'Riverbank planting',
      location_text: 'Mula river bank, Pune',
      country: 'IN',
      tree_types: JSON.stringify([1, 2]),
      starts_at: '2026-06-20T03:30:00.000Z',
      time_zone: 'Asia/Kolkata',
    });
    const me = await api.signIn({ name });
    const { id } = await api.pending(me.headers, {
      kind: 'trees',
      trees,
      driveId: drive.id,
      category: 'Trees',
    });
    expect((await api.pay(me.headers, id)).statusCode).toBe(200);
    return { me, drive, id };
  }

  it('refuses without a session (401)', async () => {
    await api.setup();
    const res = await call('GET', certificateUrl('some-id'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it("answers another member's gift, and an unknown one, as not found (404)", async () => {
    await api.setup();
    const { id } = await paidTreeGift();
    const other = await api.signIn();
    for (const url of [certificateUrl(id), certificateUrl('no-such-donation')]) {
      const res = await call('GET', url, other.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(DONATION_MESSAGES.notFound);
    }
  });

  it('refuses a cash donation, an unpaid tree gift and a refunded one, saying why (409)', async () => {
    await api.setup();
    const me = await api.signIn();
    const cash = await api.pending(me.headers, { kind: 'cash', amount: 2500, category: 'Trees' });
    await api.pay(me.headers, cash.id);
    const pending = await api.pending(me.headers);
    const refunded = await api.pending(me.headers);
    await api.pay(me.headers, refunded.id);
    await api
      .db()
      .updateTable('donations')
      .set({ status: 'refunded' })
      .where('id', '=', refunded.id)
      .execute();
    for (const [id, message] of [
      [cash.id, DONATION_MESSAGES.certificateTreesOnly],
      [pending.id, DONATION_MESSAGES.certificateNotPaid],
      [refunded.id, DONATION_MESSAGES.certificateRefunded],
    ] as const) {
      const res = await call('GET', certificateUrl(id), me.headers);
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('prints a paid tree gift on one landscape A4 page: name, trees, drive, place, species, dates, funded, and a QR code to the gift page', async () => {
    await api.setup();
    const { me, id } = await paidTreeGift('Asha Menon', 3);
    const receipt = (await api.row(id)).receipt_number!;

    const res = await call('GET', certificateUrl(id), me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="canopy-certificate-${receipt}.pdf"`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(pdf)).toEqual({ count: 1, width: 841.89, height: 595.28 });
    expect(pdfFontFamilies(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    // Tagged (issue 25, Standards): the words in reading order, "A gift that grows" the heading.
    expect(pdfTagging(pdf)).toMatchObject({ marked: true, lang: 'en-GB', displayTitle: true });
    expect(pdfTagging(pdf).structTypes).toContain('H1');

    const text = flat(pdf);
    for (const part of [
      'CERTIFICATE OF TREES',
      'Asha Menon',
      'gave 3 trees to “Riverbank planting”',
      'Mula river bank, Pune, India',
      // The drive's day where it happens (03:30 UTC is 09:00 in Pune), the gift's day.
      'Planting day 20 June 2026',
      'Neem, Aam (Mango)',
      'Given on 1 June 2026',
      'Funded: the trees are paid for and waiting to be planted.',
      `canopy.example/gift/${id}`,
      `Receipt ${receipt}`,
      'TEST MODE',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Planted:');
    expect(qrHolds(pdf, `${APP_URL}/gift/${id}`)).toBe(true);
  });

  it('prints a name in Devanagari and Cyrillic in the embedded Noto Sans', async () => {
    await api.setup();
    const name = 'प्रिया Ольга Петрова';
    const { me, id } = await paidTreeGift(name, 1);
    const res = await call('GET', certificateUrl(id), me.headers);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdfFontFamilies(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(pdf.toString('latin1')).not.toContain('Helvetica');
    const printed = pdfPrintedCharacters(pdf);
    for (const char of name) expect(printed).toContain(char);
    expect(printed).not.toContain('?');
    // Cyrillic reads back as written (Devanagari is shaped, so its glyphs may be reordered).
    expect(flat(pdf)).toContain('Ольга Петрова');
    expect(flat(pdf)).toContain('gave 1 tree to');
  });
});

describe.each(databaseTargets)('the receipt mail on $name (real SMTP)', (target) => {
  let t: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
  const inbox = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-certificate-mail-'));
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  it('of a paid tree gift carries its certificate; a cash gift’s receipt has none', async () => {
    smtp = await startSmtpReceiver(inbox);
    t = await buildTestApp(target, {
      clock: movableClock(NOW),
      config: { appUrl: APP_URL, smtpUrl: smtp.url },
    });
    const app = t.app;
    const email = `donor-${Date.now()}@example.org`;
    const me = await signedInUser(app, t.database.db, { name: 'Ольга Петрова', email });
    const give = async (body: object) => {
      const started = await app.inject({
        method: 'POST',
        url: '/api/donations',
        headers: me.headers,
        payload: { category: 'Trees', ...body },
      });
      const id = (started.json() as { data: { donation: { id: string } } }).data.donation.id;
      const paid = await app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm',
        headers: me.headers,
        payload: { donationId: id, cardNumber: PAYS, expiry: '12/30', cvc: '123' },
      });
      expect(paid.statusCode).toBe(200);
      return id;
    };

    const since = Date.now();
    const id = await give({ kind: 'trees', trees: 2 });
    const mail = await waitForMail(inbox, email, since);
    expect(mail.subject).toMatch(/^Your Canopy receipt CAN-2026-\d{6}$/);
    expect(mail.text).toContain('Your certificate is attached');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({
      filename: `canopy-certificate-${mail.subject.split(' ').at(-1)}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = Buffer.from(attachment!.base64, 'base64');
    expect(pdfPages(pdf).count).toBe(1);
    expect(flat(pdf)).toContain('Ольга Петрова');
    expect(flat(pdf)).toContain('gave 2 trees to Canopy');
    expect(qrHolds(pdf, giftPageUrl(APP_URL, id))).toBe(true);

    const cashSince = Date.now();
    await give({ kind: 'cash', amount: 1500 });
    const cashMail = await waitForMail(inbox, email, cashSince);
    expect(cashMail.subject).not.toBe(mail.subject);
    expect(cashMail.attachments).toEqual([]);
    expect(cashMail.text).not.toContain('certificate');
  });
});

describe('certificate states and who may see one (the service alone)', () => {
  const row = (overrides: Partial<DonationRow> = {}) =>
    ({
      ...buildDonation('donor-1', { kind: 'trees', trees: 4, amount_minor: 2000 }),
      ...overrides,
    }) as DonationRow;
  const certificates = (donation: DonationRow, plantings: GiftPlantings[] = []) => {
    const ports: CertificatePorts = {
      person: async () => ({ name: 'Asha Menon', username: 'asha', deletedAt: null }),
      drive: async () => null,
      plantings: () => plantings.map((answer) => async () => answer),
    };
    const repo = { findById: async () => donation };
    return donationCertificates({ repo, ports, appUrl: APP_URL });
  };

  it('lets the donor see it and no one else', async () => {
    const gift = certificates(row());
    expect(await gift.mayViewCertificate({ id: 'donor-1' }, row())).toBe(true);
    expect(await gift.mayViewCertificate({ id: 'someone-else' }, row())).toBe(false);
    await expect(gift.certificate({ id: 'someone-else' }, 'x')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('says planted, with the tree ids and their species, once the trees side answers so', async () => {
    const planted = await certificates(row(), [
      { treeIds: ['tree-a', 'tree-b'], planted: 3, species: ['Neem'] },
      { treeIds: ['tree-c'], planted: 1 },
    ]).certificate({ id: 'donor-1' }, 'x');
    const text = flat(planted.pdf);
    expect(text).toContain('Planted: every tree is in the ground.');
    expect(text).toContain('Tree ids: tree-a, tree-b, tree-c');
    expect(text).toContain('Species Neem');
    expect(text).not.toContain('Funded');
    expect(text).toContain('gave 4 trees to Canopy');

    const partly = await certificates(row(), [{ treeIds: ['tree-a'], planted: 1 }]).certificate(
      { id: 'donor-1' },
      'x',
    );
    expect(flat(partly.pdf)).toContain('Partly planted: 1 of 4 trees in the ground.');
    expect(flat(partly.pdf)).toContain('Tree id: tree-a');
  });

  it('lists a few tree ids and sends the reader to the gift page for the rest', async () => {
    const treeIds = Array.from(
      { length: 40 },
      (_, i) => `0190b8a4-1c2d-7e3f-8a9b-0c1d2e3f${1000 + i}`,
    );
    const { pdf } = await certificates(row({ trees: 40 }), [{ treeIds, planted: 40 }]).certificate(
      { id: 'donor-1' },
      'x',
    );
    const text = flat(pdf);
    expect(text).toMatch(/and 3\d more on the gift page/);
    expect(pdfPages(pdf).count).toBe(1);
  });

  it('attaches nothing to mail once the gift is refunded or its donor is gone', async () => {
    expect(await certificates(row({ status: 'refunded' })).certificateAttachment('x')).toBeNull();
    const gone = donationCertificates({
      repo: { findById: async () => row() },
      ports: {
        person: async () => ({ name: null, username: 'x', deletedAt: NOW }),
        drive: async () => null,
        plantings: () => [],
      },
      appUrl: APP_URL,
    });
    expect(await gone.certificateAttachment('x')).toBeNull();
    const made = await certificates(row()).certificateAttachment('x');
    expect(made).toMatchObject({
      filename: expect.stringMatching(/^canopy-certificate-CAN-.+\.pdf$/),
      contentType: 'application/pdf',
    });
  });
});
