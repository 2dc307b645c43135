// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubObjectUrls } from '../../../test-support/render';
import { YearlyStatements } from './yearly-statements';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('YearlyStatements', () => {
  it("offers this year's and last year's statement, fetched with the session as a PDF", async () => {
    stubObjectUrls();
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      asked.push(String(input));
      return Promise.resolve(
        new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
      );
    });
    const user = userEvent.setup();
    renderWithApp(<YearlyStatements now={new Date('2026-11-27T09:00:00Z')} />);
    expect(screen.getByRole('button', { name: 'Statement 2025 (PDF)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Statement 2026 (PDF)' }));
    await waitFor(() => expect(asked).toEqual(['/api/donations/statement?year=2026']));
    expect(URL.createObjectURL).toHaveBeenCalled();
  });
});
