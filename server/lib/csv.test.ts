import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine } from './csv';

describe('csv', () => {
  it('quotes what needs quoting and keeps typed formulas from running', () => {
    expect(csvField('Neem, mango')).toBe('"Neem, mango"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField(null)).toBe('');
    // A number is data, not a formula: a western longitude stays a number.
    expect(csvField(-0.1657)).toBe('-0.1657');
  });

  it('joins cells with commas and lines with CRLF, ending with one', () => {
    expect(csvDocument([csvLine(['a', 1, null]), csvLine(['b'])])).toBe('a,1,\r\nb\r\n');
  });
});
