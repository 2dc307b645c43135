import { describe, expect, it } from 'vitest';
import { pdfTagging, pdfText } from '../../../tests/support/pdf-text';
import { databaseTargets } from '../../../tests/support/test-database';
import { renderCertificatePdf } from './certificate-pdf';
import { donationApi } from './donation-test-kit';

// Issue 26: receipts, statements and certificates print in the member's saved language.
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const DEVANAGARI = /[\u0900-\u097F]/;

describe.each(databaseTargets)('PDFs in the member’s language on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;

  it('prints a Hindi member’s receipt in Devanagari, and a Spanish member’s in Spanish', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Riverbank' });
    let lastDonor: Awaited<ReturnType<typeof api.signIn>> | undefined;
    const receiptOf = async (locale: string) => {
      const me = await api.signIn({ locale });
      lastDonor = me;
      const { id } = await api.pending(me.headers, {
        kind: 'trees',
        trees: 2,
        driveId: drive.id,
        category: 'Trees',
      });
      await api.pay(me.headers, id);
      const res = await call('GET', `/api/donations/${id}/receipt`, me.headers);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };

    const hindi = await receiptOf('hi');
    const hindiText = flat(hindi);
    expect(hindiText).toMatch(DEVANAGARI);
    expect(hindiText).not.toContain('Donation receipt');
    expect(hindiText).not.toContain('Receipt number');
    expect(hindiText).toContain('Riverbank');
    expect(hindiText).not.toContain('?');
    expect(pdfTagging(hindi).lang).toBe('hi');

    const spanish = flat(await receiptOf('es'));
    // The thanks notice and the receipt mail speak the donor's language too.
    const [thanks] = await api.noticesOf(lastDonor!.user.id);
    expect(thanks).toMatchObject({ kind: 'donation_paid', title: 'Gracias por tu donación' });
    expect(thanks!.body).toMatch(/^Recibimos 10,00\sUS\$: 2 árboles para «Riverbank»\. Recibo /);
    const mail = await api.mailer.next(lastDonor!.user.email);
    expect(mail.subject).toMatch(/^Tu recibo de Canopy CAN-/);
    expect(mail.text).toContain('Te adjuntamos tu certificado');
    expect(spanish).toContain('Recibo de donación');
    expect(spanish).toContain('Número de recibo:');
    expect(spanish).toContain('2 árboles para «Riverbank»');
    expect(spanish).toContain('Categoría: Árboles');
    expect(spanish).not.toMatch(DEVANAGARI);
  });

  it('prints a Spanish member’s yearly statement in Spanish', async () => {
    await api.setup();
    const me = await api.signIn({ locale: 'es' });
    const { id } = await api.pending(me.headers, { kind: 'cash', amount: 2500, category: 'Trees' });
    await api.pay(me.headers, id);
    const res = await call('GET', '/api/donations/statement?year=2026', me.headers);
    expect(res.statusCode).toBe(200);
    const text = flat(res.rawPayload);
    expect(text).toContain('Resumen anual 2026');
    expect(text).toContain('Del 1 de enero al 31 de diciembre de 2026 (UTC)');
    expect(text).toContain('Donación en dinero para el fondo general');
    expect(text).toMatch(/Total en USD: .* \(1 donación\)/);
    expect(pdfTagging(res.rawPayload).lang).toBe('es');
  });
});

describe('the certificate in the reader’s language', () => {
  const data = {
    name: 'Priya',
    trees: 3,
    drive: {
      name: 'Riverbank',
      startsAt: '2026-06-20T08:00:00.000Z',
      timeZone: 'UTC',
      place: 'Pune',
    },
    species: ['Neem'],
    givenAt: '2026-06-01T10:00:00.000Z',
    planting: { planted: 0, treeIds: [] },
    giftUrl: 'https://canopy.example/gift/1',
    receiptNumber: 'CAN-2026-000001',
    testMode: false,
  };

  it('keeps English as it was', async () => {
    const text = flat(await renderCertificatePdf(data));
    expect(text).toContain('A gift that grows');
    expect(text).toContain('gave 3 trees to “Riverbank”');
    expect(text).toContain('Funded: the trees are paid for and waiting to be planted.');
  });

  it('prints Spanish and Hindi', async () => {
    const spanish = flat(await renderCertificatePdf({ ...data, locale: 'es' }));
    expect(spanish).toContain('Un regalo que crece');
    expect(spanish).toContain('donó 3 árboles a «Riverbank»');
    expect(spanish).toContain('Recibo CAN-2026-000001');
    const hindi = await renderCertificatePdf({ ...data, locale: 'hi' });
    expect(flat(hindi)).toMatch(DEVANAGARI);
    expect(flat(hindi)).not.toContain('A gift that grows');
    expect(pdfTagging(hindi).lang).toBe('hi');
  });
});
