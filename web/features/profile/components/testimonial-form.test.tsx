// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TESTIMONIAL_MESSAGES } from '../../../../contract/testimonials';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { TestimonialForm } from './testimonial-form';

const renderForm = () =>
  renderWithApp(
    <>
      <h2 id="words">Your testimonial</h2>
      <TestimonialForm headingId="words" />
    </>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TestimonialForm', () => {
  it('starts empty and unshown, and sends the words with the consent the member gives', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    routeFetch((url, init) => {
      if (url.pathname !== '/api/users/me/testimonial') return undefined;
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { quote: string; show: boolean };
        sent.push(body);
        return {
          status: 200,
          body: {
            success: true,
            message: TESTIMONIAL_MESSAGES.savedShown,
            data: { ...body, updatedAt: '2026-06-01T00:00:00.000Z' },
          },
        };
      }
      return { status: 200, body: { success: true, data: null } };
    });
    renderForm();
    const words = await screen.findByLabelText('Your words');
    const consent = screen.getByRole('checkbox', { name: "Show this on Canopy's home page" });
    expect(words).toHaveValue('');
    expect(consent).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Delete testimonial' })).toBeNull();

    await user.type(words, 'Short');
    await user.click(screen.getByRole('button', { name: 'Save testimonial' }));
    expect(await screen.findByText(TESTIMONIAL_MESSAGES.tooShort)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(words, ' words, now long enough.');
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Save testimonial' }));
    await waitFor(() =>
      expect(sent).toEqual([{ quote: 'Short words, now long enough.', show: true }]),
    );
    expect(await screen.findByRole('button', { name: 'Delete testimonial' })).toBeVisible();
  });

  it('shows a saved testimonial and deletes it on request', async () => {
    const user = userEvent.setup();
    let stored: unknown = { quote: 'We planted forty oaks.', show: true, updatedAt: '2026-06-01' };
    routeFetch((url, init) => {
      if (url.pathname !== '/api/users/me/testimonial') return undefined;
      if (init?.method === 'DELETE') {
        stored = null;
        return {
          status: 200,
          body: { success: true, message: TESTIMONIAL_MESSAGES.deleted, data: null },
        };
      }
      return { status: 200, body: { success: true, data: stored } };
    });
    renderForm();
    expect(await screen.findByLabelText('Your words')).toHaveValue('We planted forty oaks.');
    expect(screen.getByRole('checkbox', { name: "Show this on Canopy's home page" })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Delete testimonial' }));
    await waitFor(() => expect(screen.getByLabelText('Your words')).toHaveValue(''));
    expect(stored).toBeNull();
  });
});
