// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { MemberActivity } from './member-activity';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const drive = {
  id: 'd-1',
  driveName: 'River oaks',
  driveDate: '2026-12-05T03:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  place: 'Cubbon Park, Bengaluru, India',
  isPast: false,
};

describe('MemberActivity', () => {
  it("links to the member's drives (in their zone) and trees", async () => {
    routeFetch(
      (url) =>
        url.pathname === '/api/drives/member/u-1'
          ? { status: 200, body: { success: true, data: { organised: [drive], joined: [] } } }
          : undefined,
      (url) =>
        url.pathname === '/api/trees/member/u-1'
          ? {
              status: 200,
              body: {
                success: true,
                total: 1,
                data: [
                  {
                    id: 't-1',
                    name: 'Sunny',
                    species: 'Neem (Neem)',
                    count: 1,
                    status: 'healthy',
                    plantedAt: '2026-03-03T00:00:00.000Z',
                  },
                ],
              },
            }
          : undefined,
    );
    renderWithApp(<MemberActivity id="u-1" name="Rowan" />);
    const organised = await screen.findByRole('list', { name: 'Organised' });
    expect(within(organised).getByRole('link', { name: 'River oaks' })).toHaveAttribute(
      'href',
      '/app/delive-detail/d-1',
    );
    expect(within(organised).getByText(/\(Asia\/Kolkata, GMT\+5:30\)/)).toBeInTheDocument();
    expect(screen.getByText('Rowan has not joined a drive yet.')).toBeInTheDocument();
    const trees = await screen.findByRole('list', { name: 'Trees of Rowan' });
    expect(within(trees).getByRole('link', { name: 'Sunny' })).toHaveAttribute(
      'href',
      '/app/trees/t-1',
    );
    expect(within(trees).getByText(/Neem \(Neem\) · Healthy · planted/)).toBeInTheDocument();
  });

  it('offers Try again when the lists cannot be loaded', async () => {
    routeFetch((url) =>
      url.pathname.startsWith('/api/') ? { status: 500, body: { success: false } } : undefined,
    );
    renderWithApp(<MemberActivity id="u-1" name="Rowan" />);
    expect(await screen.findByText('The drives could not be loaded just now.')).toBeInTheDocument();
    expect(await screen.findByText('The trees could not be loaded just now.')).toBeInTheDocument();
  });
});
