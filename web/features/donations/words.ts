import { useMemo } from 'react';
import { DEFAULT_CATEGORY, type Donation, type DonationStatus } from '../../../contract/donations';
import { DONATION_CATEGORIES } from '../../../contract/options';
import type { RecurringGift } from '../../../contract/recurring-gifts';
import { useIntlLocale } from '../../i18n/intl-locale';
import { useMoney } from '../../i18n/money';
import { unitMessages } from '../../i18n/units';
import { useT } from '../../i18n/use-t';
import { formatCalendarDay, formatDate } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';
import { donationsMessages, givingMessages, type DonationsKey } from './messages';

type Gift = Pick<Donation, 'kind' | 'trees' | 'amount' | 'currency'>;

/**
 * A donation's words in the reader's language (issue 26): its gift ("3 trees", "$25.00"), who
 * receives it, its status and category, days and counts.
 */
export function useDonationWords() {
  const t = useT(donationsMessages);
  const units = useT(unitMessages);
  const money = useMoney();
  const locale = useIntlLocale();
  return useMemo(() => {
    const trees = (count: number) => units('count.trees', { count });
    const amount = (donation: Pick<Donation, 'amount' | 'currency'>) =>
      money(donation.amount, donation.currency);
    const known = new Set<string>(DONATION_CATEGORIES.map((c) => c.value));
    return {
      t,
      money,
      trees,
      amount,
      count: (n: number) => formatCount(n, locale),
      /** What was given: "3 trees" or "$25.00". */
      gift: (donation: Gift) =>
        donation.kind === 'trees' ? trees(donation.trees) : amount(donation),
      /** Who receives it: the drive, the organisation (issue 22), or the general fund. */
      recipient: (donation: Pick<Donation, 'drive' | 'organisation'>) =>
        donation.drive?.name ?? donation.organisation?.name ?? t('generalFund'),
      /** "14 Mar 2026" in the reader's language, the browser's zone. */
      day: (iso: string) => formatDate(iso, locale),
      /** A calendar day `YYYY-MM-DD`, never shifted by the zone. */
      calendarDay: (day: string) => formatCalendarDay(`${day}T00:00:00Z`, locale),
      status: (status: DonationStatus) => t(`status.${status}`),
      /** A category the server stored: one of the list, the general fund, or as it is. */
      category: (value: string) =>
        value === DEFAULT_CATEGORY.cash
          ? t('generalFund')
          : known.has(value)
            ? t(`category.${value}` as DonationsKey)
            : value,
    };
  }, [t, units, money, locale]);
}

/** A recurring gift in words: "5 trees every month", "$25.00 every year". */
export function useRecurringTitle() {
  const words = useDonationWords();
  const t = useT(givingMessages);
  return (gift: Pick<RecurringGift, 'kind' | 'trees' | 'amount' | 'currency' | 'interval'>) =>
    t('title', { gift: words.gift(gift), interval: gift.interval });
}
