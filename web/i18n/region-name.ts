const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A region's CLDR name in `locale` through Intl.DisplayNames (undefined for a code it does not
 * know); no country list, so the landing can name a drive's country at no bundle cost.
 */
export function regionName(locale: string, code: string): string | undefined {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code);
  } catch {
    return undefined; // not a region code
  }
}
