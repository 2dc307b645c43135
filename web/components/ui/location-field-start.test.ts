import { describe, expect, it } from 'vitest';
import { localeCountryCentre, profileCountryCentre } from './location-field';

describe('localeCountryCentre', () => {
  it("opens the map on the browser locale's country, or nowhere in particular", () => {
    expect(localeCountryCentre('en-IN')).toEqual({ lat: 20.59, lng: 78.96 });
    expect(localeCountryCentre('pt-BR')).toEqual({ lat: -14.24, lng: -51.93 });
    // A language alone: its likely country (ja → Japan).
    expect(localeCountryCentre('ja')).toEqual({ lat: 36.2, lng: 138.25 });
    expect(localeCountryCentre('')).toBeNull();
    expect(localeCountryCentre('not a locale!')).toBeNull();
  });
});

describe('profileCountryCentre', () => {
  it("opens the map on the country a profile's location names, or says it names none", () => {
    expect(profileCountryCentre('Pune, India')).toEqual({ lat: 20.59, lng: 78.96 });
    expect(profileCountryCentre('Leeds, UK')).toEqual({ lat: 55.38, lng: -3.44 });
    expect(profileCountryCentre('Leeds')).toBeNull();
    expect(profileCountryCentre(null)).toBeNull();
  });
});
