import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatMoneyRounded, plural } from './numbers';

// Intl puts a (narrow) no-break space between groups in French; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('number formats', () => {
  it('formats counts with the locale grouping, rounded to whole numbers', () => {
    expect(formatCount(32180, 'en-US')).toBe('32,180');
    expect(formatCount(0, 'en-US')).toBe('0');
    expect(formatCount(3450.4, 'en-US')).toBe('3,450');
    expect(formatCount(32180, 'de-DE')).toBe('32.180');
    expect(plain(formatCount(32180, 'fr-FR'))).toBe('32 180');
  });

  it('follows the browser locale when none is given', () => {
    expect(formatCount(1_234_567)).toBe(new Intl.NumberFormat().format(1_234_567));
  });

  it('counts a noun, singular only for one', () => {
    expect(plural(1, 'tree', undefined, 'en-US')).toBe('1 tree');
    expect(plural(0, 'tree', undefined, 'en-US')).toBe('0 trees');
    expect(plural(1250, 'sapling', undefined, 'de-DE')).toBe('1.250 saplings');
    expect(plural(2, 'person', 'people', 'en-US')).toBe('2 people');
  });

  it('keeps at most the decimals asked for', () => {
    expect(formatDecimal(2.891, 1, 'en-US')).toBe('2.9');
    expect(formatDecimal(2.891, 1, 'de-DE')).toBe('2,9');
    expect(formatDecimal(1240, 1, 'en-US')).toBe('1,240');
  });

  it('formats minor units as money, with the fraction only when there is one', () => {
    expect(formatMoneyRounded(8_965_000, 'USD', 'en-US')).toBe('$89,650');
    expect(formatMoneyRounded(123_456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoneyRounded(0, 'USD', 'en-US')).toBe('$0');
    expect(formatMoneyRounded(500, 'EUR', 'en-US')).toBe('€5');
  });

  it('reads minor units by the currency’s own digits (JPY none, BHD three)', () => {
    expect(formatMoneyRounded(5000, 'JPY', 'en-US')).toBe('¥5,000');
    expect(plain(formatMoneyRounded(1500, 'BHD', 'en-US'))).toBe('BHD 1.500');
    expect(plain(formatMoneyRounded(125_000, 'BHD', 'en-US'))).toBe('BHD 125');
  });
});
