import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../server/modules';

const doc = fs.readFileSync(new URL('../ARCHITECTURE.md', import.meta.url), 'utf8');

describe('ARCHITECTURE.md', () => {
  it('stays a map: at most 250 lines', () => {
    expect(doc.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('names every module with the tables its manifest owns', () => {
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    const missing = MODULES.flatMap((module) => {
      const row = rows.find((line) => line.includes(`\`${module.name}\``));
      if (!row) return [`${module.name}: no row in the modules table`];
      return module.tables
        .filter((table) => !row.includes(`\`${table}\``))
        .map((table) => `${module.name}: table ${table} not listed`);
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });
});
