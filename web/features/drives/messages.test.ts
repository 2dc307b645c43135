import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/drives.json?messages';
import es from '../../../locales/es/drives.json?messages';
import hi from '../../../locales/hi/drives.json?messages';
import { intlLocale } from '../../i18n/intl-locale';

describe('drives messages', () => {
  it('count trees, drives and people in each language', () => {
    expect([1, 2, 1250].map((count) => en['count.trees']!({ count }))).toEqual([
      '1 tree',
      '2 trees',
      '1,250 trees',
    ]);
    expect([1, 2, 1250].map((count) => es['count.drives']!({ count }))).toEqual([
      '1 jornada',
      '2 jornadas',
      '1250 jornadas',
    ]);
    // Hindi groups lakhs: 1,50,000.
    expect(hi['list.showing']!({ shown: 20, total: 150000 })).toBe(
      '1,50,000 अभियानों में से 20 दिखाए जा रहे हैं',
    );
    expect(en['actions.deleteMessage']!({ name: 'Oaks', count: 0 })).toBe(
      'Delete "Oaks"? This cannot be undone.',
    );
    expect(en['actions.deleteMessage']!({ name: 'Oaks', count: 1 })).toBe(
      'Delete "Oaks"? This cannot be undone. The person who joined will be told it was cancelled.',
    );
  });
});

describe('intlLocale', () => {
  it("keeps the browser's own forms in its language, else the language", () => {
    expect(intlLocale('en', ['en-GB', 'hi'])).toBeUndefined();
    expect(intlLocale('hi', ['en-GB', 'hi'])).toBe('hi');
    expect(intlLocale('es', ['es-MX'])).toBeUndefined();
    expect(intlLocale('en', [])).toBeUndefined();
  });
});
