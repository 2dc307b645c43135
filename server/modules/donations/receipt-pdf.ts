import PDFDocument from 'pdfkit';
import { formatMoney, type BillingProfile } from '../../../contract/donations';

export interface ReceiptData {
  receiptNumber: string;
  /** ISO timestamp of the payment. */
  paidAt: string;
  donorName: string;
  donorEmail: string | null;
  billing: BillingProfile | null;
  /** `12 trees for "Riverbank planting"`. */
  gift: string;
  category: string;
  /** Integer minor units. */
  amountMinor: number;
  currency: string;
  testMode: boolean;
}

const GREEN = '#166534';
const GREY = '#4b5563';

/**
 * The standard PDF fonts know Latin-1 only; other characters would print as garbage, so they are
 * replaced by "?" (names keep their accents).
 */
const UNPRINTABLE = /[^\u0020-\u007e\u00a0-\u00ff\u20ac]/g;
export const printable = (text: string) => text.replace(UNPRINTABLE, '?');

/** `$60.00 (USD)`, or `INR 60.00` when the symbol is outside what the fonts can print. */
export function amountText(amountMinor: number, currency: string): string {
  const symbol = formatMoney(amountMinor, currency);
  if (!new RegExp(UNPRINTABLE.source).test(symbol)) return `${symbol} (${currency})`;
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return `${currency} ${(amountMinor / 10 ** digits).toFixed(digits)}`;
}

/** A one-page A4 receipt: who gave what, when, for how much, under which number. */
export function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const paidAt = new Date(data.paidAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Canopy receipt ${data.receiptNumber}`,
      Author: 'Canopy',
      Subject: 'Donation receipt',
      CreationDate: paidAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(24).text('Canopy');
  doc
    .fillColor(GREY)
    .font('Helvetica')
    .fontSize(10)
    .text('Plant, nurture and track trees together.');
  doc.moveDown(1.5);
  doc.fillColor('black').font('Helvetica-Bold').fontSize(18).text('Donation receipt');
  if (data.testMode) {
    doc.moveDown(0.5);
    doc
      .fillColor('#b91c1c')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('TEST MODE - no card was charged and no money moved.');
  }
  doc.moveDown();

  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(GREY).text(label, { continued: true });
    doc
      .font('Helvetica')
      .fillColor('black')
      .text(`  ${printable(value)}`);
  };
  row('Receipt number:', data.receiptNumber);
  row(
    'Date:',
    paidAt.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  );
  row('Donor:', data.donorEmail ? `${data.donorName} <${data.donorEmail}>` : data.donorName);
  doc.moveDown();

  const billing = data.billing;
  const address = billing
    ? [
        billing.billingName,
        billing.addressLine1,
        billing.addressLine2,
        [billing.postalCode, billing.city].filter(Boolean).join(' '),
        billing.country,
      ].filter((line) => line.trim() !== '')
    : [];
  if (address.length > 0 || billing?.taxId) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(GREY).text('Billed to');
    doc.font('Helvetica').fillColor('black');
    for (const line of address) doc.text(printable(line));
    if (billing?.taxId) doc.text(`Tax id: ${printable(billing.taxId)}`);
    doc.moveDown();
  }

  doc.font('Helvetica-Bold').fontSize(11).fillColor(GREY).text('Given');
  doc.font('Helvetica').fillColor('black').text(printable(data.gift));
  doc.text(`Category: ${printable(data.category)}`);
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(GREEN)
    .text(`Amount: ${amountText(data.amountMinor, data.currency)}`);
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(GREY)
    .text('Thank you for helping the world grow greener. Keep this receipt for your records.');
  doc.end();
  return done;
}
