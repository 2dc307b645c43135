import { describe, expect, it } from 'vitest';
import { timeZoneAt } from './time-zone';

describe('timeZoneAt', () => {
  it('names the IANA zone of a point', () => {
    expect(timeZoneAt(28.5933, 77.2197)).toBe('Asia/Kolkata');
    expect(timeZoneAt(51.5072, -0.1276)).toBe('Europe/London');
    expect(timeZoneAt(-23.5505, -46.6333)).toBe('America/Sao_Paulo');
    expect(timeZoneAt(-1.2921, 36.8219)).toBe('Africa/Nairobi');
  });

  it('gives UTC for a point it cannot place', () => {
    expect(timeZoneAt(91, 0)).toBe('UTC');
    expect(timeZoneAt(Number.NaN, 0)).toBe('UTC');
  });
});
