// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test-support/render';
import { buildDrive } from '../../../test-support/fixtures';
import { MyDrives } from './my-drives';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * Answers /api/drives/mine per list: `organised` has `total` drives, 12 a page (cursor
 * `after-<page>`); `joined` has none.
 */
function answerPages(total: number) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://test');
    const part = url.searchParams.get('part');
    const cursor = url.searchParams.get('cursor');
    const page = cursor ? Number(cursor.slice('after-'.length)) + 1 : 1;
    const count = part === 'organised' ? Math.max(0, Math.min(12, total - (page - 1) * 12)) : 0;
    const drives = Array.from({ length: count }, (_, i) => {
      const n = (page - 1) * 12 + i + 1;
      return buildDrive({ id: `d-${n}`, _id: `d-${n}`, driveName: `Drive ${n}` });
    });
    const next = part === 'organised' && page * 12 < total ? `after-${page}` : null;
    return Promise.resolve(
      jsonResponse({
        success: true,
        data: { organised: part === 'organised' ? drives : [], joined: [] },
        nextCursor: { organised: next, joined: null },
      }),
    );
  });
}

describe('MyDrives', () => {
  it('loads each list on its own, a page at a time, following that list’s cursor', async () => {
    const user = userEvent.setup();
    const fetch = answerPages(14);
    renderWithApp(<MyDrives />);
    const organised = await screen.findByTestId('my-organised');
    expect(await within(organised).findAllByTestId('drive-card')).toHaveLength(12);
    const urls = () => fetch.mock.calls.map((call) => String(call[0]));
    expect(urls()).toEqual(
      expect.arrayContaining([
        '/api/drives/mine?when=upcoming&part=organised',
        '/api/drives/mine?when=upcoming&part=joined',
      ]),
    );
    expect(
      await within(screen.getByTestId('my-joined')).findByTestId('empty-state'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('my-joined')).queryByRole('button', { name: 'Load more' }),
    ).toBeNull();

    await user.click(within(organised).getByRole('button', { name: 'Load more' }));
    expect(await within(organised).findByText('Drive 14')).toBeInTheDocument();
    expect(urls()).toContain('/api/drives/mine?when=upcoming&part=organised&cursor=after-1');
    expect(within(organised).getAllByTestId('drive-card')).toHaveLength(14);
    expect(within(organised).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  describe('Organised by me, by account type (issue 23 §7)', () => {
    /** Answers /api/drives/mine: `organised[when]` drives organised, none joined. */
    function answer(organised: { upcoming: number; past: number }) {
      return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
        const url = new URL(String(input), 'http://test');
        const when = url.searchParams.get('when') as 'upcoming' | 'past';
        const part = url.searchParams.get('part');
        const drives = Array.from({ length: part === 'organised' ? organised[when] : 0 }, (_, i) =>
          buildDrive({ id: `${when}-${i}`, _id: `${when}-${i}`, driveName: `${when} ${i}` }),
        );
        return Promise.resolve(
          jsonResponse({
            success: true,
            data: { organised: drives, joined: [] },
            nextCursor: { organised: null, joined: null },
          }),
        );
      });
    }

    it('an individual who organised nothing sees no empty "Organised by me"', async () => {
      const fetch = answer({ upcoming: 0, past: 0 });
      renderWithApp(<MyDrives profileType="individual" />);
      expect(
        await within(await screen.findByTestId('my-joined')).findByTestId('empty-state'),
      ).toBeInTheDocument();
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
      expect(screen.queryByTestId('my-organised')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Organised by me' })).toBeNull();
    });

    it('an individual who organised a drive (say for their team) still sees it, past ones too', async () => {
      answer({ upcoming: 0, past: 1 });
      renderWithApp(<MyDrives profileType="individual" />);
      const organised = await screen.findByTestId('my-organised');
      expect(within(organised).getByRole('heading', { name: 'Organised by me' })).toBeVisible();
    });

    it('a corporate account keeps the section, empty or not', async () => {
      answer({ upcoming: 0, past: 0 });
      renderWithApp(<MyDrives profileType="corporate" />);
      const organised = await screen.findByTestId('my-organised');
      expect(await within(organised).findByTestId('empty-state')).toHaveTextContent(
        'You are not organising any upcoming drives.',
      );
    });
  });
});
