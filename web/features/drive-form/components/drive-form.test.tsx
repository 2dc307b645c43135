// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRIVE_MESSAGES, type DriveDetail } from '../../../../contract/drives';
import { FILE_MESSAGES } from '../../../../contract/files';
import { formatLatLng, GEO_MESSAGES } from '../../../../contract/geo';
import type { LocationPickerMapProps } from '../../../components/ui/map';
import { buildDrive } from '../../../test-support/fixtures';
import {
  renderWithApp,
  routeFetch,
  type FetchRoute,
  stubObjectUrls,
} from '../../../test-support/render';
import DriveForm from './drive-form';

// Leaflet needs a real layout; the stand-in picks a fixed point and shows where the map was sent.
vi.mock('../../../components/ui/map', () => ({
  LocationPickerMap: ({ onPick, flyTo, value }: LocationPickerMapProps) => (
    <div>
      <button type="button" onClick={() => onPick(28.61, 77.23)}>
        Pick a point on the map
      </button>
      <span data-testid="map-fly-to">{flyTo ? `${flyTo.lat},${flyTo.lng}` : 'none'}</span>
      <span data-testid="map-value">{value ? `${value.lat},${value.lng}` : 'none'}</span>
    </div>
  ),
}));

const corporateRoute: FetchRoute = (url) =>
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

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const renderForm = (props: Partial<Parameters<typeof DriveForm>[0]> = {}) => {
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithApp(
    <DriveForm mode="create" onDone={onDone} onCancel={onCancel} {...props} />,
  );
  return { ...view, onDone, onCancel };
};

const errorOf = (control: HTMLElement) =>
  control.getAttribute('aria-invalid') === 'true' ? control : null;

// jsdom has no ResizeObserver; the picker's time list only uses it to size itself.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(stubObjectUrls);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toast.success.mockReset();
  toast.error.mockReset();
});

const savedDrive: DriveDetail = {
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

describe('DriveForm validation', () => {
  it("shows the spec's messages on an empty save, focuses the first, and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(corporateRoute);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));

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

describe('DriveForm location', () => {
  it('asks for text before searching', async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(corporateRoute);
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('location-search-message')).toHaveTextContent(
      GEO_MESSAGES.emptyQuery,
    );
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('/api/geo'))).toBe(false);
  });

  it('says when nothing was found', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/search'
        ? { status: 200, body: { success: true, data: null } }
        : undefined,
    );
    renderForm();
    await user.type(screen.getByLabelText('Search location'), 'Atlantis{Enter}');
    expect(await screen.findByText(GEO_MESSAGES.noResults)).toBeInTheDocument();
  });

  it("reports a failed search with the server's reason", async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/search'
        ? {
            status: 503,
            body: {
              success: false,
              message: GEO_MESSAGES.unavailable,
              code: 'SERVICE_UNAVAILABLE',
            },
          }
        : undefined,
    );
    renderForm();
    await user.type(screen.getByLabelText('Search location'), 'Hyde Park');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        'Location search failed: the map service is not answering. Please try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('moves the map to a found place and fills the point and the location text', async () => {
    const user = userEvent.setup();
    const fetchSpy = routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/search'
        ? {
            status: 200,
            body: {
              success: true,
              data: { lat: 28.5933, lon: 77.2197, displayName: 'Lodhi Garden, New Delhi, India' },
            },
          }
        : undefined,
    );
    renderForm();
    await user.type(screen.getByLabelText('Search location'), 'Lodhi Garden');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue('Lodhi Garden, New Delhi, India'),
    );
    expect(screen.getByTestId('map-fly-to')).toHaveTextContent('28.5933,77.2197');
    expect(screen.getByTestId('map-value')).toHaveTextContent('28.5933,77.2197');
    expect(screen.getByTestId('chosen-point')).toHaveTextContent(formatLatLng(28.5933, 77.2197));
    const searched = fetchSpy.mock.calls.find(([url]) => String(url).includes('/api/geo/search'));
    expect(String(searched?.[0])).toBe('/api/geo/search?q=Lodhi%20Garden');
  });

  it('names a clicked point by reverse lookup, or by its coordinates when it has no name', async () => {
    const user = userEvent.setup();
    let name: string | null = 'India Gate, New Delhi';
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/reverse'
        ? { status: 200, body: { success: true, data: { displayName: name } } }
        : undefined,
    );
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue('India Gate, New Delhi'),
    );

    name = null;
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue(formatLatLng(28.61, 77.23)),
    );
  });

  it('falls back to the coordinates when reverse lookup fails', async () => {
    const user = userEvent.setup();
    routeFetch(corporateRoute, (url) =>
      url.pathname === '/api/geo/reverse'
        ? { status: 503, body: { success: false, message: 'busy', code: 'SERVICE_UNAVAILABLE' } }
        : undefined,
    );
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Pick a point on the map' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Location')).toHaveValue(
        'Latitude: 28.610000, Longitude: 77.230000',
      ),
    );
  });
});

/** A month ahead at 9:30, as the picker shows it: inside the allowed range whenever the test runs. */
const DRIVE_WHEN = (() => {
  const when = new Date();
  when.setDate(when.getDate() + 30);
  when.setHours(9, 30, 0, 0);
  return when;
})();

async function fillEverything(user: ReturnType<typeof userEvent.setup>) {
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
  await user.selectOptions(screen.getByLabelText('Duration'), '3');
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

describe('DriveForm saving', () => {
  const reverse = (url: URL) =>
    url.pathname === '/api/geo/reverse'
      ? { status: 200, body: { success: true, data: { displayName: 'Lodhi Garden' } } }
      : undefined;

  it('sends every field as multipart (lists repeated), says so and closes', async () => {
    const user = userEvent.setup();
    let sent: FormData | undefined;
    const fetchSpy = routeFetch(corporateRoute, reverse, (url, init) => {
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
    expect(toast.success).toHaveBeenCalledWith('New Drive Added!');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['drives'] });
    const call = fetchSpy.mock.calls.find(([url]) => url === '/api/add_drivetreeinfo');
    expect(call?.[1]?.method).toBe('POST');
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.get('driveName')).toBe('River planting');
    expect(sent!.get('treeQuantity')).toBe('250');
    expect(sent!.get('driveDate')).toBe(DRIVE_WHEN.toISOString());
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
    routeFetch(corporateRoute, reverse, (url) =>
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
    routeFetch(corporateRoute, reverse);
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
    expect(toast.success).toHaveBeenCalledWith('Drive updated!');
    expect(method).toBe('PUT');
    expect(sent!.get('driveName')).toBe('River planting II');
    expect(sent!.get('driveDate')).toBe(savedDrive.driveDate);
    expect(sent!.getAll('landDonatedById')).toEqual(['c-1']);
    expect(sent!.has('treedriveImage')).toBe(false);
  });
});
