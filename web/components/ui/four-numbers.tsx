import {
  CHECK_WINDOW_MONTHS,
  FOUR_NUMBER_KEYS,
  type FourNumbers as FourNumbersValues,
} from '../../../contract/four-numbers';
import { formatCount } from '../../lib/numbers';
import { useIntlLocale } from '../../i18n/intl-locale';
import { useT } from '../../i18n/use-t';
import { commonMessages } from '../../i18n/common';
import { mutedText } from './looks';

/**
 * The four honest numbers (issue 21 §3): funded, planted, alive at last check, verified; the one
 * display every screen that counts trees uses (landing page, drive page, dashboards, forest).
 * `unconfirmed`: living plants left out of a CO₂ figure shown beside it, said under the numbers.
 */
export function FourNumbers({
  numbers,
  unconfirmed,
  title,
  className = '',
}: {
  numbers: FourNumbersValues;
  unconfirmed?: number | undefined;
  title?: string;
  className?: string;
}) {
  const tc = useT(commonMessages);
  const locale = useIntlLocale();
  const months = String(CHECK_WINDOW_MONTHS);
  return (
    <section
      className={className}
      aria-label={title ?? tc('four.title')}
      data-testid="four-numbers"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FOUR_NUMBER_KEYS.map((key) => (
          <div
            key={key}
            className="flex min-w-0 flex-col gap-1 rounded-2xl border border-base-content/10 bg-base-100 p-4"
            data-testid={`four-${key}`}
          >
            <dt className="text-sm font-medium">{tc(`four.${key}`)}</dt>
            <dd
              className="order-first text-2xl font-bold tracking-tight tabular-nums"
              data-testid={`four-${key}-value`}
            >
              {formatCount(numbers[key], locale)}
            </dd>
            <dd className={`text-xs ${mutedText}`}>{tc(`four.${key}Means`, { months })}</dd>
          </div>
        ))}
      </dl>
      {unconfirmed !== undefined ? (
        <p className={`mt-3 text-sm ${mutedText}`} data-testid="four-unconfirmed">
          {unconfirmed > 0
            ? tc('four.unconfirmed', { count: unconfirmed, months })
            : tc('four.unconfirmedNone')}
        </p>
      ) : null}
    </section>
  );
}
