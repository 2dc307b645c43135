import type { Readable } from 'node:stream';
import { countryLabel } from '../../../contract/countries';
import type { CurrencyTotal, DashboardDrive } from '../../../contract/dashboards';
import { majorAmountText } from '../../../contract/money';
import { csvDocument, csvFile, csvLine } from '../../lib/csv';
import { translator, type Translator } from '../../lib/i18n';
import { keysetStream } from '../../lib/keyset-stream';
import {
  amountText,
  PDF_FONT,
  PDF_FONT_BOLD,
  PDF_GREY,
  pdfBrand,
  pdfLang,
  pdfRow,
  printable,
  separatePdfFonts,
  startPdf,
  type PdfFonts,
} from '../../lib/pdf';
import type { CorporateFigures } from './dashboards.service';
import { yieldToEventLoop } from '../../lib/yield';

export interface ReportFile {
  filename: string;
  type: string;
  body: string | Buffer | Readable;
}

/**
 * The report's drives after `after` (from the first when null), oldest first by start then id,
 * at most `limit`: the drives module's keyset pages, so the drive table is read a page at a time.
 */
export type ReportDrives = (
  after: DashboardDrive | null,
  limit: number,
) => Promise<DashboardDrive[]>;

/** Drives read (and written) per statement: each batch is a short turn of the event loop. */
export const REPORT_DRIVE_BATCH = 100;

/** What a report needs besides its drives: the figures, with the drive counts (no lists). */
export type ReportFigures = Omit<CorporateFigures, 'drives'> & {
  drives: Pick<CorporateFigures['drives'], 'upcomingCount' | 'pastCount'>;
};

const major = (total: Pick<CurrencyTotal, 'amountMinor' | 'currency'>) =>
  majorAmountText(total.amountMinor, total.currency);

type Words = Translator<'pdf'>;
const english = translator(null, 'pdf');

const periodText = (f: ReportFigures, t: Words = english) =>
  f.period ? t('impact.periodRange', f.period) : t('impact.allTime');
const country = (code: string) => countryLabel(code) ?? code;

/** A count and its noun in the reader's language: "1 drive", "1,250 drives". */
const counted = (
  t: Words,
  key: 'impact.drives' | 'impact.participants' | 'impact.trees' | 'impact.paidDonationsValue',
  count: number,
  values: Record<string, unknown> = {},
) =>
  t(key, {
    ...values,
    count,
    n: t.locale === 'en' ? count.toLocaleString('en-US') : t.number(count),
  });

/**
 * The headline figures other than money, as label/value pairs (shared by the CSV and the PDF);
 * the paid donations per currency follow them in each (`f.donations`).
 */
function summary(f: ReportFigures, t: Words = english): Array<[string, string | number]> {
  const rows: Array<[SummaryLabel, string | number]> = [
    ['drivesOrganised', f.drives.upcomingCount + f.drives.pastCount],
    ['drivesHeld', f.drives.pastCount],
    ['drivesUpcoming', f.drives.upcomingCount],
    ['participants', f.participants],
    ['volunteerHours', f.volunteerHours],
    ['treesPlanted', f.trees.planted],
    ['treesAlive', f.trees.alive],
    ['treesDead', f.trees.dead],
    ['survival', f.trees.alivePercent ?? ''],
    // The four honest numbers (issue 21 §3): every drive of the organisation's, as of today.
    ['treesFunded', f.fourNumbers.treesFunded],
    ['treesPlantedToDate', f.fourNumbers.treesPlanted],
    ['aliveChecked', f.fourNumbers.treesAliveChecked],
    ['verified', f.fourNumbers.treesVerified],
    ['treesDonated', f.donations.reduce((n, d) => n + d.trees, 0)],
  ];
  return rows.map(([label, value]) => [t(`impact.label.${label}`), value]);
}

type SummaryLabel =
  | 'drivesOrganised'
  | 'drivesHeld'
  | 'drivesUpcoming'
  | 'participants'
  | 'volunteerHours'
  | 'treesPlanted'
  | 'treesAlive'
  | 'treesDead'
  | 'survival'
  | 'treesFunded'
  | 'treesPlantedToDate'
  | 'aliveChecked'
  | 'verified'
  | 'treesDonated';

/**
 * The impact report CSV's one table (issue 25, Standards): every row has these columns, `section`
 * says what the row is (report, summary, month, month_donations, drive), unused cells are empty.
 */
export const IMPACT_CSV_COLUMNS = [
  'section',
  'item',
  'value',
  'currency',
  'drives',
  'participants',
  'trees_planted',
  'starts_at_utc',
  'country',
  'location',
  'duration_hours',
] as const;
type ImpactCsvRow = Partial<Record<(typeof IMPACT_CSV_COLUMNS)[number], string | number | null>>;
const impactLine = (row: ImpactCsvRow) =>
  csvLine(IMPACT_CSV_COLUMNS.map((column) => row[column] ?? null));

/**
 * The report as CSV, one table: the report's facts, the summary, months, then every drive, oldest
 * first (RFC 4180, formula-safe cells, a byte-order mark). A stream (lib/keyset-stream.ts): the
 * drives are read and written REPORT_DRIVE_BATCH at a time with a turn of the event loop between,
 * never whole in memory.
 */
export function impactReportCsv(f: ReportFigures, drives: ReportDrives): Promise<Readable> {
  const currencies = [...new Set(f.donations.map((d) => d.currency))];
  const head = [
    csvLine(IMPACT_CSV_COLUMNS),
    impactLine({ section: 'report', item: 'Organisation', value: f.organisation.name }),
    impactLine({ section: 'report', item: 'Period', value: periodText(f) }),
    impactLine({ section: 'report', item: 'Generated', value: f.computedAt }),
    ...summary(f).map(([item, value]) => impactLine({ section: 'summary', item, value })),
    ...f.donations.flatMap((d) => [
      impactLine({
        section: 'summary',
        item: 'Paid donations',
        value: major(d),
        currency: d.currency,
      }),
      impactLine({
        section: 'summary',
        item: 'Number of paid donations',
        value: d.donations,
        currency: d.currency,
      }),
    ]),
    ...f.months.flatMap((m) => [
      impactLine({
        section: 'month',
        item: m.month,
        drives: m.drives,
        participants: m.participants,
        trees_planted: m.trees,
      }),
      ...currencies.map((c) => {
        const d = m.donations.find((x) => x.currency === c);
        return impactLine({
          section: 'month_donations',
          item: m.month,
          value: d ? major(d) : major({ currency: c, amountMinor: 0 }),
          currency: c,
        });
      }),
    ]),
  ];
  return keysetStream<DashboardDrive, DashboardDrive>({
    read: drives,
    keyOf: (d) => d,
    head: csvFile(head),
    batch: (rows) =>
      csvDocument(
        rows.map((d) =>
          impactLine({
            section: 'drive',
            item: d.name,
            participants: d.participants,
            starts_at_utc: d.startsAt,
            country: country(d.country),
            location: d.location,
            duration_hours: d.durationHours,
          }),
        ),
      ),
    tail: '',
    batchSize: REPORT_DRIVE_BATCH,
    max: Number.MAX_SAFE_INTEGER,
  });
}

/** Every drive of the report, read REPORT_DRIVE_BATCH at a time with a turn between reads. */
async function allDrives(drives: ReportDrives): Promise<DashboardDrive[]> {
  const all: DashboardDrive[] = [];
  for (let after: DashboardDrive | null = null; ;) {
    const batch = await drives(after, REPORT_DRIVE_BATCH);
    all.push(...batch);
    if (batch.length < REPORT_DRIVE_BATCH) return all;
    after = batch.at(-1)!;
    await yieldToEventLoop();
  }
}

/** Drive rows drawn per turn of the event loop (~40 rows: a few ms of layout). */
const PDF_ROWS_PER_TURN = 40;

/** The reports' own parse of the fonts (lib/pdf.ts `separatePdfFonts`), made at first use. */
let reportFonts: PdfFonts | undefined;
/** The report being drawn: one at a time, since they share `reportFonts`' glyph cache. */
let drawing: Promise<unknown> = Promise.resolve();

/** Runs `draw` once every report drawn before it has finished. */
function oneAtATime<T>(draw: () => Promise<T>): Promise<T> {
  const run = drawing.then(draw, draw);
  drawing = run.catch(() => undefined);
  return run;
}

/**
 * The report as an A4 PDF: the same figures, months and drives as the CSV. A year of a big
 * organisation's drives is hundreds of rows (~160 ms of layout at 559): they are drawn
 * PDF_ROWS_PER_TURN at a time with a turn of the event loop between, on fonts no other document
 * uses, one report at a time.
 */
export async function impactReportPdf(
  f: ReportFigures,
  read: ReportDrives,
  locale: string | null = null,
): Promise<Buffer> {
  const drives = await allDrives(read);
  return oneAtATime(() => drawPdf(f, drives, translator(locale, 'pdf')));
}

async function drawPdf(f: ReportFigures, drives: DashboardDrive[], t: Words): Promise<Buffer> {
  reportFonts ??= separatePdfFonts();
  const { doc, done } = startPdf(
    {
      Title: t('impact.docTitle', { name: printable(f.organisation.name) }),
      Author: 'Canopy',
      Subject: t('impact.subject', { period: periodText(f, t) }),
      CreationDate: new Date(f.computedAt),
    },
    { lang: pdfLang(t.locale) },
    reportFonts,
  );
  const heading = (text: string) => {
    doc.moveDown();
    doc.fillColor('black').font(PDF_FONT_BOLD).fontSize(14).text(text, { structType: 'H2' });
    doc.moveDown(0.3);
  };
  const row = (label: string, value: string) => pdfRow(doc, 10, label, value);

  pdfBrand(doc);
  doc
    .fillColor('black')
    .font(PDF_FONT_BOLD)
    .fontSize(18)
    .text(t('impact.title'), { structType: 'H1' });
  doc.moveDown(0.5);
  row(t('impact.organisation'), f.organisation.name);
  row(t('impact.period'), periodText(f, t));
  row(t('impact.generated'), `${f.computedAt.slice(0, 16).replace('T', ' ')} UTC`);

  heading(t('impact.summary'));
  for (const [label, value] of summary(f, t))
    row(
      `${label}:`,
      typeof value === 'number' && t.locale !== 'en' ? t.number(value) : String(value),
    );
  // Money in its currency's format, once per currency, with how many payments made it.
  for (const d of f.donations)
    row(
      t('impact.paidDonations', { currency: d.currency }),
      counted(t, 'impact.paidDonationsValue', d.donations, {
        amount: amountText(d.amountMinor, d.currency, t.money),
      }),
    );

  heading(t('impact.perMonth'));
  for (const m of f.months) {
    const money = m.donations.map((d) => amountText(d.amountMinor, d.currency, t.money)).join(', ');
    const counts = {
      drives: counted(t, 'impact.drives', m.drives),
      participants: counted(t, 'impact.participants', m.participants),
      trees: counted(t, 'impact.trees', m.trees),
    };
    row(
      `${m.month}:`,
      money ? t('impact.monthReceived', { ...counts, money }) : t('impact.month', counts),
    );
  }

  heading(t('impact.drivesHeading'));
  if (drives.length === 0) doc.font(PDF_FONT).fontSize(10).text(t('impact.noDrives'));
  for (const [i, d] of drives.entries()) {
    if (i > 0 && i % PDF_ROWS_PER_TURN === 0) await yieldToEventLoop();
    row(
      `${d.startsAt.slice(0, 10)}:`,
      t('impact.drive', {
        name: d.name,
        country: country(d.country),
        participants: counted(t, 'impact.participants', d.participants),
        hours: String(d.durationHours),
      }),
    );
  }
  doc.moveDown(2);
  doc.font(PDF_FONT).fontSize(9).fillColor(PDF_GREY).text(t('impact.footnote'));
  doc.end();
  return done;
}
