import {
  CHECK_WINDOW_MONTHS,
  FOUR_NUMBER_KEYS,
  FOUR_NUMBER_LABELS,
  type FourNumbers as FourNumbersValues,
} from '../../../contract/four-numbers';
import { formatCount, plural } from '../../lib/numbers';
import { mutedText } from './looks';

/**
 * The four honest numbers (issue 21 §3): funded, planted, alive at last check, verified; the one
 * display every screen that counts trees uses (landing page, drive page, dashboards, forest).
 * `unconfirmed`: living plants left out of a CO₂ figure shown beside it, said under the numbers.
 */
export function FourNumbers({
  numbers,
  unconfirmed,
  title = 'Trees, counted honestly',
  className = '',
}: {
  numbers: FourNumbersValues;
  unconfirmed?: number | undefined;
  title?: string;
  className?: string;
}) {
  return (
    <section className={className} aria-label={title} data-testid="four-numbers">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FOUR_NUMBER_KEYS.map((key) => (
          <div
            key={key}
            className="flex min-w-0 flex-col gap-1 rounded-2xl border border-base-content/10 bg-base-100 p-4"
            data-testid={`four-${key}`}
          >
            <dt className="text-sm font-medium">{FOUR_NUMBER_LABELS[key].label}</dt>
            <dd
              className="order-first text-2xl font-bold tracking-tight tabular-nums"
              data-testid={`four-${key}-value`}
            >
              {formatCount(numbers[key])}
            </dd>
            <dd className={`text-xs ${mutedText}`}>{FOUR_NUMBER_LABELS[key].means}</dd>
          </div>
        ))}
      </dl>
      {unconfirmed !== undefined ? (
        <p className={`mt-3 text-sm ${mutedText}`} data-testid="four-unconfirmed">
          CO₂ and O₂ count plants alive at last check only
          {unconfirmed > 0
            ? `: ${plural(unconfirmed, 'living plant')} not checked in ${CHECK_WINDOW_MONTHS} months ${unconfirmed === 1 ? 'is' : 'are'} left out as unconfirmed.`
            : '.'}
        </p>
      ) : null}
    </section>
  );
}
