// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFakeTimers, useRealTimers } from '../../../test-support/fake-timers';
import { jsonResponse, renderWithApp } from '../../../test-support/render';
import { ProfileSearch } from './profile-search';

const quickLinks = [
  { id: 'me', label: 'Your profile', to: '/app/user-profile/me' },
  { id: 'plantations', label: 'Plantations', to: '/app/delive-event' },
];

const renderSearch = () =>
  renderWithApp(<ProfileSearch defaultOptions={quickLinks} />, '/app/dashboard');

const answer = (status: number, body: unknown) => Promise.resolve(jsonResponse(body, status));

const people = {
  success: true,
  data: [
    { _id: 'id-1', id: 'id-1', username: 'fern', name: 'Fern Gully' },
    { _id: 'id-2', id: 'id-2', username: 'fernando', name: null },
  ],
};

// The search waits for typing to settle: the tests move the clock instead of waiting for it.
let user: ReturnType<typeof useFakeTimers>;
beforeEach(() => {
  sessionStorage.clear();
  user = useFakeTimers();
});
afterEach(() => {
  cleanup();
  useRealTimers();
  vi.restoreAllMocks();
});

describe('ProfileSearch', () => {
  it('shows the quick links below three characters and never searches', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search people' });
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Quick links' })).toBeVisible();
    await user.type(box, ' fe ');
    // Well past the debounce: still nothing to search for.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('option', { name: 'Your profile' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('searches once typing settles, lists members, and Down + Enter opens one', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, people));
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search people' });
    await user.type(box, 'fern');
    const option = await screen.findByRole('option', { name: /Fern Gully/ });
    // Debounced: one request for the settled text, not one per key.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/trees/user-profile?key=fern');
    expect(screen.getByRole('option', { name: /fernando/ })).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /fernando/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/user-profile\/id-1$/),
    );
    expect(box).toHaveValue('');
  });

  it('Escape closes the list first, then clears the text', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, people));
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search people' });
    await user.type(box, 'fern');
    await screen.findByRole('option', { name: /Fern Gully/ });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('fern');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('a failed search quietly shows no members', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(500, { success: false, message: 'boom', code: 'INTERNAL' }),
    );
    renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Search people' }), 'fern');
    expect(
      await screen.findByText('No members found.', { selector: 'p:not(.sr-only)' }),
    ).toBeVisible();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
