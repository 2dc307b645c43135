import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('relativeTime', () => {
  it('reads naturally at every scale', () => {
    expect(relativeTime('2026-03-10T11:59:50Z', now, 'en')).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-03-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-02-24T12:00:00Z', now, 'en')).toBe('2 weeks ago');
    expect(relativeTime('2025-03-10T12:00:00Z', now, 'en')).toBe('last year');
    expect(relativeTime('not a date', now, 'en')).toBe('');
  });
});
