// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  VerificationQueueItem,
  VerificationQueueResponse,
} from '../../../../contract/tree-verification';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { VerifyQueue } from './verify-queue';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const item = (id: string, over: Partial<VerificationQueueItem> = {}): VerificationQueueItem => ({
  id,
  photoUrl: '/api/files/p',
  location: 'Lodhi Garden, New Delhi',
  lat: 28.593,
  lng: 77.22,
  planter: { id: 'u-1', name: 'Pat Planter' },
  species: { value: 1, label: 'Neem' },
  plants: 3,
  plantedAt: '2026-05-20T00:00:00.000Z',
  drive: { id: 'd-1', name: 'Lodhi drive' },
  photoDistanceM: 12,
  distanceFlagged: false,
  createdAt: '2026-05-21T00:00:00.000Z',
  ...over,
});

/** A queue that loses the trees decided on; records the decisions. */
function serve(initial: VerificationQueueItem[]) {
  let waiting = [...initial];
  const decisions: unknown[] = [];
  const spy = routeFetch((url, init) => {
    if (url.pathname === '/api/trees/verification-queue') {
      const body: VerificationQueueResponse = {
        success: true,
        data: waiting,
        nextCursor: null,
        waiting: waiting.length,
        waitingMore: false,
        canVerify: true,
      };
      return { status: 200, body };
    }
    const match = /^\/api\/trees\/(.+)\/verification$/.exec(url.pathname);
    if (match && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { decision: string; reason?: string };
      decisions.push({ id: match[1], ...body });
      waiting = waiting.filter((t) => t.id !== match[1]);
      return {
        status: 200,
        body: {
          success: true,
          message: body.decision === 'verified' ? 'Tree verified.' : 'Tree rejected.',
          data: {
            id: match[1],
            verification: {
              status: body.decision,
              by: { id: 'o', name: 'Org' },
              at: '2026-06-01T00:00:00.000Z',
              reason: body.reason ?? null,
              photoDistanceM: null,
            },
          },
        },
      };
    }
    return undefined;
  });
  return { spy, decisions };
}

describe('VerifyQueue', () => {
  it('shows each waiting tree with its planter, place and distance flag; verifies one and rejects another with a reason', async () => {
    const user = userEvent.setup();
    const { decisions } = serve([
      item('t-1'),
      item('t-2', {
        photoDistanceM: 640,
        distanceFlagged: true,
        species: { value: 2, label: 'Mango' },
      }),
    ]);
    renderWithApp(<VerifyQueue />);
    expect(await screen.findByTestId('verify-waiting')).toHaveTextContent('2');
    const [first, second] = screen.getAllByTestId('verify-item');
    expect(first).toHaveTextContent('Pat Planter');
    expect(first).toHaveTextContent('Lodhi Garden, New Delhi');
    expect(within(first!).queryByTestId('distance-flag')).toBeNull();
    expect(within(second!).getByTestId('distance-flag')).toHaveTextContent('640 m');

    await user.click(within(first!).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('verify-waiting')).toHaveTextContent('1'));

    await user.click(
      within(screen.getByTestId('verify-item')).getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject Mango' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject tree' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose why');
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong place' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject tree' }));
    await waitFor(() => expect(screen.getByTestId('verify-waiting')).toHaveTextContent('0'));
    expect(decisions).toEqual([
      { id: 't-1', decision: 'verified' },
      { id: 't-2', decision: 'rejected', reason: 'wrong_place' },
    ]);
    expect(screen.getByText(/Nothing to verify right now/)).toBeInTheDocument();
  });
});
