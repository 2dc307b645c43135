// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DateField,
  localeDatePattern,
  parseLocaleDay,
  patternForPeople,
  showDay,
} from './date-field';

afterEach(cleanup);

describe('the locale pattern', () => {
  it.each([
    ['en-US', 'MM/dd/yyyy', 'mm/dd/yyyy'],
    ['en-GB', 'dd/MM/yyyy', 'dd/mm/yyyy'],
    ['de-DE', 'dd.MM.yyyy', 'dd.mm.yyyy'],
    ['ja-JP', 'yyyy/MM/dd', 'yyyy/mm/dd'],
  ])('%s reads days as %s (%s)', (locale, pattern, people) => {
    expect(localeDatePattern(locale)).toBe(pattern);
    expect(patternForPeople(localeDatePattern(locale))).toBe(people);
  });

  it('reads whole days only, in the pattern or as ISO', () => {
    expect(parseLocaleDay('31/12/2026', 'dd/MM/yyyy')).toBe('2026-12-31');
    expect(parseLocaleDay('1/2/2026', 'dd/MM/yyyy')).toBe('2026-02-01');
    expect(parseLocaleDay('12/31/2026', 'MM/dd/yyyy')).toBe('2026-12-31');
    expect(parseLocaleDay('2026-12-31', 'dd/MM/yyyy')).toBe('2026-12-31');
    // Half typed: not year 2.
    expect(parseLocaleDay('31/12/2', 'dd/MM/yyyy')).toBeNull();
    expect(parseLocaleDay('31/02/2026', 'dd/MM/yyyy')).toBeNull();
    expect(parseLocaleDay('12/31/2026', 'dd/MM/yyyy')).toBeNull();
    expect(showDay('2026-12-31', 'dd/MM/yyyy')).toBe('31/12/2026');
    expect(showDay('31/1', 'dd/MM/yyyy')).toBe('31/1');
  });
});

const held = vi.fn<(value: string) => void>();
const last = () => held.mock.lastCall?.[0];
function Harness({ locale, start = '' }: { locale: string; start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <DateField
      label="Planting date"
      name="plantedAt"
      value={value}
      onChange={(next) => {
        held(next);
        setValue(next);
      }}
      locale={locale}
      max="2030-12-31"
    />
  );
}

describe('DateField', () => {
  it("shows the day in the locale's pattern and says it in the hint", () => {
    render(<Harness locale="en-GB" start="2026-03-05" />);
    const input = screen.getByLabelText('Planting date');
    expect(input).toHaveValue('05/03/2026');
    expect(input).toHaveAccessibleDescription(/dd\/mm\/yyyy/);
    cleanup();
    render(<Harness locale="en-US" start="2026-03-05" />);
    expect(screen.getByLabelText('Planting date')).toHaveValue('03/05/2026');
  });

  it('an empty field shows the pattern as its placeholder', () => {
    render(<Harness locale="en-GB" />);
    expect(screen.getByLabelText('Planting date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  });

  it('a typed day and the same day picked from the calendar give the same ISO value', async () => {
    const user = userEvent.setup();
    render(<Harness locale="en-GB" start="2026-03-01" />);
    const input = screen.getByLabelText('Planting date');
    await user.clear(input);
    await user.type(input, '14/03/2026');
    expect(last()).toBe('2026-03-14');
    const typed = last();

    await user.clear(input);
    expect(last()).toBe('');
    await user.type(input, '01/03/2026');
    await user.tab();
    // Picked: the calendar opens on the field's month; choose the 14th.
    await user.click(input);
    const day = await screen.findByRole('gridcell', { name: /March 14th, 2026/ });
    await user.click(day);
    expect(last()).toBe(typed);
    expect(input).toHaveValue('14/03/2026');
  });

  it('hands on text that is not a day, so the schema can say so', async () => {
    const user = userEvent.setup();
    render(<Harness locale="en-GB" />);
    const input = screen.getByLabelText('Planting date');
    await user.type(input, '31/13/2026');
    await user.tab();
    expect(last()).toBe('31/13/2026');
    expect(input).toHaveValue('31/13/2026');
  });
});
