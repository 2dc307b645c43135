import { ACTION_FOR_TASK, CARE_SCHEDULE, type CareTask } from '../../contract/tree-care';
import { CARE_OPEN_END } from '../../server/modules/trees/tree-care-due.repository';

/**
 * The builder's hot paths without a Date object, an intermediate object or array per value: a
 * million trees call each of these several times (`new Date(ms).toISOString()` and the care rules'
 * Dates, objects and arrays were a third of the rows' CPU, garbage collection included).
 * fast-rows.test.ts proves each equal to what it replaces, and the build's consistency check
 * compares every tree's stored care rules with the trees repository's own `careDueRowsOf`.
 */

const DAY = 86_400_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const TWO = Array.from({ length: 60 }, (_, n) => pad(n, 2));
const THREE = Array.from({ length: 1000 }, (_, n) => pad(n, 3));
const dayPrefixes = new Map<number, string>();

/** `new Date(ms).toISOString()` for instants from 1970 to 9999, each day's 'YYYY-MM-DDT' made once. */
export function isoAt(ms: number): string {
  const t = Math.floor(ms);
  const day = Math.floor(t / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  let rest = t - day * DAY;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${prefix}${TWO[h]}:${TWO[m]}:${TWO[s]}.${THREE[rest - s * 1000]}Z`;
}

const HEX2 = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
const hex16 = (n: number) => HEX2[(n >>> 8) & 255]! + HEX2[n & 255]!;
const hex32 = (n: number) => hex16(n >>> 16) + hex16(n & 0xffff);

/**
 * A UUIDv7 for a row made at `ms` from three random 32-bit words: the same text as the
 * generator's former `${hex(ms, 12)}…` formatting (time-ordered like the app's ids).
 */
export function uuidAt(ms: number, a: number, b: number, c: number): string {
  const t = Math.floor(ms);
  const high = Math.floor(t / 4294967296);
  const low = t >>> 0;
  return (
    `${hex16(high)}${hex16(low >>> 16)}-${hex16(low & 0xffff)}-7${HEX2[(a >>> 8) & 15]![1]}${HEX2[a & 255]}-` +
    `${hex16(0x8000 | ((a >>> 16) & 0x3fff))}-${hex32(b)}${hex16(c & 0xffff)}`
  );
}

/** Days since 1970 → [year, month 0–11, day of month] (proleptic Gregorian, H. Hinnant's). */
function civil(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 2 : mp - 10;
  return [yoe + era * 400 + (month <= 1 ? 1 : 0), month, doy - Math.floor((153 * mp + 2) / 5) + 1];
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number) =>
  month === 1 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[month]!;

/** contract/four-numbers' `addCalendarMonths` on epoch milliseconds (same day, clamped; same time). */
export function addMonthsMs(ms: number, months: number): number {
  const days = Math.floor(ms / DAY);
  const [year, month, day] = civil(days);
  const total = year * 12 + month + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  return Date.UTC(y, m, Math.min(day, daysIn(y, m))) + (ms - days * DAY);
}

/** Where each rule's "last done" comes from: the care input's instant and its text. */
const SOURCES: Record<string, readonly [NumberKey, TextKey]> = {
  measure: ['measured', 'measuredAt'],
  checkup: ['checked', 'checkedAt'],
  watered: ['watered', 'wateredAt'],
  weeded: ['weeded', 'weededAt'],
  mulched: ['mulched', 'mulchedAt'],
};
const sourceOf = (rule: (typeof CARE_SCHEDULE)[number]) => {
  const source =
    SOURCES[
      rule.task === 'measure' || rule.task === 'checkup' ? rule.task : ACTION_FOR_TASK[rule.task]
    ];
  // A new kind of rule needs its input here (and in the generator).
  if (!source) throw new Error(`fast-rows: no care input for the rule '${rule.task}'`);
  return source;
};
const RULES = CARE_SCHEDULE.map((rule, index) => ({
  index,
  task: rule.task as CareTask,
  msKey: sourceOf(rule)[0],
  atKey: sourceOf(rule)[1],
  days: 'days' in rule.every ? rule.every.days : null,
  months: 'months' in rule.every ? rule.every.months : null,
  fromMonths: rule.fromYears * 12,
  toMonths: rule.toYears === null ? null : rule.toYears * 12,
}));

/**
 * One living tree's care inputs, as epoch milliseconds (whole ones) with the same instants' text
 * where a rule stores it (`last_done_at`); null when never done. Reused from tree to tree.
 */
export interface CareInput {
  id: string;
  ownerId: string;
  planted: number;
  created: number;
  measured: number | null;
  measuredAt: string | null;
  checked: number | null;
  checkedAt: string | null;
  watered: number | null;
  wateredAt: string | null;
  weeded: number | null;
  weededAt: string | null;
  mulched: number | null;
  mulchedAt: string | null;
}
type NumberKey = 'measured' | 'checked' | 'watered' | 'weeded' | 'mulched';
type TextKey = 'measuredAt' | 'checkedAt' | 'wateredAt' | 'weededAt' | 'mulchedAt';

/**
 * Pushes the tree's `tree_care_due` rows (tree_id, rule, owner_id, task, due_at, closes_at,
 * last_done_at) onto `out`, the same as the trees repository's `careDueRowsOf(tree, from)`:
 * each rule's next due date, rules due only after their window closed left out, and rules
 * closed by `from` too. Answers the rows pushed.
 */
export function pushCareDue(out: unknown[], tree: CareInput, from: number): number {
  const start = Math.max(tree.planted, Math.floor(tree.created / DAY) * DAY);
  let rows = 0;
  for (const rule of RULES) {
    const opens = rule.fromMonths === 0 ? tree.planted : addMonthsMs(tree.planted, rule.fromMonths);
    const closes = rule.toMonths === null ? null : addMonthsMs(tree.planted, rule.toMonths);
    const lastMs = tree[rule.msKey];
    const lastAt = tree[rule.atKey];
    const base = lastAt !== null && lastMs !== null && lastMs > start ? lastMs : start;
    const next = rule.days !== null ? base + rule.days * DAY : addMonthsMs(base, rule.months!);
    const due = Math.max(next, opens);
    if (closes !== null && (due >= closes || closes <= from)) continue;
    out.push(
      tree.id,
      rule.index,
      tree.ownerId,
      rule.task,
      isoAt(due),
      closes === null ? CARE_OPEN_END : isoAt(closes),
      lastAt,
    );
    rows++;
  }
  return rows;
}
