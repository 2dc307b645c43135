// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../contract/auth';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from '../../../../contract/users';
import { currentUserKey } from '../../../lib/queries/current-user';
import { answerFetch, renderWithApp } from '../../../test-support/render';
import { ProfileDetailsForm } from './profile-details-form';
import { testUser } from './test-user';

const renderForm = () =>
  renderWithApp(
    <>
      <h2 id="details">Profile details</h2>
      <ProfileDetailsForm
        user={testUser}
        profile={{ bio: 'I plant oaks.', location: 'Leeds' }}
        headingId="details"
      />
    </>,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ProfileDetailsForm', () => {
  it('is prefilled from the current user and their public profile', () => {
    renderForm();
    expect(screen.getByRole('form', { name: 'Profile details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Fern Gully');
    expect(screen.getByLabelText('Username')).toHaveValue('fern');
    expect(screen.getByLabelText('Bio')).toHaveValue('I plant oaks.');
    expect(screen.getByLabelText('Location')).toHaveValue('Leeds');
    expect(screen.getByText(`13 / ${PROFILE_LIMITS.bio} characters`)).toBeInTheDocument();
  });

  it("shows the contract's messages on save and clears one as soon as its field is edited", async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm();
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'a b');
    const bio = screen.getByLabelText('Bio');
    await user.clear(bio);
    await user.click(bio);
    await user.paste('x'.repeat(PROFILE_LIMITS.bio + 1));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.usernameInvalid) as string,
    );
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(screen.getByText(PROFILE_MESSAGES.bioTooLong)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(username, 'x');
    expect(screen.queryByText(MESSAGES.usernameInvalid)).not.toBeInTheDocument();
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(PROFILE_MESSAGES.bioTooLong)).toBeInTheDocument();
  });

  it('checks a field when it is left', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText('Username'));
    await user.tab();
    expect(screen.getByText(MESSAGES.usernameRequired)).toBeInTheDocument();
  });

  it('shows a taken username beside the field', async () => {
    const user = userEvent.setup();
    answerFetch(409, { success: false, message: PROFILE_MESSAGES.usernameTaken, code: 'CONFLICT' });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining(PROFILE_MESSAGES.usernameTaken) as string,
      ),
    );
    expect(username).toHaveFocus();
  });

  it('sends every field trimmed and puts the fresh user in the cache', async () => {
    const user = userEvent.setup();
    const saved = { ...testUser, name: 'Fern G' };
    const fetchSpy = answerFetch(200, {
      success: true,
      message: PROFILE_MESSAGES.profileSaved,
      user: saved,
    });
    const { queryClient } = renderForm();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  Fern G ');
    await user.clear(screen.getByLabelText('Location'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(currentUserKey)).toEqual({ success: true, user: saved }),
    );
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Fern G',
      username: 'fern',
      bio: 'I plant oaks.',
      location: '',
    });
    expect(name).toHaveValue('Fern G');
  });
});
