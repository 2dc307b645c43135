import { countryLabel } from '../../../contract/countries';
import type { CurrencyTotal } from '../../../contract/dashboards';
import { majorAmountText } from '../../../contract/money';
import { csvDocument, csvLine } from '../../lib/csv';
import {
  amountText,
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREY,
  pdfBrand,
  pdfRow,
  printable,
  startPdf,
} from '../../lib/pdf';
import type { CorporateFigures } from './dashboards.service';

export interface ReportFile {
  filename: string;
  type: string;
  body: string | Buffer;
}

const major = (total: Pick<CurrencyTotal, 'amountMinor' | 'currency'>) =>
  majorAmountText(total.amountMinor, total.currency);

const periodText = (f: CorporateFigures) =>
  f.period ? `${f.period.from} to ${f.period.to}` : 'all time';
const country = (code: string) => countryLabel(code) ?? code;

/** The headline figures, as label/value pairs (shared by the CSV and the PDF). */
function summary(f: CorporateFigures): Array<[string, string | number]> {
  const rows: Array<[string, string | number]> = [
    ['Drives organised', f.drives.upcoming.length + f.drives.past.length],
    ['Drives held', f.drives.past.length],
    ['Drives upcoming', f.drives.upcoming.length],
    ['Participants (sign-ups)', f.participants],
    ['Volunteer hours', f.volunteerHours],
    ['Trees planted at the drives', f.trees.planted],
    ['Trees alive', f.trees.alive],
    ['Trees dead', f.trees.dead],
    ['Survival (%)', f.trees.alivePercent ?? ''],
  ];
  for (const d of f.donations) {
    rows.push([`Donations received (${d.currency})`, major(d)]);
    rows.push([`Paid donations (${d.currency})`, d.donations]);
  }
  rows.push(['Trees donated', f.donations.reduce((n, d) => n + d.trees, 0)]);
  return rows;
}

/** The report as CSV: summary, months, then every drive (RFC 4180, formula-safe cells). */
export function impactReportCsv(f: CorporateFigures): string {
  const currencies = [...new Set(f.donations.map((d) => d.currency))];
  const lines = [
    csvLine(['Canopy impact report']),
    csvLine(['Organisation', f.organisation.name]),
    csvLine(['Period', periodText(f)]),
    csvLine(['Generated', f.computedAt]),
    '',
    csvLine(['Figure', 'Value']),
    ...summary(f).map(([label, value]) => csvLine([label, value])),
    '',
    csvLine([
      'Month',
      'Drives',
      'Participants',
      'Trees planted',
      ...currencies.map((c) => `Donations (${c})`),
    ]),
    ...f.months.map((m) =>
      csvLine([
        m.month,
        m.drives,
        m.participants,
        m.trees,
        ...currencies.map((c) => {
          const d = m.donations.find((x) => x.currency === c);
          return d ? major(d) : major({ currency: c, amountMinor: 0 });
        }),
      ]),
    ),
    '',
    csvLine([
      'Drive',
      'Starts at (UTC)',
      'Country',
      'Location',
      'Duration (hours)',
      'Participants',
    ]),
    ...[...f.drives.past]
      .reverse()
      .concat(f.drives.upcoming)
      .map((d) =>
        csvLine([
          d.name,
          d.startsAt,
          country(d.country),
          d.location,
          d.durationHours,
          d.participants,
        ]),
      ),
  ];
  return csvDocument(lines);
}

/** The report as an A4 PDF: the same figures, months and drives as the CSV. */
export function impactReportPdf(f: CorporateFigures): Promise<Buffer> {
  const { doc, done } = startPdf({
    Title: `Canopy impact report: ${printable(f.organisation.name)}`,
    Author: 'Canopy',
    Subject: `Impact report ${periodText(f)}`,
    CreationDate: new Date(f.computedAt),
  });
  const heading = (text: string) => {
    doc.moveDown();
    doc.fillColor('black').font(PDF_FONT_BOLD).fontSize(14).text(text);
    doc.moveDown(0.3);
  };
  const row = (label: string, value: string) => pdfRow(doc, 10, label, value);

  pdfBrand(doc);
  doc.fillColor('black').font(PDF_FONT_BOLD).fontSize(18).text('Impact report');
  doc.moveDown(0.5);
  row('Organisation:', f.organisation.name);
  row('Period:', periodText(f));
  row('Generated:', `${f.computedAt.slice(0, 16).replace('T', ' ')} UTC`);

  heading('Summary');
  for (const [label, value] of summary(f)) row(`${label}:`, String(value));
  for (const d of f.donations)
    row(`Received in ${d.currency}:`, amountText(d.amountMinor, d.currency));

  heading('Per month');
  for (const m of f.months) {
    const money = m.donations.map((d) => amountText(d.amountMinor, d.currency)).join(', ');
    row(
      `${m.month}:`,
      `${m.drives} drives, ${m.participants} participants, ${m.trees} trees planted` +
        (money ? `, ${money} received` : ''),
    );
  }

  heading('Drives');
  const drives = [...f.drives.past].reverse().concat(f.drives.upcoming);
  if (drives.length === 0) doc.font(PDF_FONT).fontSize(10).text('No drives in this period.');
  for (const d of drives)
    row(
      `${d.startsAt.slice(0, 10)}:`,
      `${d.name} (${country(d.country)}), ${d.participants} participants, ${d.durationHours} h`,
    );
  doc.moveDown(2);
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(
      'Figures from Canopy records: paid donations only; survival is the share of trees planted at ' +
        'these drives in the period that are alive today.',
    );
  doc.end();
  return done;
}
