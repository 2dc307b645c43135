import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { COUNTRY_CENTROIDS, countryCentroid } from './country-centroids';

describe('country centroids', () => {
  it('has a valid point for every country of the list, and nothing else', () => {
    expect([...COUNTRY_CENTROIDS.keys()].sort()).toEqual(COUNTRIES.map((c) => c.value).sort());
    for (const { lat, lng } of COUNTRY_CENTROIDS.values()) {
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    }
  });

  it('places a few countries where they are', () => {
    expect(countryCentroid('IN')).toEqual({ lat: 20.59, lng: 78.96 });
    expect(countryCentroid('br')).toEqual({ lat: -14.24, lng: -51.93 });
    expect(countryCentroid('SI')).toEqual({ lat: 46.15, lng: 15 });
    expect(countryCentroid('ZZ')).toBeUndefined();
    expect(countryCentroid('')).toBeUndefined();
  });
});
