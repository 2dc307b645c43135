import { describe, expect, it } from 'vitest';
import { copyRows } from './bulk-db';

// PostgreSQL's COPY text format, as the scale build writes its rows (issue 20).
describe('copyRows', () => {
  it('writes rows tab-separated, one a line, nulls as \\N and specials escaped', () => {
    const values = ['a\tb', null, 1.5, 'back\\slash', undefined, 'line\nbreak\r', 0, 'plain'];
    expect(copyRows(values, 4, 0, 2)).toBe(
      'a\\tb\t\\N\t1.5\tback\\\\slash\n\\N\tline\\nbreak\\r\t0\tplain\n',
    );
  });

  it('writes only the rows asked for', () => {
    const values = ['r0', 0, 'r1', 1, 'r2', 2];
    expect(copyRows(values, 2, 1, 3)).toBe('r1\t1\nr2\t2\n');
    expect(copyRows(values, 2, 3, 3)).toBe('');
  });
});
