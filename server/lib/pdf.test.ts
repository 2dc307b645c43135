import { describe, expect, it } from 'vitest';
import {
  pdfEmbeddedFonts,
  pdfPrintedCharacters,
  pdfTagging,
  pdfText,
} from '../../tests/support/pdf-text';
import { amountText, pdfBrand, pdfFonts, pdfRow, printable, startPdf } from './pdf';

const NAMES = 'Zoë Müller-García, Łukasz Żółć, Ἀθηνᾶ, Ольга, Priya Nair (प्रिया), Kyiv Парк';

describe('printable', () => {
  it('keeps Latin incl. Extended, Greek, Cyrillic, Devanagari, ₹, € and typographic quotes', () => {
    expect(printable(NAMES)).toBe(NAMES);
    expect(printable('12 € or ₹60 for Grandma’s “neem” – नीम')).toBe(
      '12 € or ₹60 for Grandma’s “neem” – नीम',
    );
  });

  it('replaces each character no bundled font has, and control characters, with one "?"', () => {
    expect(printable('neem 🌳 树 ✓')).toBe('neem ? ? ?');
    expect(printable('a\tb\nc\u0085d')).toBe('a?b?c?d');
  });
});

describe('amountText', () => {
  it('shows the symbol with the currency code, the rupee too', () => {
    expect(amountText(6000, 'USD')).toBe('$60.00 (USD)');
    expect(amountText(1250, 'EUR')).toBe('€12.50 (EUR)');
    expect(amountText(500, 'JPY')).toBe('¥500 (JPY)');
    expect(amountText(6000, 'INR')).toBe('₹60.00 (INR)');
  });

  it('has a printable symbol for every currency Intl formats', () => {
    // The `XYZ 60.00` fallback stays for symbols a font lacks; today Noto Sans has them all.
    const fallbacks = Intl.supportedValuesOf('currency').filter(
      (c) => !amountText(100, c).endsWith(`(${c})`),
    );
    expect(fallbacks).toEqual([]);
  });
});

describe('pdfFonts', () => {
  it('parses Noto Sans once and reuses it for every document', () => {
    const fonts = pdfFonts();
    expect(pdfFonts()).toBe(fonts);
    expect(fonts.regular.postscriptName).toBe('NotoSans-Regular');
    expect(fonts.bold.postscriptName).toBe('NotoSans-Bold');
    for (const char of 'ŁἈОप₹€') expect(fonts.covers(char.codePointAt(0)!)).toBe(true);
    expect(fonts.covers('🌳'.codePointAt(0)!)).toBe(false);
  });
});

describe('startPdf', () => {
  it('collects the written document into one PDF buffer', async () => {
    const { doc, done } = startPdf({ Title: 'Test', Author: 'Canopy' });
    pdfBrand(doc);
    pdfRow(doc, 10, 'Donor:', 'Zoë 🌳');
    doc.end();
    const pdf = await done;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('%%EOF');
    expect(pdf.length).toBeGreaterThan(500);
  });

  it('embeds subsets of Noto Sans that print every script of a name', async () => {
    const { doc, done } = startPdf({ Title: 'Test', Author: 'Canopy' });
    pdfBrand(doc);
    pdfRow(doc, 10, 'Donor:', NAMES);
    doc.end();
    const pdf = await done;
    const fonts = pdfEmbeddedFonts(pdf);
    expect(fonts).toHaveLength(2);
    expect(fonts.map((f) => f.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
    ]);
    expect(pdf.toString('latin1')).not.toContain('Helvetica');
    const printed = pdfPrintedCharacters(pdf);
    for (const char of NAMES) expect(printed).toContain(char);
    expect(printed).not.toContain('?');
    // Subsets: the whole 600 KB face is not embedded.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('maps every glyph to its characters in each document, though the parsed font is shared', async () => {
    const render = async (value: string) => {
      const { doc, done } = startPdf({ Title: 'Test' });
      pdfRow(doc, 10, 'Donor:', value);
      doc.end();
      return pdfPrintedCharacters(await done);
    };
    // Subsetting the first document caches the e inside ë; the second must still map its e.
    await render('Zoë');
    expect(await render('Zoe')).toEqual(new Set('Donr: Zoe'));
  });
});

describe('startPdf', () => {
  it('makes a tagged PDF: every text a structure element, the language and the title shown', async () => {
    const { doc, done } = startPdf({ Title: 'Tagged test' });
    pdfBrand(doc);
    doc.text('A title', { structType: 'H1' });
    pdfRow(doc, 10, 'Label:', 'Zoë');
    doc.text('At a place', 100, 400);
    doc.text('With options at a place', 100, 420, { width: 200 });
    doc.end();
    const pdf = await done;
    expect(pdfTagging(pdf)).toEqual({
      marked: true,
      structTree: true,
      lang: 'en-GB',
      displayTitle: true,
      structTypes: ['Document', 'H1', 'P'],
    });
    const text = pdfText(pdf);
    for (const line of ['Canopy', 'A title', 'Zoë', 'At a place', 'With options at a place'])
      expect(text).toContain(line);
  });
});
