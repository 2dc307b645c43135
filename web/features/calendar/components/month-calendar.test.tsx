// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { MonthCalendar } from './month-calendar';

const today = new Date(2026, 2, 14, 9, 30);

function renderCalendar(path = '/app/calendar', locale = 'en-GB') {
  const fetch = answerFetch(200, {
    success: true,
    data: [
      {
        id: 'd-1',
        title: 'River oaks',
        theme: 'GREEN',
        startTime: new Date(2026, 2, 20, 10).toISOString(),
        endTime: new Date(2026, 2, 20, 12).toISOString(),
        timeZone: 'Asia/Kolkata',
        role: 'participant',
      },
    ],
  });
  renderWithApp(<MonthCalendar today={today} locale={locale} />, path);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MonthCalendar', () => {
  it("shows this month's grid with weekday headers, today marked, and asks for the days shown", async () => {
    const fetch = renderCalendar();
    expect(screen.getByRole('heading', { level: 2, name: 'March 2026' })).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'Your drives in March 2026' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual('Mon Tue Wed Thu Fri Sat Sun'.split(' '));
    expect(within(grid).getAllByRole('button')).toHaveLength(42);
    const todayButton = screen.getByRole('button', { name: /^Saturday,? 14 March 2026, today/ });
    expect(todayButton).toHaveAttribute('aria-current', 'date');
    expect(fetch).toHaveBeenCalledWith(
      '/api/drives/calendar?from=2026-02-23&to=2026-04-05',
      expect.anything(),
    );
    expect(
      await screen.findByRole('button', {
        name: /^Friday,? 20 March 2026, 1 drive:\s*River oaks$/,
      }),
    ).toBeInTheDocument();
  });

  it("names the month and weekdays in the browser's locale and starts the week on its first day", () => {
    const fetch = renderCalendar('/app/calendar', 'en-US');
    const grid = screen.getByRole('table', { name: 'Your drives in March 2026' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    // 1 March 2026 is a Sunday: Sunday-first weeks need no February days and five rows.
    expect(within(grid).getAllByRole('button')).toHaveLength(35);
    expect(
      screen.getByRole('button', { name: /^Saturday, March 14, 2026, today/ }),
    ).toHaveAttribute('aria-current', 'date');
    expect(fetch).toHaveBeenCalledWith(
      '/api/drives/calendar?from=2026-03-01&to=2026-04-04',
      expect.anything(),
    );
    cleanup();
    renderCalendar('/app/calendar', 'fr-FR');
    expect(screen.getByRole('heading', { level: 2, name: 'mars 2026' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('lun.');
  });

  it('moves to the next and previous month and back to today, keeping the month in the address', async () => {
    const user = userEvent.setup();
    renderCalendar();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?month=2026-04');
    expect(screen.queryByRole('button', { current: 'date' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'February 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/calendar$/);
  });

  it('opens on the month in the address', () => {
    renderCalendar('/app/calendar?month=2025-12');
    expect(screen.getByRole('heading', { name: 'December 2025' })).toBeInTheDocument();
  });

  it("opens a day's drives in the right drawer, by click or Enter", async () => {
    const user = userEvent.setup();
    renderCalendar();
    const day = await screen.findByRole('button', { name: /^Friday,? 20 March 2026, 1 drive/ });
    day.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: /^Friday,? 20 March 2026$/ });
    expect(within(drawer).getByText('River oaks', { selector: 'p' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'River oaks' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Sunday,? 15 March 2026, no drives/ }));
    const empty = await screen.findByRole('dialog', { name: /^Sunday,? 15 March 2026$/ });
    expect(within(empty).getByText('No drives on this day.')).toBeInTheDocument();
  });
});
