import { describe, expect, it } from 'vitest';
import { amountText, pdfBrand, pdfRow, printable, startPdf } from './pdf';

describe('printable', () => {
  it('keeps ASCII, Latin-1 accents and the euro sign', () => {
    expect(printable('Zoë Müller-García, 12 € <zoe@example.com>')).toBe(
      'Zoë Müller-García, 12 € <zoe@example.com>',
    );
  });

  it('replaces what the standard fonts cannot print with "?"', () => {
    expect(printable('Grandma’s neem 🌳 नीम')).toBe('Grandma?s neem ?? ???');
  });
});

describe('amountText', () => {
  it('shows a printable symbol with the currency code', () => {
    expect(amountText(6000, 'USD')).toBe('$60.00 (USD)');
    expect(amountText(1250, 'EUR')).toBe('€12.50 (EUR)');
    expect(amountText(500, 'JPY')).toBe('¥500 (JPY)');
  });

  it('falls back to the code when the symbol is outside Latin-1', () => {
    expect(amountText(6000, 'INR')).toBe('INR 60.00');
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
});
