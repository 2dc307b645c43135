// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFakeTimers, useRealTimers } from '../../../test-support/fake-timers';
import { renderWithApp } from '../../../test-support/render';
import en from '../../../../locales/en/drives.json';
import { filtersToParams, parseFilters, RANGE_ERROR } from '../filters';
import { useDriveFilters } from '../use-drive-filters';
import { DriveFiltersForm, SEARCH_DEBOUNCE_MS } from './drive-filters';

// The search waits for typing to pause: the tests move the clock instead of waiting for it.
let user: ReturnType<typeof useFakeTimers>;
beforeEach(() => {
  user = useFakeTimers();
});
afterEach(() => {
  cleanup();
  useRealTimers();
});

function Harness() {
  const [filters, update] = useDriveFilters();
  return <DriveFiltersForm filters={filters} onChange={update} />;
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('DriveFiltersForm with the address bar', () => {
  it('starts from the filters in the address', () => {
    renderWithApp(<Harness />, '/app/delive-event?country=IN&from=2026-05-01&to=2026-05-31&q=oak');
    expect(screen.getByLabelText('Country')).toHaveValue('IN');
    // Shown in the browser's locale (jsdom: en-US).
    expect(screen.getByLabelText('From')).toHaveValue('05/01/2026');
    expect(screen.getByLabelText('To')).toHaveValue('05/31/2026');
    expect(screen.getByLabelText('Search by name')).toHaveValue('oak');
    expect(screen.getByRole('search', { name: 'Filter drives' })).toBeInTheDocument();
  });

  it('puts country and dates in the address at once, and the search once typing pauses', async () => {
    renderWithApp(<Harness />, '/app/delive-event');
    await user.selectOptions(screen.getByLabelText('Country'), 'India');
    expect(location()).toBe('/app/delive-event?country=IN');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-01' } });
    expect(location()).toBe('/app/delive-event?country=IN&from=2026-06-01');

    await user.type(screen.getByLabelText('Search by name'), '  river ');
    // Not per keystroke: the address waits for the pause.
    expect(location()).not.toContain('q=');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(location()).toBe('/app/delive-event?country=IN&from=2026-06-01&q=river');
    expect(screen.getByLabelText('Search by name')).toHaveValue('  river ');
  });

  it('applies the search at once on Enter, and Clear filters empties everything', async () => {
    renderWithApp(<Harness />, '/app/delive-event?when=past&country=FR');
    await user.type(screen.getByLabelText('Search by name'), 'elm{Enter}');
    expect(location()).toBe('/app/delive-event?when=past&country=FR&q=elm');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/app/delive-event?when=past');
    expect(screen.getByLabelText('Search by name')).toHaveValue('');
    expect(screen.getByLabelText('Country')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('flags a range that ends before it starts', () => {
    renderWithApp(<Harness />, '/app/delive-event?from=2026-06-10&to=2026-06-01');
    expect(screen.getByRole('alert')).toHaveTextContent(en[RANGE_ERROR]);
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      expect.stringContaining(en[RANGE_ERROR]),
    );
  });

  it('follows the address when it changes from outside (Back, a link)', async () => {
    renderWithApp(
      <>
        <Harness />
        <Link to="/app/delive-event?q=birch">birch drives</Link>
      </>,
      '/app/delive-event?q=oak',
    );
    expect(screen.getByLabelText('Search by name')).toHaveValue('oak');
    await user.click(screen.getByRole('link', { name: 'birch drives' }));
    expect(screen.getByLabelText('Search by name')).toHaveValue('birch');
    expect(location()).toBe('/app/delive-event?q=birch');
  });
});

describe('parseFilters / filtersToParams', () => {
  it('reads valid values, drops hand-edited nonsense and leaves defaults out of the address', () => {
    const filters = parseFilters(
      new URLSearchParams(
        'when=past&view=map&country=in&from=2026-13-01&to=2026-02-03&q=%20oak%20',
      ),
    );
    expect(filters).toEqual({
      when: 'past',
      view: 'map',
      country: 'IN',
      from: '',
      to: '2026-02-03',
      q: 'oak',
    });
    expect(parseFilters(new URLSearchParams('when=later&view=grid&country=ZZ'))).toEqual({
      when: 'upcoming',
      view: 'list',
      country: '',
      from: '',
      to: '',
      q: '',
    });
    expect(filtersToParams(filters).toString()).toBe(
      'when=past&view=map&country=IN&to=2026-02-03&q=oak',
    );
    expect(filtersToParams(parseFilters(new URLSearchParams(''))).toString()).toBe('');
  });
});
