import type { BillingProfile } from '../../../contract/donations';
import type { ReceiptIssuer } from '../../config';
import {
  amountText,
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREEN,
  PDF_GREY,
  pdfBrand,
  pdfRow,
  printable,
  startPdf,
} from '../../lib/pdf';

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
  /** Who issues it (ORG_LEGAL_NAME …): without a legal name it is not a tax receipt. */
  issuer: ReceiptIssuer;
}

/** What a receipt or statement says when the operator has not set who issues receipts. */
export const NOT_A_TAX_RECEIPT =
  'This is a payment confirmation, not a tax receipt: the operator has not set who issues receipts.';

/**
 * Who issues the document (legal name, address, tax id), or, without ORG_LEGAL_NAME, the line that
 * says it is not a tax receipt. Receipts and yearly statements print it under the brand.
 */
/** The donor's billing details as saved (name, address, tax id), when there are any. */
export function pdfBilledTo(doc: PDFKit.PDFDocument, billing: BillingProfile | null | undefined) {
  const address = billing
    ? [
        billing.billingName,
        billing.addressLine1,
        billing.addressLine2,
        [billing.postalCode, billing.city].filter(Boolean).join(' '),
        billing.country,
      ].filter((line) => line.trim() !== '')
    : [];
  if (address.length === 0 && !billing?.taxId) return;
  doc.font(PDF_FONT_BOLD).fontSize(11).fillColor(PDF_GREY).text('Billed to');
  doc.font(PDF_FONT).fillColor('black');
  for (const line of address) doc.text(printable(line));
  if (billing?.taxId) doc.text(`Tax id: ${printable(billing.taxId)}`);
  doc.moveDown();
}

/** The brand, who issues the document, and its title: the top of receipts and statements. */
export function pdfIssuedHeading(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer, title: string) {
  pdfBrand(doc);
  doc
    .fillColor(PDF_GREY)
    .font(PDF_FONT)
    .fontSize(10)
    .text('Plant, nurture and track trees together.');
  doc.moveDown();
  pdfIssuer(doc, issuer);
  doc.moveDown(1.5);
  doc.fillColor('black').font(PDF_FONT_BOLD).fontSize(18).text(title, { structType: 'H1' });
}

export function pdfIssuer(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer) {
  if (!issuer.legalName) {
    doc.fillColor('#b45309').font(PDF_FONT_BOLD).fontSize(10).text(NOT_A_TAX_RECEIPT);
    return;
  }
  doc.font(PDF_FONT_BOLD).fontSize(11).fillColor(PDF_GREY).text('Issued by');
  doc.font(PDF_FONT).fontSize(10).fillColor('black').text(printable(issuer.legalName));
  for (const line of issuer.address) doc.text(printable(line));
  if (issuer.taxId) doc.text(`Tax id: ${printable(issuer.taxId)}`);
}

/** The operator's RECEIPT_FOOTER (e.g. no goods or services in exchange), when set. */
export function pdfIssuerFooter(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer) {
  if (!issuer.footer) return;
  doc.font(PDF_FONT).fontSize(10).fillColor('black').text(printable(issuer.footer));
  doc.moveDown(0.5);
}

/** A one-page A4 receipt: who gave what, when, for how much, under which number. */
export function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const paidAt = new Date(data.paidAt);
  const { doc, done } = startPdf({
    Title: `Canopy receipt ${data.receiptNumber}`,
    Author: 'Canopy',
    Subject: 'Donation receipt',
    CreationDate: paidAt,
  });

  pdfIssuedHeading(doc, data.issuer, 'Donation receipt');
  if (data.testMode) {
    doc.moveDown(0.5);
    doc
      .fillColor('#b91c1c')
      .font(PDF_FONT_BOLD)
      .fontSize(11)
      .text('TEST MODE - no card was charged and no money moved.');
  }
  doc.moveDown();

  const row = (label: string, value: string) => pdfRow(doc, 11, label, value);
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

  pdfBilledTo(doc, data.billing);

  doc.font(PDF_FONT_BOLD).fontSize(11).fillColor(PDF_GREY).text('Given');
  doc.font(PDF_FONT).fillColor('black').text(printable(data.gift));
  doc.text(`Category: ${printable(data.category)}`);
  doc.moveDown();
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .fillColor(PDF_GREEN)
    .text(`Amount: ${amountText(data.amountMinor, data.currency)}`);
  doc.moveDown(2);
  pdfIssuerFooter(doc, data.issuer);
  doc
    .font(PDF_FONT)
    .fontSize(10)
    .fillColor(PDF_GREY)
    .text('Thank you for helping the world grow greener. Keep this receipt for your records.');
  doc.end();
  return done;
}
