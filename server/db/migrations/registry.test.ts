import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './index';

/**
 * Every migration file is registered under its own name, and no number is used twice: a registry
 * rewritten from an older copy once dropped a migration whose file stayed, so its index was never
 * made.
 */
describe('the migration registry', () => {
  const files = fs
    .readdirSync(import.meta.dirname)
    .filter((f) => /^\d{4}-[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => path.basename(f, '.ts'))
    .sort();

  it('registers every migration file under its file name', () => {
    expect(Object.keys(migrations).sort()).toEqual(files);
  });

  it('uses each number once', () => {
    const numbers = files.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
