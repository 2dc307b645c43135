// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../contract/auth';
import { PROFILE_MESSAGES } from '../../../../contract/users';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { DeleteAccountForm } from './delete-account-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DeleteAccountForm', () => {
  it('needs the password and the word DELETE; a message goes once its field is edited', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onDeleted = vi.fn();
    renderWithApp(<DeleteAccountForm onCancel={vi.fn()} onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        MESSAGES.passwordRequired,
      ),
    );
    expect(screen.getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription(
      PROFILE_MESSAGES.deleteConfirmRequired,
    );

    await user.type(screen.getByLabelText('Password'), 'leafy-password');
    expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(PROFILE_MESSAGES.deleteConfirmRequired)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('Cancel closes without asking the server', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithApp(<DeleteAccountForm onCancel={onCancel} onDeleted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows a refused password beside the field', async () => {
    const user = userEvent.setup();
    answerFetch(400, {
      success: false,
      message: PROFILE_MESSAGES.currentPasswordWrong,
      code: 'BAD_REQUEST',
    });
    const onDeleted = vi.fn();
    renderWithApp(<DeleteAccountForm onCancel={vi.fn()} onDeleted={onDeleted} />);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        PROFILE_MESSAGES.currentPasswordWrong,
      ),
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("hands the server's message on once the account is gone", async () => {
    const user = userEvent.setup();
    const fetchSpy = answerFetch(200, { success: true, message: PROFILE_MESSAGES.accountDeleted });
    const onDeleted = vi.fn();
    renderWithApp(<DeleteAccountForm onCancel={vi.fn()} onDeleted={onDeleted} />);
    await user.type(screen.getByLabelText('Password'), 'leafy-password');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(PROFILE_MESSAGES.accountDeleted));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({
      password: 'leafy-password',
      confirm: 'DELETE',
    });
  });
});
