import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 23 §7: a native date input shows mm/dd/yyyy whatever the member's locale; every day the
// app asks for goes through the kit's DateField (or the drive form's date picker) instead.

const WEB = path.resolve(__dirname, '../..');
const NATIVE_DAY = /type\s*=\s*(?:\{\s*)?["'](?:date|datetime-local|month|week)["']/;

/** The file's code lines (comments may name the native input they replaced). */
const codeLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('days in the browser’s locale', () => {
  it('no screen uses a native date input', () => {
    const found = sources(WEB)
      .filter((file) => codeLines(file).some((line) => NATIVE_DAY.test(line)))
      .map((file) => path.relative(WEB, file));
    expect(found).toEqual([]);
  });
});
