// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARING_MESSAGES, type ForestVisibility } from '../../../../contract/forest-sharing';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { ShareForest } from './share-forest';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Answers the visibility endpoint; a PUT answers `put` (or saves the body as sent). */
function serve(
  initial: ForestVisibility,
  put?: { status: number; body: unknown },
): { sent: unknown[] } {
  let current = initial;
  const sent: unknown[] = [];
  routeFetch((url, init) => {
    if (url.pathname !== '/api/forest/visibility') return undefined;
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { public: boolean; handle?: string };
      sent.push(body);
      if (put) return put;
      const handle = body.handle ?? current.handle;
      current = {
        public: body.public,
        handle,
        path: body.public && handle ? `/forest/${handle}` : null,
      };
      return { status: 200, body: { success: true, message: 'Saved.', data: current } };
    }
    return { status: 200, body: { success: true, data: current } };
  });
  return { sent };
}

describe('Share your forest', () => {
  it('makes a private forest public with a handle, checked by the contract first', async () => {
    const user = userEvent.setup();
    const { sent } = serve({ public: false, handle: null, path: null });
    renderWithApp(<ShareForest />, '/app/my-forest');
    const section = await screen.findByRole('region', { name: 'Share your forest' });
    expect(section).toHaveTextContent('Your forest is private.');
    const field = within(section).getByLabelText("Your forest's address");
    await user.type(field, 'a_b');
    await user.click(within(section).getByRole('button', { name: 'Make my forest public' }));
    expect(await within(section).findByText(SHARING_MESSAGES.handleCharacters)).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, 'Asha-Rao');
    await user.click(within(section).getByRole('button', { name: 'Make my forest public' }));
    expect(await within(section).findByRole('link', { name: '/forest/asha-rao' })).toHaveAttribute(
      'href',
      '/forest/asha-rao',
    );
    expect(sent).toEqual([{ public: true, handle: 'asha-rao' }]);
    expect(within(section).getByRole('group', { name: 'Share the link' })).toBeVisible();
  });

  it('shows the server’s “taken” message on the field', async () => {
    const user = userEvent.setup();
    serve(
      { public: false, handle: null, path: null },
      {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: SHARING_MESSAGES.handleTaken,
          field: 'handle',
        },
      },
    );
    renderWithApp(<ShareForest />, '/app/my-forest');
    const section = await screen.findByRole('region', { name: 'Share your forest' });
    const field = within(section).getByLabelText("Your forest's address");
    await user.type(field, 'green-team');
    await user.click(within(section).getByRole('button', { name: 'Make my forest public' }));
    expect(await within(section).findByText(SHARING_MESSAGES.handleTaken)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('makes a public forest private again', async () => {
    const user = userEvent.setup();
    const { sent } = serve({ public: true, handle: 'asha', path: '/forest/asha' });
    renderWithApp(<ShareForest />, '/app/my-forest');
    const section = await screen.findByRole('region', { name: 'Share your forest' });
    await user.click(within(section).getByRole('button', { name: 'Make my forest private' }));
    expect(await within(section).findByText(/Your forest is private\./)).toBeVisible();
    expect(sent).toEqual([{ public: false }]);
  });
});
