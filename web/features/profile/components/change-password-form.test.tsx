// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../contract/auth';
import { PROFILE_MESSAGES } from '../../../../contract/users';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { ChangePasswordForm } from './change-password-form';

const renderForm = () =>
  renderWithApp(
    <>
      <h2 id="pw">Change password</h2>
      <ChangePasswordForm headingId="pw" username="fern" />
    </>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChangePasswordForm', () => {
  it('asks for every field, then clears a message when its field is edited', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm();
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(PROFILE_MESSAGES.currentPasswordRequired),
    );
    expect(current).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.newPasswordRequired) as string,
    );
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(current, 'x');
    expect(screen.queryByText(PROFILE_MESSAGES.currentPasswordRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.newPasswordRequired)).toBeInTheDocument();
  });

  it('checks length and that the two new passwords match', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a-much-longer-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-much-longer-two');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
        MESSAGES.passwordsDoNotMatch,
      ),
    );
  });

  it("puts the server's wrong-password answer beside the current password", async () => {
    const user = userEvent.setup();
    answerFetch(400, {
      success: false,
      message: PROFILE_MESSAGES.currentPasswordWrong,
      code: 'BAD_REQUEST',
    });
    renderForm();
    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'a-much-longer-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-much-longer-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        PROFILE_MESSAGES.currentPasswordWrong,
      ),
    );
    // Nothing typed is lost on a refusal.
    expect(screen.getByLabelText('New password')).toHaveValue('a-much-longer-one');
  });

  it('clears the form after a change', async () => {
    const user = userEvent.setup();
    const fetchSpy = answerFetch(200, { success: true, message: PROFILE_MESSAGES.passwordChanged });
    renderForm();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'a-much-longer-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-much-longer-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toEqual({
      currentPassword: 'old-password-1',
      password: 'a-much-longer-one',
      passwordConfirm: 'a-much-longer-one',
    });
  });
});
