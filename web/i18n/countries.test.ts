import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../contract/countries';
import { countryName, countryOptions } from './countries';

describe('country names in the chosen language', () => {
  it('keep the contract list in English and name every country in Spanish and Hindi', () => {
    expect(countryOptions('en')).toBe(COUNTRIES);
    for (const locale of ['es', 'hi']) {
      const options = countryOptions(locale);
      expect(options.map((o) => o.value).sort()).toEqual(COUNTRIES.map((c) => c.value).sort());
    }
    const es = new Map(countryOptions('es').map((o) => [o.value, o.label]));
    expect(es.get('DE')).toBe('Alemania');
    expect(es.get('IN')).toBe('India');
    const hi = new Map(countryOptions('hi').map((o) => [o.value, o.label]));
    expect(hi.get('IN')).toBe('भारत');
  });

  it('sorts in the language’s own order', () => {
    const labels = countryOptions('es').map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es')));
    expect(labels.indexOf('Alemania')).toBeLessThan(labels.indexOf('Zambia'));
  });

  it('names one country, and nothing for an unknown code', () => {
    expect(countryName('en', 'IN')).toBe('India');
    expect(countryName('es', 'DE')).toBe('Alemania');
    expect(countryName('hi', 'IN')).toBe('भारत');
    expect(countryName('es', 'not a code')).toBeUndefined();
  });
});
