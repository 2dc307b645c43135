import { FOREST_PATH } from '../../../contract/app-paths';
import { currencyDigits, formatMoney } from '../../../contract/money';
import type { CurrencyTotal } from '../../../contract/dashboards';
import { formatDate, formatMonthKey } from '../../lib/dates';
import type { DashboardsT } from './messages';

export const PATHS = {
  myForest: FOREST_PATH,
  register: '/app/tree-registeration',
  myTrees: '/app/my-trees',
  myTreesReplanting: '/app/my-trees#replanting',
  plantations: '/app/delive-event',
  myPlantations: '/app/mydelive-event',
  donate: '/app/donate-tree',
  transactions: '/app/transactions',
  impactMethod: '/documentation#impact-method',
  drive: (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`,
  tree: (id: string) => `/app/trees/${encodeURIComponent(id)}`,
  replant: (id: string) => `/app/tree-registeration?replaces=${encodeURIComponent(id)}`,
} as const;

const kgFormats = new Map<string, Intl.NumberFormat>();
const kg = (locale?: string) => {
  let format = kgFormats.get(locale ?? '');
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    kgFormats.set(locale ?? '', format);
  }
  return format;
};

/** "12.3 kg", or "1.2 t" from a tonne up (symbols every language writes so). */
export function formatKg(value: number, locale?: string): string {
  return value >= 1000 ? `${kg(locale).format(value / 1000)} t` : `${kg(locale).format(value)} kg`;
}

export const formatMonth = (month: string, locale?: string) => formatMonthKey(month, locale);

export const formatDay = (iso: string, locale?: string) => formatDate(iso, locale);

/** "$85.00 · €10.00", or "Nothing yet". */
export const formatTotals = (totals: readonly CurrencyTotal[], t: DashboardsT) =>
  totals.length === 0
    ? t('nothingYet')
    : totals.map((total) => formatMoney(total.amountMinor, total.currency)).join(' · ');

/** Major units of an amount (for chart axes and tables). */
export function majorUnits(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** currencyDigits(currency);
}

/** YYYY-MM-DD of a date in the browser's zone (the period picker's values). */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
