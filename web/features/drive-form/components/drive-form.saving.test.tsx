// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { fromZonedWallClock } from '../../../lib/wall-clock';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRIVE_MESSAGES } from '../../../../contract/drives';
import { routeFetch, stubObjectUrls } from '../../../test-support/render';
import {
  corporateRoute,
  DRIVE_WHEN,
  fillEverything,
  renderForm,
  reverseRoute,
  savedDrive,
  stubResizeObserver,
} from './drive-form.fixtures';

vi.mock('../../../components/ui/map', () => import('./map-stub.fixtures'));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeEach(() => {
  stubObjectUrls();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe('DriveForm saving', () => {
  it('sends every field as multipart (lists repeated), says so and closes', async () => {
    const user = userEvent.setup();
    let sent: FormData | undefined;
    const fetchSpy = routeFetch(corporateRoute, reverseRoute, (url, init) => {
      if (url.pathname !== '/api/add_drivetreeinfo') return undefined;
      sent = init?.body as FormData;
      return {
        status: 201,
        body: { success: true, message: 'New Drive Added!', data: { data: savedDrive } },
      };
    });
    const { onDone, queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fillEverything(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('New Drive Added!', {
      description: expect.objectContaining({
        props: expect.objectContaining({ href: `/app/delive-detail/${savedDrive.id}` }),
      }),
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['drives'] });
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/add_drivetreeinfo');
    expect(call?.[1]?.method).toBe('POST');
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.get('driveName')).toBe('River planting');
    expect(sent!.get('treeQuantity')).toBe('250');
    // 09:30 typed, then a point in Delhi chosen: 09:30 there, whatever the browser's zone.
    expect(sent!.get('driveDate')).toBe(
      fromZonedWallClock(DRIVE_WHEN, 'Asia/Kolkata').toISOString(),
    );
    expect(sent!.get('country')).toBe('IN');
    expect(sent!.get('driveLocation')).toBe('Lodhi Garden');
    expect(sent!.get('driveDesc')).toBe('Bring gloves.');
    expect(sent!.get('driveLat')).toBe('28.61');
    expect(sent!.get('driveLong')).toBe('77.23');
    expect(sent!.getAll('treeSize')).toEqual(['packet', 'potted']);
    expect(sent!.getAll('treesType')).toEqual(['1', '2']);
    expect(sent!.getAll('treeSponsored')).toEqual(['Acme', 'Green Co']);
    expect(sent!.getAll('landDonatedBy')).toEqual(['Leaf Inc']);
    expect(sent!.getAll('landDonatedById')).toEqual(['c-2']);
    expect(sent!.get('driveDuration')).toBe('3');
    expect((sent!.get('treedriveImage') as File).name).toBe('drive.jpg');
  });

  it('on a refusal says the save failed and shows the reason beside its field', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, reverseRoute, (url) =>
      url.pathname === '/api/add_drivetreeinfo'
        ? {
            status: 400,
            body: {
              success: false,
              message: DRIVE_MESSAGES.landDonorsInvalid,
              code: 'VALIDATION_FAILED',
              field: 'landDonatedById',
            },
          }
        : undefined,
    );
    const { onDone } = renderForm();
    await fillEverything(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DRIVE_MESSAGES.landDonorsInvalid)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(DRIVE_MESSAGES.saveFailed);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Land Donated By' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('turns Save off with a spinner while saving', async () => {
    const user = userEvent.setup();
    let finish: (r: Response) => void = () => undefined;
    routeFetch(corporateRoute, reverseRoute);
    renderForm();
    await fillEverything(user);
    vi.mocked(globalThis.fetch).mockImplementationOnce(
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    finish(
      new Response(JSON.stringify({ success: false, message: 'x', code: 'INTERNAL' }), {
        status: 500,
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(toast.error).toHaveBeenCalledWith(DRIVE_MESSAGES.saveFailed);
    // Inside the modal as well, where the person is looking.
    expect(screen.getByText(DRIVE_MESSAGES.saveFailed)).toHaveAttribute('role', 'alert');
  });

  it('edits a drive: prefilled, image optional, PUT to the drive', async () => {
    const user = userEvent.setup();
    let method: string | undefined;
    let sent: FormData | undefined;
    routeFetch(corporateRoute, (url, init) => {
      if (url.pathname !== '/api/drives/d-1') return undefined;
      method = init?.method;
      sent = init?.body as FormData;
      return {
        status: 200,
        body: { success: true, message: 'Drive updated!', data: { data: savedDrive } },
      };
    });
    const { onDone } = renderForm({ mode: 'edit', drive: savedDrive });
    expect(screen.getByLabelText('Drive Name')).toHaveValue('River planting');
    expect(screen.getByRole('img', { name: 'Current drive image' })).toHaveAttribute(
      'src',
      '/api/files/abc',
    );
    const chips = screen.getByRole('list', { name: 'Chosen tree types' });
    expect(within(chips).getByText('Neem')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Drive Name'));
    await user.type(screen.getByLabelText('Drive Name'), 'River planting II');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Drive updated!', expect.anything());
    expect(method).toBe('PUT');
    expect(sent!.get('driveName')).toBe('River planting II');
    expect(sent!.get('driveDate')).toBe(savedDrive.driveDate);
    expect(sent!.getAll('landDonatedById')).toEqual(['c-1']);
    expect(sent!.has('treedriveImage')).toBe(false);
  });
});
