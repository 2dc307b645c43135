// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test-support/render';
import { buildDrive } from '../../../test-support/fixtures';
import { DEFAULT_FILTERS } from '../filters';
import { DriveList } from './drive-list';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Answers the list endpoint with `total` drives, 12 a page; a page's cursor is `after-<page>`. */
function answerPages(total: number) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://test');
    const cursor = url.searchParams.get('cursor');
    const page = cursor ? Number(cursor.slice('after-'.length)) + 1 : 1;
    const count = Math.max(0, Math.min(12, total - (page - 1) * 12));
    const data = Array.from({ length: count }, (_, i) => {
      const n = (page - 1) * 12 + i + 1;
      return buildDrive({ id: `d-${n}`, _id: `d-${n}`, driveName: `Drive ${n}` });
    });
    const nextCursor = page * 12 < total ? `after-${page}` : null;
    return Promise.resolve(
      jsonResponse({ success: true, data, page, limit: 12, total, nextCursor }),
    );
  });
}

describe('DriveList', () => {
  it('shows the total and loads the next page on "Load more"', async () => {
    const user = userEvent.setup();
    const fetch = answerPages(14);
    renderWithApp(<DriveList filters={{ ...DEFAULT_FILTERS, country: 'IN' }} onClear={() => {}} />);
    expect(await screen.findByText('Showing 12 of 14 drives')).toBeInTheDocument();
    expect(screen.getAllByTestId('drive-card')).toHaveLength(12);
    expect(String(fetch.mock.calls[0]![0])).toBe(
      '/api/trees/geteventdetail?page=1&limit=12&when=upcoming&country=IN',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('14 drives')).toBeInTheDocument();
    // The next page follows the first answer's cursor, not a page number.
    expect(String(fetch.mock.calls[1]![0])).toBe(
      '/api/trees/geteventdetail?cursor=after-1&limit=12&when=upcoming&country=IN',
    );
    expect(screen.getAllByTestId('drive-card')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('fetches the first card’s photo at once (the largest paint on a phone), the rest lazily', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        jsonResponse({
          success: true,
          data: [1, 2, 3].map((n) =>
            buildDrive({
              id: `d-${n}`,
              _id: `d-${n}`,
              driveName: `Drive ${n}`,
              image: `/p${n}.jpg`,
            }),
          ),
          page: 1,
          limit: 12,
          total: 3,
          nextCursor: null,
        }),
      ),
    );
    renderWithApp(<DriveList filters={DEFAULT_FILTERS} onClear={() => {}} />);
    await screen.findByText('3 drives');
    const photos = screen.getAllByTestId('drive-image');
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(photos[0]).toHaveAttribute('fetchpriority', 'high');
  });

  it('says when nothing matches, with a way to clear the filters', async () => {
    const user = userEvent.setup();
    answerPages(0);
    const onClear = vi.fn();
    renderWithApp(<DriveList filters={{ ...DEFAULT_FILTERS, q: 'zzz' }} onClear={onClear} />);
    expect(await screen.findByText('No upcoming drives match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('does not ask the server while the date range is backwards', () => {
    const fetch = answerPages(3);
    renderWithApp(
      <DriveList
        filters={{ ...DEFAULT_FILTERS, from: '2026-05-02', to: '2026-05-01' }}
        onClear={() => {}}
      />,
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('Loading drives…')).not.toBeInTheDocument();
  });
});
