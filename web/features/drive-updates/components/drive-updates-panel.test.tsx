// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRIVE_UPDATE_MESSAGES, type DriveUpdate } from '../../../../contract/drive-updates';
import { renderWithApp, routeFetch } from '../../../test-support/render';
import { DriveUpdatesPanel } from './drive-updates-panel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const update = (n: number, overrides: Partial<DriveUpdate> = {}): DriveUpdate => ({
  id: `u-${n}`,
  driveId: 'd-1',
  author: { id: 'o-1', name: 'Acme Trees' },
  role: 'organiser',
  text: `Update number ${n}`,
  photos: [],
  createdAt: '2026-06-01T10:00:00.000Z',
  ...overrides,
});

/** The list (first page, then `?before=c1`) and the post, which adds `posted` to the list. */
function serve(canPost: boolean, posted?: DriveUpdate) {
  const list: DriveUpdate[] = [
    update(2, {
      photos: [
        { id: 'a'.repeat(64), url: `/api/files/${'a'.repeat(64)}` },
        { id: 'b'.repeat(64), url: `/api/files/${'b'.repeat(64)}` },
      ],
    }),
  ];
  const sent: FormData[] = [];
  const fetch = routeFetch((url, init) => {
    if (url.pathname !== '/api/drives/d-1/updates') return undefined;
    if (init?.method === 'POST') {
      sent.push(init.body as FormData);
      if (posted) list.unshift(posted);
      return posted
        ? {
            status: 201,
            body: { success: true, message: DRIVE_UPDATE_MESSAGES.posted, data: posted },
          }
        : {
            status: 400,
            body: {
              success: false,
              message: DRIVE_UPDATE_MESSAGES.textTooLong,
              code: 'VALIDATION_FAILED',
              field: 'text',
            },
          };
    }
    return url.searchParams.get('before') === 'c1'
      ? { status: 200, body: { success: true, data: [update(1)], nextCursor: null, canPost } }
      : { status: 200, body: { success: true, data: [...list], nextCursor: 'c1', canPost } };
  });
  return { fetch, sent };
}

describe('DriveUpdatesPanel', () => {
  it('lists updates with their photos’ alt text and pages to older ones; no form without canPost', async () => {
    serve(false);
    renderWithApp(<DriveUpdatesPanel driveId="d-1" />);
    const region = await screen.findByRole('region', { name: 'Field updates' });
    const first = await within(region).findByRole('article', { name: 'Update by Acme Trees' });
    expect(first).toHaveTextContent('Update number 2');
    expect(first).toHaveTextContent('Organiser');
    expect(
      within(first).getByRole('img', {
        name: 'Photo 2 of 2 from Acme Trees’s update: Update number 2',
      }),
    ).toHaveAttribute('src', `/api/files/${'b'.repeat(64)}`);
    expect(screen.queryByRole('form', { name: 'Post a field update' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show older updates' }));
    expect(await screen.findByText('Update number 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older updates' })).toBeNull();
  });

  it('posts the text and photos as multipart and shows the new update', async () => {
    const { sent } = serve(true, update(3, { text: 'Sixty alders in' }));
    renderWithApp(<DriveUpdatesPanel driveId="d-1" />);
    const form = await screen.findByRole('form', { name: 'Post a field update' });

    // The contract's rule, before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Post update' }));
    expect(await within(form).findByText(DRIVE_UPDATE_MESSAGES.textRequired)).toBeVisible();
    expect(sent).toHaveLength(0);

    await userEvent.type(
      within(form).getByLabelText('What happened at the drive?'),
      'Sixty alders in',
    );
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'bank.jpg', {
      type: 'image/jpeg',
    });
    URL.createObjectURL = vi.fn(() => 'blob:bank');
    URL.revokeObjectURL = vi.fn();
    await userEvent.upload(within(form).getByLabelText('Add a photo (optional)'), photo);
    expect(within(form).getByLabelText('Add another photo (optional)')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Post update' }));

    expect(await screen.findByText('Sixty alders in')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('text')).toBe('Sixty alders in');
    expect(sent[0]!.getAll('photos')).toHaveLength(1);
    expect(within(form).getByLabelText('What happened at the drive?')).toHaveValue('');
  });

  it('shows a refusal the server ties to the text beside it', async () => {
    serve(true);
    renderWithApp(<DriveUpdatesPanel driveId="d-1" />);
    const form = await screen.findByRole('form', { name: 'Post a field update' });
    await userEvent.type(within(form).getByLabelText('What happened at the drive?'), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Post update' }));
    expect(await within(form).findByText(DRIVE_UPDATE_MESSAGES.textTooLong)).toBeVisible();
  });
});
