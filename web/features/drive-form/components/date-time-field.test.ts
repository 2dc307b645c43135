import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, parseTypedDate } from './date-time-field';
import { dateFnsLocale } from '../../../components/ui/date-picker-language';

describe('date pickers in the member’s language', () => {
  it('write and read the date and time in that language’s own short form', () => {
    const when = new Date(2026, 11, 31, 9, 30);
    const cases = [
      ['en', '12/31/2026, 9:30 AM'],
      ['es', '31/12/2026, 09:30'],
      ['hi', '31/12/2026, 9:30 पूर्वाह्न'],
    ] as const;
    for (const [language, written] of cases) {
      const locale = dateFnsLocale(language);
      expect(format(when, DATE_FORMAT, { locale })).toBe(written);
      expect(parseTypedDate(written, new Date(2026, 0, 1), locale)).toEqual(when);
    }
    expect(dateFnsLocale('xx')).toBe(dateFnsLocale('en'));
  });
});
