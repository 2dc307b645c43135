import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, majorAmountText } from './money';

describe('money in minor units', () => {
  it('knows how many digits each currency has', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
  });

  it('writes major units as plain digits for spreadsheets', () => {
    expect(majorAmountText(1250, 'USD')).toBe('12.50');
    expect(majorAmountText(1250, 'JPY')).toBe('1250');
    expect(majorAmountText(0, 'INR')).toBe('0.00');
  });

  it('reads as people write money', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
  });
});
