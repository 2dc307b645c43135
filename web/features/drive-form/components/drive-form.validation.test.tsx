// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRIVE_MESSAGES } from '../../../../contract/drives';
import { FILE_MESSAGES } from '../../../../contract/files';
import { routeFetch, stubObjectUrls } from '../../../test-support/render';
import { corporateRoute, errorOf, renderForm, stubResizeObserver } from './drive-form.fixtures';

vi.mock('../../../components/ui/map', () => import('./map-stub.fixtures'));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  stubObjectUrls();
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DriveForm validation', () => {
  it("shows the spec's messages on an empty save, focuses the first, and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(corporateRoute);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DRIVE_MESSAGES.nameRequired)).toBeInTheDocument();
    for (const message of [
      DRIVE_MESSAGES.nameRequired,
      DRIVE_MESSAGES.quantityRequired,
      DRIVE_MESSAGES.countryRequired,
      DRIVE_MESSAGES.locationRequired,
      DRIVE_MESSAGES.sizeRequired,
      DRIVE_MESSAGES.typeRequired,
      DRIVE_MESSAGES.imageRequired,
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    // The date defaults to now, so it is not missing.
    expect(screen.queryByText(DRIVE_MESSAGES.dateRequired)).not.toBeInTheDocument();
    const name = screen.getByLabelText('Drive Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(DRIVE_MESSAGES.nameRequired);
    expect(
      fetchSpy.mock.calls.filter(([url]) => !String(url).includes('coporateuser')),
    ).toHaveLength(0);
  });

  it('clears only the error of the field being edited', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(DRIVE_MESSAGES.nameRequired);
    await user.type(screen.getByLabelText('Drive Name'), 'R');
    expect(screen.queryByText(DRIVE_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Drive Name'))).toBeNull();
    expect(screen.getByText(DRIVE_MESSAGES.quantityRequired)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Country'), 'IN');
    expect(screen.queryByText(DRIVE_MESSAGES.countryRequired)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Potted (5 ft – 7 ft)'));
    expect(screen.queryByText(DRIVE_MESSAGES.sizeRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    expect(screen.queryByText(DRIVE_MESSAGES.locationRequired)).not.toBeInTheDocument();
    expect(screen.getByText(DRIVE_MESSAGES.typeRequired)).toBeInTheDocument();
  });

  it('says "Date input not valid." for typed text that is not a date', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute);
    renderForm();
    const date = screen.getByLabelText('Date and time');
    await user.clear(date);
    await user.type(date, 'soon-ish');
    fireEvent.blur(date);
    await user.click(screen.getByLabelText('Drive Name'));
    expect(await screen.findByText(DRIVE_MESSAGES.dateInvalid)).toBeInTheDocument();
    expect(date).toHaveValue('soon-ish');

    await user.clear(date);
    await user.type(date, '12/31/2098, 9:30 AM');
    expect(screen.queryByText(DRIVE_MESSAGES.dateInvalid)).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image before sending it', async () => {
    routeFetch(corporateRoute);
    renderForm();
    const input = screen.getByLabelText('Tree Drive Image');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.setup({ applyAccept: false }).upload(input, text);
    expect(screen.getByText(FILE_MESSAGES.notImage)).toBeInTheDocument();
    expect(screen.queryByTestId('drive-image-preview')).not.toBeInTheDocument();
  });

  it('previews the chosen image at 200 × 200 and deletes it', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute);
    renderForm();
    const input = screen.getByLabelText<HTMLInputElement>('Tree Drive Image');
    await user.upload(
      input,
      new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' }),
    );
    const preview = screen.getByRole('img', { name: 'Preview of the chosen drive image' });
    expect(preview).toHaveAttribute('width', '200');
    expect(preview).toHaveAttribute('height', '200');
    await user.click(screen.getByRole('button', { name: 'Delete image' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(input.value).toBe('');
  });
});
