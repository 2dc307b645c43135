import {
  en as enPlural,
  es as esPlural,
  hi as hiPlural,
} from '@messageformat/runtime/lib/cardinals';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/units.json?messages';
import es from '../../locales/es/units.json?messages';
import hi from '../../locales/hi/units.json?messages';

// Issue 26 (c): plural and number forms as the compiled catalogues give them, in each language.
describe('plural and number forms', () => {
  it('counts trees in English, Spanish and Hindi', () => {
    expect(en['count.trees']!({ count: 1 })).toBe('1 tree');
    expect(en['count.trees']!({ count: 2 })).toBe('2 trees');
    expect(en['count.trees']!({ count: 0 })).toBe('0 trees');
    expect(es['count.trees']!({ count: 1 })).toBe('1 árbol');
    expect(es['count.trees']!({ count: 2 })).toBe('2 árboles');
    expect(hi['count.trees']!({ count: 1 })).toBe('1 पेड़');
    expect(hi['count.trees']!({ count: 0 })).toBe('0 पेड़');
  });

  it('groups digits the way each language does, through Intl', () => {
    expect(en['count.trees']!({ count: 100000 })).toBe('100,000 trees');
    // Spanish leaves four-digit numbers ungrouped and groups larger ones with a dot.
    expect(es['count.trees']!({ count: 1500 })).toBe('1500 árboles');
    expect(es['count.trees']!({ count: 100000 })).toBe('100.000 árboles');
    // Hindi groups lakhs: 1,00,000.
    expect(hi['count.trees']!({ count: 100000 })).toBe('1,00,000 पेड़');
    expect(hi['count.trees']!({ count: 12345678 })).toBe('1,23,45,678 पेड़');
  });

  it('chooses plural categories exactly as Intl.PluralRules does', () => {
    const cases: Array<[string, (n: number | string) => string]> = [
      ['en', enPlural],
      ['es', esPlural],
      ['hi', hiPlural],
    ];
    for (const [locale, compiled] of cases) {
      const rules = new Intl.PluralRules(locale);
      for (let n = 0; n <= 1200; n++)
        expect([locale, n, compiled(n)]).toEqual([locale, n, rules.select(n)]);
      for (const n of [0.5, 1.5, 1_000_000])
        expect([locale, n, compiled(n)]).toEqual([locale, n, rules.select(n)]);
    }
  });
});
