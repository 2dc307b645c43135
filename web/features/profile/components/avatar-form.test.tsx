// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../../contract/files';
import { PROFILE_MESSAGES } from '../../../../contract/users';
import { currentUserKey } from '../../../lib/queries/current-user';
import { imageProblem } from '../../../components/ui/image-picker';
import { answerFetch, renderWithApp, stubObjectUrls } from '../../../test-support/render';
import { AvatarForm } from './avatar-form';
import { testUser } from './test-user';

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'leaf.png', { type: 'image/png' });

beforeEach(stubObjectUrls);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderForm = (user = testUser) =>
  renderWithApp(
    <>
      <h2 id="photo">Profile photo</h2>
      <AvatarForm user={user} headingId="photo" />
    </>,
  );

describe('imageProblem', () => {
  it('refuses what the server would refuse on sight', () => {
    expect(imageProblem(new File(['hi'], 'notes.png', { type: 'text/plain' }))).toBe(
      FILE_MESSAGES.notImage,
    );
    const big = png();
    Object.defineProperty(big, 'size', { value: IMAGE_UPLOAD.maxBytes + 1 });
    expect(imageProblem(big)).toBe(FILE_MESSAGES.tooLarge);
    expect(imageProblem(png())).toBeUndefined();
  });
});

describe('AvatarForm', () => {
  it('shows the fallback at 200 × 200 and asks for a file before uploading', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm();
    const current = screen.getByRole('img', { name: "Fern Gully's avatar" });
    expect(current).toHaveAttribute('width', '200');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(screen.getByText(FILE_MESSAGES.missing)).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a photo')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image, and the message goes when another is chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    const input = screen.getByLabelText('Choose a photo');
    await user.upload(input, new File(['hello'], 'notes.png', { type: 'text/plain' }));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(FILE_MESSAGES.notImage) as string,
    );
    expect(screen.queryByTestId('avatar-preview')).not.toBeInTheDocument();

    await user.upload(input, png());
    expect(screen.queryByText(FILE_MESSAGES.notImage)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of your new profile photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
  });

  it('uploads the chosen file as multipart and refreshes the current user', async () => {
    const user = userEvent.setup();
    const saved = { ...testUser, file: `/api/files/${'a'.repeat(64)}` };
    const fetchSpy = answerFetch(200, {
      success: true,
      message: PROFILE_MESSAGES.avatarSaved,
      user: saved,
    });
    const { queryClient } = renderForm();
    const file = png();
    await user.upload(screen.getByLabelText('Choose a photo'), file);
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserKey)).toEqual({ success: true, user: saved }),
    );
    const init = fetchSpy.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
    // The chosen file is forgotten and its preview URL given back.
    await waitFor(() => expect(screen.queryByTestId('avatar-preview')).not.toBeInTheDocument());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    answerFetch(400, { success: false, message: FILE_MESSAGES.unreadable, code: 'BAD_REQUEST' });
    renderForm();
    await user.upload(screen.getByLabelText('Choose a photo'), png());
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText(FILE_MESSAGES.unreadable)).toBeInTheDocument();
  });

  it('offers to remove a photo that is set', () => {
    renderForm({ ...testUser, file: '/api/files/abc' });
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });
});
