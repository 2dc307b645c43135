const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday"… in the reader's language. */
export function postedAgo(iso: string, now = Date.now(), locale?: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size || unit === 'minute')
      return format.format(Math.round(seconds / size), unit);
  return '';
}

/** The full date and time, for the title of a relative date. */
export const postedOn = (iso: string, locale?: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** Alt text of an update's photo: whose, which of how many, and what the update says. */
export function photoAlt(author: string, index: number, count: number, text: string): string {
  const gist = text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
  return `Photo ${index + 1} of ${count} from ${author}’s update: ${gist}`;
}
