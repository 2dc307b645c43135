import type { BillingProfile } from '../../../contract/donations';
import type { ReceiptIssuer } from '../../config';
import { translator, type Translator } from '../../lib/i18n';
import {
  amountText,
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREEN,
  PDF_GREY,
  pdfBrand,
  pdfLang,
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
  /** The donor's saved language (null or absent: English). */
  locale?: string | null;
}

/** The words of receipts and statements, in the reader's language (locales/<lang>/pdf.json). */
export type PdfWords = Translator<'pdf'>;
const english = (): PdfWords => translator(null, 'pdf');

/** Category values as message keys (a select key is a plain word). */
const CATEGORY_KEYS: Record<string, string> = {
  Trees: 'trees',
  Land: 'land',
  Design: 'design',
  'Planting-Ops': 'plantingOps',
  Media: 'media',
  Govt: 'govt',
  'Institution/Research': 'institutionResearch',
  'General fund': 'generalFund',
};

/** A donation category in the reader's language (an unknown one as stored). */
export const categoryText = (category: string, t: PdfWords) =>
  t('category', { key: CATEGORY_KEYS[category] ?? 'other', category });

/** What a receipt or statement says when the operator has not set who issues receipts (English). */
export const NOT_A_TAX_RECEIPT = english()('issuer.notTaxReceipt');

/**
 * Who issues the document (legal name, address, tax id), or, without ORG_LEGAL_NAME, the line that
 * says it is not a tax receipt. Receipts and yearly statements print it under the brand.
 */
/** The donor's billing details as saved (name, address, tax id), when there are any. */
export function pdfBilledTo(
  doc: PDFKit.PDFDocument,
  billing: BillingProfile | null | undefined,
  t: PdfWords = english(),
) {
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
  doc.font(PDF_FONT_BOLD).fontSize(11).fillColor(PDF_GREY).text(t('billedTo'));
  doc.font(PDF_FONT).fillColor('black');
  for (const line of address) doc.text(printable(line));
  if (billing?.taxId) doc.text(t('issuer.taxId', { id: printable(billing.taxId) }));
  doc.moveDown();
}

/** The brand, who issues the document, and its title: the top of receipts and statements. */
export function pdfIssuedHeading(
  doc: PDFKit.PDFDocument,
  issuer: ReceiptIssuer,
  title: string,
  t: PdfWords = english(),
) {
  pdfBrand(doc);
  doc.fillColor(PDF_GREY).font(PDF_FONT).fontSize(10).text(t('brand.tagline'));
  doc.moveDown();
  pdfIssuer(doc, issuer, t);
  doc.moveDown(1.5);
  doc.fillColor('black').font(PDF_FONT_BOLD).fontSize(18).text(title, { structType: 'H1' });
}

export function pdfIssuer(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer, t: PdfWords = english()) {
  if (!issuer.legalName) {
    doc.fillColor('#b45309').font(PDF_FONT_BOLD).fontSize(10).text(t('issuer.notTaxReceipt'));
    return;
  }
  doc.font(PDF_FONT_BOLD).fontSize(11).fillColor(PDF_GREY).text(t('issuer.issuedBy'));
  doc.font(PDF_FONT).fontSize(10).fillColor('black').text(printable(issuer.legalName));
  for (const line of issuer.address) doc.text(printable(line));
  if (issuer.taxId) doc.text(t('issuer.taxId', { id: printable(issuer.taxId) }));
}

/** The operator's RECEIPT_FOOTER (e.g. no goods or services in exchange), when set. */
export function pdfIssuerFooter(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer) {
  if (!issuer.footer) return;
  doc.font(PDF_FONT).fontSize(10).fillColor('black').text(printable(issuer.footer));
  doc.moveDown(0.5);
}

/** A one-page A4 receipt, in the donor's language: who gave what, when, for how much, under which number. */
export function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const t = translator(data.locale, 'pdf');
  const paidAt = new Date(data.paidAt);
  const { doc, done } = startPdf(
    {
      Title: t('receipt.docTitle', { number: data.receiptNumber }),
      Author: 'Canopy',
      Subject: t('receipt.subject'),
      CreationDate: paidAt,
    },
    { lang: pdfLang(t.locale) },
  );

  pdfIssuedHeading(doc, data.issuer, t('receipt.title'), t);
  if (data.testMode) {
    doc.moveDown(0.5);
    doc.fillColor('#b91c1c').font(PDF_FONT_BOLD).fontSize(11).text(t('testMode'));
  }
  doc.moveDown();

  const row = (label: string, value: string) => pdfRow(doc, 11, label, value);
  row(t('receipt.number'), data.receiptNumber);
  row(
    t('receipt.date'),
    t.locale === 'en'
      ? paidAt.toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        })
      : t.date(paidAt, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  row(t('donor'), data.donorEmail ? `${data.donorName} <${data.donorEmail}>` : data.donorName);
  doc.moveDown();

  pdfBilledTo(doc, data.billing, t);

  doc.font(PDF_FONT_BOLD).fontSize(11).fillColor(PDF_GREY).text(t('receipt.given'));
  doc.font(PDF_FONT).fillColor('black').text(printable(data.gift));
  doc.text(t('receipt.category', { category: printable(categoryText(data.category, t)) }));
  doc.moveDown();
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .fillColor(PDF_GREEN)
    .text(t('receipt.amount', { amount: amountText(data.amountMinor, data.currency, t.money) }));
  doc.moveDown(2);
  pdfIssuerFooter(doc, data.issuer);
  doc.font(PDF_FONT).fontSize(10).fillColor(PDF_GREY).text(t('receipt.thanks'));
  doc.end();
  return done;
}
