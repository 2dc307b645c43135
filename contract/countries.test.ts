import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryOfPlace } from './countries';

describe('countryOfPlace (a profile location → its country, issue 23 §6)', () => {
  it.each([
    ['Pune, India', 'IN'],
    ['india', 'IN'],
    ['Leeds, UK', 'GB'],
    ['Cardiff, Wales', 'GB'],
    ['Brooklyn, New York, USA', 'US'],
    ['São Paulo, Brasil', undefined],
    ['São Paulo, Brazil', 'BR'],
    ['Abidjan, Côte d’Ivoire', 'CI'],
    ['Port of Spain, Trinidad and Tobago', 'TT'],
    ['Amsterdam, the Netherlands', 'NL'],
    ['Istanbul, Turkey', 'TR'],
    ['Nairobi; Kenya', 'KE'],
  ])('%s → %s', (place, code) => {
    expect(countryOfPlace(place)).toBe(code);
  });

  it('names no country for a town alone, a US state code or nothing', () => {
    expect(countryOfPlace('Leeds')).toBeUndefined();
    expect(countryOfPlace('Fresno, CA')).toBeUndefined();
    expect(countryOfPlace('Indianapolis, IN')).toBeUndefined();
    expect(countryOfPlace('')).toBeUndefined();
    expect(countryOfPlace(null)).toBeUndefined();
  });

  it('finds every country of the list by its own name', () => {
    for (const { value, label } of COUNTRIES)
      expect(countryOfPlace(`Somewhere, ${label}`)).toBe(value);
  });
});
