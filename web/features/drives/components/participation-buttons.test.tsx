// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRIVE_MESSAGES } from '../../../../contract/drives';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { buildDrive } from '../../../test-support/fixtures';
import { useDrive } from '../api';
import { ParticipationButtons, participationState } from './participation-buttons';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Reads the drive from the cache, as the detail page does, so a join shows at once. */
function Detail() {
  const drive = useDrive('d-1');
  if (!drive.data) return null;
  return (
    <>
      <p data-testid="count">{drive.data.participantCount}</p>
      <ParticipationButtons drive={drive.data} />
    </>
  );
}

describe('ParticipationButtons', () => {
  it('offers Join on an upcoming drive', () => {
    renderWithApp(<ParticipationButtons drive={buildDrive()} />);
    expect(screen.getByRole('button', { name: 'Join drive' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Leave drive' })).not.toBeInTheDocument();
  });

  it('keeps Join off on a past drive and says why', () => {
    renderWithApp(<ParticipationButtons drive={buildDrive({ isPast: true })} />);
    const join = screen.getByRole('button', { name: 'Join drive' });
    expect(join).toBeDisabled();
    expect(join).toHaveAccessibleDescription(DRIVE_MESSAGES.pastDrive);
  });

  it('offers Leave once joined, and nothing to the organiser', () => {
    renderWithApp(<ParticipationButtons drive={buildDrive({ joined: true })} />);
    expect(screen.getByRole('button', { name: 'Leave drive' })).toBeEnabled();
    expect(screen.getByText('You have joined this drive.')).toBeInTheDocument();
    cleanup();
    renderWithApp(<ParticipationButtons drive={buildDrive({ isOrganizer: true })} />);
    expect(screen.queryByRole('button', { name: /Join|Leave/ })).not.toBeInTheDocument();
    expect(screen.getByText('You organise this drive.')).toBeInTheDocument();
  });

  it('joins: the count and the button change with the answer', async () => {
    const user = userEvent.setup();
    const fetch = answerFetch(200, {
      success: true,
      data: { ...buildDrive({ participantCount: 0 }), participants: [] },
    });
    renderWithApp(<Detail />);
    await user.click(await screen.findByRole('button', { name: 'Join drive' }));
    expect(screen.getByTestId('count')).toHaveTextContent('0');

    fetch.mockImplementation((input, init) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            init?.method === 'POST'
              ? {
                  success: true,
                  message: DRIVE_MESSAGES.joined,
                  data: { joined: true, participantCount: 1 },
                }
              : {
                  success: true,
                  data: { ...buildDrive({ participantCount: 1, joined: true }), participants: [] },
                },
          ),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Join drive' }));
    expect(await screen.findByRole('button', { name: 'Leave drive' })).toBeEnabled();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/drives/d-1/participants');
  });

  it('a refusal leaves the buttons as they were', async () => {
    const user = userEvent.setup();
    answerFetch(200, { success: true, data: { ...buildDrive(), participants: [] } });
    renderWithApp(<Detail />);
    const join = await screen.findByRole('button', { name: 'Join drive' });
    vi.restoreAllMocks();
    answerFetch(409, { success: false, message: DRIVE_MESSAGES.pastDrive, code: 'CONFLICT' });
    await user.click(join);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join drive' })).toBeEnabled());
  });
});

describe('participationState', () => {
  it('picks the control and the reason', () => {
    const base = { id: 'd', joined: false, isOrganizer: false, isPast: false };
    expect(participationState(base)).toEqual({ action: 'join' });
    expect(participationState({ ...base, isPast: true })).toEqual({
      action: 'join',
      disabledReason: DRIVE_MESSAGES.pastDrive,
    });
    expect(participationState({ ...base, joined: true }).action).toBe('leave');
    expect(participationState({ ...base, joined: true, isPast: true }).action).toBe('none');
    expect(participationState({ ...base, isOrganizer: true }).action).toBe('none');
  });
});
