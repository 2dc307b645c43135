// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../app/theme';
import { rememberedEmail, saveSession } from '../../../lib/session';
import { AuthScreen } from './auth-screen';
import { LoginForm } from './login-form';

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      {
        path: '/login',
        element: (
          <AuthScreen title="Sign in">
            <LoginForm />
          </AuthScreen>
        ),
      },
      { path: '/app/*', element: <p>Dashboard page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

const token = (profileType: string) =>
  `h.${btoa(JSON.stringify({ sub: 'u1', profileType })).replace(/=+$/, '')}.s`;

beforeEach(() => {
  window.matchMedia ??= vi.fn().mockReturnValue({ matches: false }) as never;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(cleanup);

describe('LoginForm', () => {
  it('shows the spec messages on submit and clears one as soon as its field is edited', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    // The form is checked as it is sent (react-hook-form resolves the check asynchronously).
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email Id is required!');
    expect(screen.getByText('Password is required!')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(email, 'a');
    expect(screen.queryByText('Email Id is required!')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Password is required!')).toBeInTheDocument();
  });

  it('checks a field when it is left, after trimming', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.tab();
    expect(await screen.findByText('Email Id is required!')).toBeInTheDocument();
  });

  it('prefills a remembered email and ticks Remember me', () => {
    rememberedEmail.set('fern@example.test');
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveValue('fern@example.test');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('sends a signed-in visitor to their dashboard', async () => {
    saveSession(token('nursery'));
    const router = renderLogin();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/nursery-dashboard');
  });
});
