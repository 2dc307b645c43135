import { currencyDigits, formatMoney } from '../../contract/money';
import { useIntlLocale } from './intl-locale';
import { useLocale } from './locale';

/** Money in the reader's language; English keeps the contract's own form ("$2.50"). */
export function useMoney(): (minor: number, currency: string) => string {
  const { locale } = useLocale();
  const intl = useIntlLocale();
  if (locale === 'en') return formatMoney;
  return (minor, currency) =>
    new Intl.NumberFormat(intl ?? locale, { style: 'currency', currency }).format(
      minor / 10 ** currencyDigits(currency),
    );
}
