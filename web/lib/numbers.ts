/**
 * The app's one family of number formats. Everything follows the browser's locale (`locale`
 * undefined) unless a caller passes one (tests do), as lib/dates does for dates. Amounts of money
 * stay in integer minor units until shown; the currency says how many digits it has.
 */
import { currencyDigits } from '../../contract/money';

// Intl formatters are costly to build; keep one per (locale, options).
const cache = new Map<string, Intl.NumberFormat>();
function formatter(locale: string | undefined, options: Intl.NumberFormatOptions = {}) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** A whole number with the locale's grouping: 32180 → "32,180" (en) or "32 180" (fr). */
export function formatCount(value: number, locale?: string): string {
  return formatter(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A count and its noun: "1 tree", "1,250 trees" (`many` for irregular plurals). */
export const plural = (n: number, one: string, many = `${one}s`, locale?: string) =>
  `${formatCount(n, locale)} ${n === 1 ? one : many}`;

/** A number with at most `digits` decimals: 2.891 → "2.9" (en) or "2,9" (fr) with one. */
export function formatDecimal(value: number, digits: number, locale?: string): string {
  return formatter(locale, { maximumFractionDigits: digits }).format(value);
}

/**
 * An amount in minor units as money, its fraction shown only when there is one: 8965000 USD →
 * "$89,650", 123456 USD → "$1,234.56", 5000 JPY → "¥5,000", 1500 BHD → "BHD 1.500". The
 * currency's own digits (contract/money) say what a minor unit is.
 */
export function formatMoneyRounded(minor: number, currency: string, locale?: string): string {
  const digits = currencyDigits(currency);
  const major = minor / 10 ** digits;
  const fraction = Number.isInteger(major) ? 0 : digits;
  return formatter(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(major);
}

/** Kilograms with three significant digits ("1.23 kg", "0.0412 kg"): a tree's impact figures. */
export function formatKg(kg: number, locale?: string): string {
  return `${formatter(locale, { maximumSignificantDigits: 3 }).format(kg)} kg`;
}
