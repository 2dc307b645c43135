/** The full date and time, for the title of a relative date. */
export const postedOn = (iso: string, locale?: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

import type { DriveUpdatesT } from './messages';

/** Alt text of an update's photo: whose, which of how many, and what the update says. */
export function photoAlt(
  t: DriveUpdatesT,
  author: string,
  index: number,
  count: number,
  text: string,
): string {
  const gist = text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
  return t('photoAlt', { index: index + 1, count, name: author, gist });
}
