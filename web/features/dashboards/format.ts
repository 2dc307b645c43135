import { FOREST_PATH } from '../../../contract/forest';
import { currencyDigits, formatMoney } from '../../../contract/money';
import type { CurrencyTotal } from '../../../contract/dashboards';
import { formatDate, formatMonthKey } from '../../lib/dates';

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

const kg = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "12.3 kg", or "1.2 t" from a tonne up. */
export function formatKg(value: number): string {
  return value >= 1000 ? `${kg.format(value / 1000)} t` : `${kg.format(value)} kg`;
}

export const formatMonth = (month: string) => formatMonthKey(month);

export const formatDay = (iso: string) => formatDate(iso);

/** "$85.00 · €10.00", or "Nothing yet". */
export const formatTotals = (totals: readonly CurrencyTotal[]) =>
  totals.length === 0
    ? 'Nothing yet'
    : totals.map((t) => formatMoney(t.amountMinor, t.currency)).join(' · ');

/** Major units of an amount (for chart axes and tables). */
export function majorUnits(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** currencyDigits(currency);
}

/** YYYY-MM-DD of a date in the browser's zone (the period picker's values). */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
