/* Test-only: what the drive form's tests share (rendering, fetch answers, a saved drive, filling it in). */
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { expect, vi } from 'vitest';
import type { DriveDetail } from '../../../../contract/drives';
import { buildDrive } from '../../../test-support/fixtures';
import { renderWithApp, type FetchRoute } from '../../../test-support/render';
import DriveForm from './drive-form';

export const corporateRoute: FetchRoute = (url) =>
  url.pathname === '/api/users/coporateuser'
    ? {
        status: 200,
        body: {
          success: true,
          data: [
            { value: 'c-1', label: 'Acme Ltd' },
            { value: 'c-2', label: 'Leaf Inc' },
          ],
        },
      }
    : undefined;

export const reverseRoute: FetchRoute = (url) =>
  url.pathname === '/api/geo/reverse'
    ? { status: 200, body: { success: true, data: { displayName: 'Lodhi Garden' } } }
    : undefined;

export const renderForm = (props: Partial<Parameters<typeof DriveForm>[0]> = {}) => {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithApp(
    <DriveForm mode="create" onDone={onDone} onCancel={onCancel} {...props} />,
  );
  return { ...view, onDone, onCancel };
};

export const errorOf = (control: HTMLElement) =>
  control.getAttribute('aria-invalid') === 'true' ? control : null;

/** jsdom has no ResizeObserver; the picker's time list only uses it to size itself. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export const savedDrive: DriveDetail = {
  ...buildDrive({
    driveName: 'River planting',
    treeQuantity: 250,
    driveDate: '2099-07-04T09:30:00.000Z',
    driveEndDate: '2099-07-04T12:30:00.000Z',
    driveDuration: { value: '3', label: '03:00 hours' },
    driveLocation: 'Lodhi Garden',
    driveLat: 28.5933,
    driveLong: 77.2197,
    driveDesc: '',
    treesType: [{ value: '1', label: 'Neem' }],
    treeSponsored: [{ value: 'Acme', label: 'Acme' }],
    landDonatedBy: [{ value: 'c-1', label: 'Acme Ltd' }],
    organizer: { _id: 'u-1', id: 'u-1', username: 'fern', name: null, file: '' },
    participantCount: 0,
    isOrganizer: true,
  }),
  participants: [],
};

/** A month ahead at 9:30, as the picker shows it: inside the allowed range whenever the test runs. */
export const DRIVE_WHEN = (() => {
  const when = new Date();
  when.setDate(when.getDate() + 30);
  when.setHours(9, 30, 0, 0);
  return when;
})();

export async function fillEverything(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Drive Name'), 'River planting');
  await user.type(screen.getByLabelText('Tree Quantity'), '250');
  const date = screen.getByLabelText('Date and time');
  await user.clear(date);
  await user.type(date, format(DRIVE_WHEN, 'Pp'));
  await user.selectOptions(screen.getByLabelText('Country'), 'IN');
  await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
  await waitFor(() => expect(screen.getByLabelText('Location')).not.toHaveValue(''));
  await user.type(screen.getByLabelText('Description'), 'Bring gloves.');
  await user.click(screen.getByLabelText('Packet (2 ft – 4 ft)'));
  await user.click(screen.getByLabelText('Potted (5 ft – 7 ft)'));
  await user.click(screen.getByRole('radio', { name: '03:00 hours' }));
  const sponsors = screen.getByLabelText('Sponsored By');
  await user.type(sponsors, 'Acme{Enter}');
  await user.type(sponsors, 'Green Co');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  const types = screen.getByRole('combobox', { name: 'Tree Type' });
  await user.type(types, 'neem');
  await user.keyboard('{Enter}');
  await user.clear(types);
  await user.type(types, 'mango');
  await user.click(screen.getByRole('option', { name: /Mango/ }));
  const land = screen.getByRole('combobox', { name: 'Land Donated By' });
  await user.click(land);
  await user.click(await screen.findByRole('option', { name: /Leaf Inc/ }));
  await user.upload(
    screen.getByLabelText('Tree Drive Image'),
    new File([new Uint8Array([0xff, 0xd8, 0xff])], 'drive.jpg', { type: 'image/jpeg' }),
  );
}
