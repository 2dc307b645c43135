import type { BillingProfile } from '../../../contract/donations';
import type { ReceiptIssuer } from '../../config';
import {
  amountText,
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREEN,
  PDF_GREY,
  pdfLang,
  pdfRow,
  printable,
  separatePdfFonts,
  startPdf,
  type PdfFonts,
} from '../../lib/pdf';
import { translator } from '../../lib/i18n';
import { yieldToEventLoop } from '../../lib/yield';
import { pdfBilledTo, pdfIssuedHeading, pdfIssuerFooter, type PdfWords } from './receipt-pdf';

/** One paid gift as a line of the statement. */
export interface StatementGift {
  /** ISO timestamp of the payment. */
  paidAt: string;
  receiptNumber: string;
  /** `12 trees for "Riverbank planting", monthly gift`. */
  description: string;
  /** Integer minor units. */
  amountMinor: number;
  currency: string;
  testMode: boolean;
}

export interface StatementData {
  year: number;
  donorName: string;
  donorEmail: string | null;
  billing: BillingProfile | null;
  issuer: ReceiptIssuer;
  /** Oldest first. */
  gifts: StatementGift[];
  /** One per currency, sorted by code. */
  totals: Array<{ currency: string; amountMinor: number; gifts: number }>;
  /** ISO timestamp the statement was made. */
  madeAt: string;
  /** The donor's saved language (null or absent: English). */
  locale?: string | null;
}

/**
 * Gift lines drawn per turn of the event loop. A line is four laid-out texts, 0.5–1.5 ms on a busy
 * machine: 40 lines held the loop up to 58 ms (1,106 gifts, the top donor of the million-tree
 * copy); 10 keep a turn near 15 ms.
 */
const ROWS_PER_TURN = 10;

/** The statements' own parse of the fonts (lib/pdf.ts `separatePdfFonts`), made at first use. */
let statementFonts: PdfFonts | undefined;
/** The statement being drawn: one at a time, since they share `statementFonts`' glyph cache. */
let drawing: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(draw: () => Promise<T>): Promise<T> {
  const run = drawing.then(draw, draw);
  drawing = run.catch(() => undefined);
  return run;
}

const DAY = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
/** "5 Mar 2026" in English as before issue 26; the reader's own form otherwise. */
const dayText = (iso: string, t: PdfWords) =>
  t.locale === 'en' ? new Date(iso).toLocaleDateString('en-GB', DAY) : t.date(iso, DAY);

/**
 * A donor's yearly statement (issue 22): who issues it, who gave, every gift paid that year with
 * its receipt number and amount, and the total per currency. A year of many gifts is drawn
 * ROWS_PER_TURN lines at a time with a turn of the event loop between, on fonts no other document
 * uses, one statement at a time (as the impact report is).
 */
export function renderStatementPdf(data: StatementData): Promise<Buffer> {
  return oneAtATime(() => draw(data));
}

async function draw(data: StatementData): Promise<Buffer> {
  statementFonts ??= separatePdfFonts();
  const t = translator(data.locale, 'pdf');
  const { year } = data;
  const { doc, done } = startPdf(
    {
      Title: t('statement.docTitle', { year }),
      Author: 'Canopy',
      Subject: t('statement.subject', { year }),
      CreationDate: new Date(data.madeAt),
    },
    { lang: pdfLang(t.locale) },
    statementFonts,
  );
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // Date, receipt number, what was given, amount (right-aligned).
  const columns = [
    { x: left, w: 78 },
    { x: left + 82, w: 100 },
    { x: left + 186, w: width - 186 - 122 },
    { x: left + width - 118, w: 118 },
  ] as const;

  pdfIssuedHeading(doc, data.issuer, t('statement.title', { year }), t);
  doc.moveDown(0.5);
  const row = (label: string, value: string) => pdfRow(doc, 11, label, value);
  row(t('statement.period'), t('statement.periodValue', { year }));
  row(t('donor'), data.donorEmail ? `${data.donorName} <${data.donorEmail}>` : data.donorName);
  doc.moveDown();

  pdfBilledTo(doc, data.billing, t);

  if (data.gifts.some((gift) => gift.testMode)) {
    doc.fillColor('#b91c1c').font(PDF_FONT_BOLD).fontSize(11).text(t('statement.testMode'));
    doc.moveDown(0.5);
  }

  if (data.gifts.length === 0) {
    doc.font(PDF_FONT).fontSize(11).fillColor('black').text(t('statement.none', { year }));
  } else {
    const bottom = () => doc.page.height - doc.page.margins.bottom;
    const header = [
      t('statement.column.date'),
      t('statement.column.receipt'),
      t('statement.column.given'),
      t('statement.column.amount'),
    ] as const;
    /** One line of the table; cells may wrap (the line is as tall as its tallest cell). */
    const line = (cells: readonly string[], bold: boolean) => {
      doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(9.5);
      const texts = cells.map(printable);
      // Only what was given may wrap; the date, number and amount fit their columns on one line.
      const height = Math.max(
        doc.currentLineHeight(true),
        doc.heightOfString(texts[2]!, { width: columns[2].w }),
      );
      if (doc.y + height > bottom()) {
        doc.addPage();
        // Each page of a long year starts with the column names.
        if (!bold) line(header, true);
        doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(9.5);
      }
      const y = doc.y;
      doc.fillColor(bold ? PDF_GREY : 'black');
      texts.forEach((text, i) =>
        doc.text(text, columns[i]!.x, y, {
          width: columns[i]!.w,
          align: i === 3 ? 'right' : 'left',
          lineBreak: i === 2,
        }),
      );
      doc.x = left;
      doc.y = y + height + 4;
    };
    line(header, true);
    for (const [i, gift] of data.gifts.entries()) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await yieldToEventLoop();
      line(
        [
          dayText(gift.paidAt, t),
          gift.receiptNumber,
          gift.testMode
            ? t('statement.testGift', { description: gift.description })
            : gift.description,
          amountText(gift.amountMinor, gift.currency, t.money),
        ],
        false,
      );
    }
    doc.moveDown();
    doc.x = left;
    for (const total of data.totals)
      doc
        .font(PDF_FONT_BOLD)
        .fontSize(13)
        .fillColor(PDF_GREEN)
        .text(
          t('statement.total', {
            currency: total.currency,
            amount: amountText(total.amountMinor, total.currency, t.money),
            gifts: total.gifts,
            count: String(total.gifts),
          }),
          left,
          doc.y,
          { width },
        );
  }

  doc.moveDown(2);
  doc.x = left;
  pdfIssuerFooter(doc, data.issuer);
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(t('statement.footnote', { year, madeOn: data.madeAt.slice(0, 10) }), left, doc.y, {
      width,
    });
  doc.end();
  return done;
}
