import { describe, expect, it } from 'vitest';
import { ENDPOINTS, itemCount, sameContentUrl } from './endpoints';

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
});
