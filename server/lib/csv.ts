/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). Text a member typed
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe;
 * a number is written as is (a negative longitude is not a formula).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of cells. */
export const csvLine = (cells: ReadonlyArray<string | number | null>): string =>
  cells.map(csvField).join(',');

/** Lines joined with CRLF line ends and a final one (RFC 4180). */
export const csvDocument = (lines: readonly string[]): string => `${lines.join('\r\n')}\r\n`;

/**
 * Every CSV file starts with a UTF-8 byte-order mark, so a spreadsheet (Excel above all) reads
 * accents as UTF-8; headers are snake_case in every file (issue 25, Standards).
 */
export const CSV_BOM = '\uFEFF';

/** A whole CSV file: the byte-order mark, then the lines (`csvDocument`). */
export const csvFile = (lines: readonly string[]): string => CSV_BOM + csvDocument(lines);
