import { countryLabel } from '../../../contract/countries';
import { translator, type Translator } from '../../lib/i18n';
import {
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREEN,
  PDF_GREY,
  pdfBrand,
  pdfLang,
  printable,
  startPdf,
} from '../../lib/pdf';

/** One attended drive on the certificate. */
export interface CertificateDrive {
  name: string;
  /** The date in the drive's zone, YYYY-MM-DD. */
  date: string;
  place: string;
  organiser: string;
  minutes: number;
}

/** "3 h 05 min" in the reader's language (English unless a translator is given). */
export const hoursText = (minutes: number, t: Translator<'pdf'> = translator(null, 'pdf')) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0
    ? t('volunteer.hours', { h: String(h) })
    : t('volunteer.hoursMinutes', { h: String(h), m: String(m).padStart(2, '0') });
};

export const placeText = (location: string, country: string) =>
  [location, countryLabel(country) ?? country].filter(Boolean).join(', ');

/**
 * The volunteer certificate (issue 21 §1): the member's attended drives of a year with date, place,
 * hours and organiser, and the total; A4, the embedded Noto fonts (lib/pdf.ts).
 */
export function volunteerCertificatePdf(data: {
  name: string;
  year: number;
  drives: CertificateDrive[];
  issuedOn: string;
  /** The member's saved language (null or absent: English). */
  locale?: string | null;
}): Promise<Buffer> {
  const t = translator(data.locale, 'pdf');
  const { year } = data;
  const total = data.drives.reduce((sum, d) => sum + d.minutes, 0);
  const { doc, done } = startPdf(
    { Title: t('volunteer.docTitle', { year, name: printable(data.name) }), Author: 'Canopy' },
    { lang: pdfLang(t.locale) },
  );
  pdfBrand(doc);
  doc.moveDown(0.5);
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(18)
    .fillColor('black')
    .text(t('volunteer.title', { year }), { structType: 'H1' });
  doc.moveDown(0.5);
  doc
    .font(PDF_FONT)
    .fontSize(12)
    .text(
      printable(
        t('volunteer.certifies', {
          name: data.name,
          hours: hoursText(total, t),
          drives: data.drives.length,
          count: String(data.drives.length),
          year,
        }),
      ),
    );
  doc.moveDown();
  if (data.drives.length === 0) doc.fillColor(PDF_GREY).text(t('volunteer.none', { year }));
  for (const d of data.drives) {
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(11)
      .fillColor('black')
      .text(printable(`${d.date}  ${d.name}`));
    doc
      .font(PDF_FONT)
      .fontSize(10)
      .fillColor(PDF_GREY)
      .text(
        printable(
          t('volunteer.drive', {
            place: d.place,
            organiser: d.organiser,
            hours: hoursText(d.minutes, t),
          }),
        ),
      );
    doc.moveDown(0.4);
  }
  doc.moveDown();
  const hours = total / 60;
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(13)
    .fillColor(PDF_GREEN)
    .text(
      t('volunteer.total', {
        hours: hoursText(total, t),
        decimal:
          t.locale === 'en'
            ? hours.toFixed(2)
            : t.number(hours, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      }),
    );
  doc.moveDown();
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(t('volunteer.issued', { date: data.issuedOn }));
  doc.end();
  return done;
}
