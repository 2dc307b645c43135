/**
 * A period of whole UTC days split into the whole months inside it and the days outside them, so
 * a figure kept per month and per day reads a row per month plus at most two partial months of
 * day rows (the organisers' month tables, migration 0039).
 */
export interface PeriodMonths {
  /** Whole months [from, before) as YYYY-MM (either end open); null when none is whole. */
  months: { from?: string; before?: string } | null;
  /** Day ranges [from, before) as YYYY-MM-DD: the period's partial first and last months. */
  days: Array<{ from: string; before: string }>;
}

function nextMonth(month: string): string {
  const d = new Date(`${month}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
}

/**
 * [from, before) (ISO instants at 00:00Z, as `periodBounds` gives them; either open) as whole
 * months and the days around them.
 */
export function periodMonths(from?: string, before?: string): PeriodMonths {
  const fromDay = from?.slice(0, 10);
  const beforeDay = before?.slice(0, 10);
  // Whole months: from the first month starting at or after `from` to the month of `before`.
  const lo =
    fromDay === undefined
      ? undefined
      : fromDay.endsWith('-01')
        ? fromDay.slice(0, 7)
        : nextMonth(fromDay.slice(0, 7));
  const hi = beforeDay?.slice(0, 7);
  if (fromDay !== undefined && beforeDay !== undefined && lo! >= hi!)
    return {
      months: null,
      days: fromDay < beforeDay ? [{ from: fromDay, before: beforeDay }] : [],
    };
  const days: PeriodMonths['days'] = [];
  if (fromDay !== undefined && fromDay < `${lo}-01`)
    days.push({ from: fromDay, before: `${lo}-01` });
  if (beforeDay !== undefined && `${hi}-01` < beforeDay)
    days.push({ from: `${hi}-01`, before: beforeDay });
  return {
    months: {
      ...(lo === undefined ? {} : { from: lo }),
      ...(hi === undefined ? {} : { before: hi }),
    },
    days,
  };
}

/** The same split as the ranges to read: the whole months' span, then each partial month's days. */
export function periodSpans(
  from?: string,
  before?: string,
): Array<{ span: 'month' | 'day'; from?: string; before?: string }> {
  const split = periodMonths(from, before);
  return [
    ...(split.months ? [{ span: 'month' as const, ...split.months }] : []),
    ...split.days.map((range) => ({ span: 'day' as const, ...range })),
  ];
}
