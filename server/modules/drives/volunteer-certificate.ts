import { countryLabel } from '../../../contract/countries';
import {
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREEN,
  PDF_GREY,
  pdfBrand,
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

export const hoursText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`;
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
}): Promise<Buffer> {
  const total = data.drives.reduce((sum, d) => sum + d.minutes, 0);
  const { doc, done } = startPdf({
    Title: `Canopy volunteer certificate ${data.year}: ${printable(data.name)}`,
    Author: 'Canopy',
  });
  pdfBrand(doc);
  doc.moveDown(0.5);
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(18)
    .fillColor('black')
    .text(`Volunteer certificate ${data.year}`, { structType: 'H1' });
  doc.moveDown(0.5);
  doc
    .font(PDF_FONT)
    .fontSize(12)
    .text(
      printable(
        `This certifies that ${data.name} volunteered ${hoursText(total)} at ${data.drives.length} tree-planting drive${data.drives.length === 1 ? '' : 's'} on Canopy in ${data.year}, as recorded at check-in by each drive's organiser.`,
      ),
    );
  doc.moveDown();
  if (data.drives.length === 0)
    doc.fillColor(PDF_GREY).text(`No attended drives were recorded in ${data.year}.`);
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
      .text(printable(`${d.place} · Organiser: ${d.organiser} · ${hoursText(d.minutes)}`));
    doc.moveDown(0.4);
  }
  doc.moveDown();
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(13)
    .fillColor(PDF_GREEN)
    .text(`Total: ${hoursText(total)} (${(total / 60).toFixed(2)} hours)`);
  doc.moveDown();
  doc.font(PDF_FONT).fontSize(9).fillColor(PDF_GREY).text(`Issued on ${data.issuedOn} by Canopy.`);
  doc.end();
  return done;
}
