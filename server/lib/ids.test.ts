import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('is a UUIDv7 carrying the time', () => {
    const id = newId(Date.UTC(2026, 10, 27, 4, 0, 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 27, 4, 0, 0));
  });

  it('counts up within one millisecond, so ids sort in the order they were made', () => {
    const at = Date.UTC(2026, 10, 27, 4, 0, 1);
    const ids = Array.from({ length: 200 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // A later millisecond sorts after them all.
    expect(newId(at + 1) > ids.at(-1)!).toBe(true);
  });
});
