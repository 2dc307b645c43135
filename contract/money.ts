/** Amounts are kept in minor units (cents, paise); these turn them into what people read. */

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The currency's formatter, made once per currency (a new Intl.NumberFormat costs ~60 µs: the
 * impact report formats every month's money per currency).
 */
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    if (formats.size >= 200) formats.clear();
    formats.set(currency, format);
  }
  return format;
}

/** Digits after the point in `currency` (2 for USD, 0 for JPY). */
export const currencyDigits = (currency: string) =>
  currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;

/** "12.50": major units as plain digits, for spreadsheets and fonts without the symbol. */
export function majorAmountText(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

/** "$12.50": how an amount in minor units reads to people. */
export function formatMoney(amountMinor: number, currency: string): string {
  return currencyFormat(currency).format(amountMinor / 10 ** currencyDigits(currency));
}
