/** PDF pieces shared by the donation receipt and the impact report (pdfkit, embedded Noto Sans). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatMoney, majorAmountText } from '../../contract/money';

export const PDF_GREEN = '#166534';
export const PDF_GREY = '#4b5563';

/** The font names every document from `startPdf` has registered: use these, not Helvetica. */
export const PDF_FONT = 'Canopy-Regular';
export const PDF_FONT_BOLD = 'Canopy-Bold';

/** The parts of a fontkit font (what pdfkit parses a TTF into) that Canopy uses. */
interface FontkitFont {
  layout: (text: string) => unknown;
  /** fontkit's glyph cache (private to fontkit, see `startPdf`). */
  _glyphs: Record<number, unknown>;
  hasGlyphForCodePoint: (codePoint: number) => boolean;
  postscriptName: string;
}

export interface PdfFonts {
  regular: FontkitFont;
  bold: FontkitFont;
  /** True when both faces have a glyph for the code point. */
  covers: (codePoint: number) => boolean;
}

let fonts: PdfFonts | undefined;

/**
 * Noto Sans Regular and Bold (SIL OFL 1.1) from @embedpdf/fonts-latin, parsed once at first use.
 * That build of Noto Sans (Google Fonts') covers Latin incl. Extended, Greek, Cyrillic and
 * Devanagari, and ₹ and €, so one family prints a whole line and no per-script switching is
 * needed; pdfkit embeds only the glyphs a document uses and shapes Devanagari through fontkit.
 */
export function pdfFonts(): PdfFonts {
  fonts ??= parsedFonts();
  return fonts;
}

/**
 * Another parse of the same faces, with a glyph cache of its own: for a document drawn across
 * awaits (the impact report yields between rows). Whoever keeps it draws one document with it at a
 * time, as `startPdf` asks of the shared ones.
 */
export function separatePdfFonts(): PdfFonts {
  return parsedFonts();
}

function parsedFonts(): PdfFonts {
  // The package exports only its JS entry (dist/); the TTFs sit beside it in fonts/.
  const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-latin');
  const dir = join(dirname(entry), '..', 'fonts');
  const regular = parseFont(readFileSync(join(dir, 'NotoSans-Regular.ttf')));
  const bold = parseFont(readFileSync(join(dir, 'NotoSans-Bold.ttf')));
  return {
    regular,
    bold,
    covers: (cp) => regular.hasGlyphForCodePoint(cp) && bold.hasGlyphForCodePoint(cp),
  };
}

/**
 * The fontkit font pdfkit builds from a TTF. Handing the same parsed font to every document
 * (registerFont takes one) skips re-reading Noto Sans' layout tables: ~8 ms a receipt, not ~120
 * (measured with scripts/bench-pdf.ts; why this beats the public API: docs/decisions/pdf-fonts.md).
 */
function parseFont(ttf: Buffer): FontkitFont {
  const probe = new PDFDocument({ autoFirstPage: false }).font(ttf);
  const font = (probe as unknown as { _font?: { font?: FontkitFont } })._font?.font;
  if (
    typeof font?.layout !== 'function' ||
    typeof font.hasGlyphForCodePoint !== 'function' ||
    typeof font._glyphs !== 'object'
  )
    throw new Error('pdfkit/fontkit internals changed: update parseFont in server/lib/pdf.ts');
  return font;
}

/** Control characters, and characters the embedded font has no glyph for, print as "?". */
export function printable(text: string): string {
  const { covers } = pdfFonts();
  let out = '';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const control = cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
    out += !control && covers(cp) ? char : '?';
  }
  return out;
}

/**
 * `₹60.00 (INR)`, or `XYZ 60.00` when the symbol is outside what the font can print. `money`
 * writes the amount in the reader's language (a translator's `money`; English by default).
 */
export function amountText(
  amountMinor: number,
  currency: string,
  money: (amountMinor: number, currency: string) => string = formatMoney,
): string {
  const symbol = money(amountMinor, currency);
  if (printable(symbol) === symbol) return `${symbol} (${currency})`;
  return `${currency} ${majorAmountText(amountMinor, currency)}`;
}

/**
 * An A4 document (portrait unless asked) with a 56 pt margin unless asked, the Canopy fonts
 * registered (regular selected), and the whole file once `doc.end()` has been called. Write it from
 * here to `doc.end()` without awaiting in between: the fonts are shared, and their glyph cache is
 * reset for each document (or pass `faces` from `separatePdfFonts`, drawn one document at a time).
 */
export function startPdf(
  info: PDFKit.DocumentInfo,
  page: {
    layout?: 'portrait' | 'landscape';
    margin?: number;
    /** The text's language (a BCP 47 tag, e.g. the reader's locale); English unless given. */
    lang?: string;
  } = {},
  faces: PdfFonts = pdfFonts(),
): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const { regular, bold } = faces;
  // Tagged (issue 25, Standards): a structure tree, the language, and the title in the window bar,
  // so a screen reader reads the text in order.
  const doc = new PDFDocument({
    size: 'A4',
    layout: page.layout ?? 'portrait',
    margin: page.margin ?? 56,
    info,
    tagged: true,
    lang: page.lang ?? PDF_LANG,
    displayTitle: true,
  });
  tagText(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Subsetting caches component glyphs (the e inside ë) with no characters, and a later document
  // would map its e to none in ToUnicode (copy-paste, search): each document starts a fresh cache.
  for (const font of [regular, bold]) font._glyphs = {};
  // pdfkit accepts a parsed fontkit font where its types say file or buffer.
  doc.registerFont(PDF_FONT, regular as unknown as Buffer);
  doc.registerFont(PDF_FONT_BOLD, bold as unknown as Buffer);
  doc.font(PDF_FONT);
  return { doc, done };
}

/** The language of a Canopy PDF's text when none is given (English documents). */
export const PDF_LANG = 'en-GB';

/** The document language for a translator's locale: English documents keep en-GB. */
export const pdfLang = (locale: string) => (locale === 'en' ? PDF_LANG : locale);

/**
 * Every text the document draws becomes a structure element (a paragraph unless the call names
 * `structType`, e.g. 'H1') under one Document element, in drawing order: the tags pdfkit can make.
 */
function tagText(doc: PDFKit.PDFDocument): void {
  const root = doc.struct('Document');
  doc.addStructure(root);
  const draw = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  const tagged = (options: PDFKit.Mixins.TextOptions | undefined) => ({
    structParent: root,
    structType: 'P',
    ...options,
  });
  doc.text = ((text: string, x?: unknown, y?: unknown, options?: PDFKit.Mixins.TextOptions) =>
    x === undefined || (typeof x === 'object' && x !== null)
      ? draw(text, tagged(x as PDFKit.Mixins.TextOptions | undefined))
      : draw(text, x, y, tagged(options))) as PDFKit.PDFDocument['text'];
}

/** The brand line at the top of every Canopy PDF. */
export function pdfBrand(doc: PDFKit.PDFDocument) {
  doc.fillColor(PDF_GREEN).font(PDF_FONT_BOLD).fontSize(24).text('Canopy');
}

/** `Label:  value` on one line: the label bold and grey, the value printable and black. */
export function pdfRow(doc: PDFKit.PDFDocument, fontSize: number, label: string, value: string) {
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(fontSize)
    .fillColor(PDF_GREY)
    .text(printable(label), { continued: true });
  doc
    .font(PDF_FONT)
    .fillColor('black')
    .text(`  ${printable(value)}`);
}
