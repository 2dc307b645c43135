import { describe, expect, it } from 'vitest';
import { comparableAnswer, ENDPOINTS, itemCount, sameContentUrl } from './endpoints';

describe('bench:scale equal-content comparison', () => {
  it('counts a list answer by its longest array, wherever the list sits', () => {
    expect(itemCount({ data: [1, 2, 3], total: 3 })).toBe(3);
    expect(itemCount({ result: { trees: [1, 2], tags: [1] }, nextCursor: null })).toBe(2);
    expect(itemCount({ ok: true })).toBe(0);
    expect(itemCount(null)).toBe(0);
  });

  it('asks the same list for a given number of items', () => {
    expect(sameContentUrl('/api/trees/registeredtree?limit=24&cursor=abc', 7)).toBe(
      '/api/trees/registeredtree?limit=7&cursor=abc',
    );
    expect(sameContentUrl('/api/donations?page=1&limit=20', 4)).toBe(
      '/api/donations?page=1&limit=4',
    );
    expect(sameContentUrl('/api/drives/mine?when=past', 5)).toBe(
      '/api/drives/mine?when=past&limit=5',
    );
  });

  it('compares only the caller’s own pages at equal content, never a download', () => {
    const paged = ENDPOINTS.filter((e) => e.paged);
    expect(paged.length).toBeGreaterThan(0);
    expect(paged.every((e) => !e.download && e.as !== 'public')).toBe(true);
  });

  it('uses a twin only when the two answers are the same text but for when they were computed', () => {
    const at = (t: string) => `{"data":{"trees":3},"computedAt":"${t}"}`;
    expect(comparableAnswer(at('2026-11-28T10:00:00.000Z'))).toBe(
      comparableAnswer(at('2026-11-28T10:00:01.500Z')),
    );
    expect(comparableAnswer('{"data":{"trees":3}}')).not.toBe(
      comparableAnswer('{"data":{"trees":4}}'),
    );
  });

  it('gives a twin only to answers that take no limit, and never to a download', () => {
    const twins = ENDPOINTS.filter((e) => e.twin);
    expect(twins.map((e) => e.screen).sort()).toEqual([
      'calendar',
      'corporate dashboard',
      'dashboard',
      'profile',
      'profile',
      'public forest',
      'trees map',
      'trees map',
    ]);
    expect(twins.every((e) => !e.download && !e.paged)).toBe(true);
    // A public page's twin is asked as nobody too, a member's screen's as another member.
    expect(twins.every((e) => (e.as === 'public') === (e.twin!.as === 'public'))).toBe(true);
  });
});
