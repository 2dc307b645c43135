/** PDF pieces shared by the donation receipt and the impact report (pdfkit, standard fonts). */
import PDFDocument from 'pdfkit';
import { formatMoney, majorAmountText } from '../../contract/money';

export const PDF_GREEN = '#166534';
export const PDF_GREY = '#4b5563';

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
  return `${currency} ${majorAmountText(amountMinor, currency)}`;
}

/** An A4 document with a 56 pt margin, and the whole file once `doc.end()` has been called. */
export function startPdf(info: PDFKit.DocumentInfo): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The brand line at the top of every Canopy PDF. */
export function pdfBrand(doc: PDFKit.PDFDocument) {
  doc.fillColor(PDF_GREEN).font('Helvetica-Bold').fontSize(24).text('Canopy');
}

/** `Label:  value` on one line: the label bold and grey, the value printable and black. */
export function pdfRow(doc: PDFKit.PDFDocument, fontSize: number, label: string, value: string) {
  doc
    .font('Helvetica-Bold')
    .fontSize(fontSize)
    .fillColor(PDF_GREY)
    .text(label, { continued: true });
  doc
    .font('Helvetica')
    .fillColor('black')
    .text(`  ${printable(value)}`);
}
