// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { useFakeTimers, useRealTimers } from '../test-support/fake-timers';
import { AccountArea } from './account-area';
import { ThemeProvider } from './theme';

/** A screen that raises a toast and can move on, as the account screens and the app do. */
function Screen({ name, toastText, next }: { name: string; toastText: string; next: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <button type="button" onClick={() => toast.success(toastText)}>
        Raise
      </button>
      <button type="button" onClick={() => void navigate(next)}>
        Move on
      </button>
    </>
  );
}

function renderAreas(path: string) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AccountArea />}>
            <Route
              path="/login"
              element={<Screen name="Sign in" toastText="Signed in successfully." next="/app" />}
            />
            <Route
              path="/register"
              element={<Screen name="Register" toastText="Account created!" next="/otp" />}
            />
            <Route path="/otp" element={<h1>Verify</h1>} />
          </Route>
          <Route
            path="/app"
            element={
              <>
                <Screen name="Dashboard" toastText="Your account has been deleted." next="/login" />
                <Toaster area="app" />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** Lets sonner's timers and frames run (it shows a toast on the next tick). */
const settle = () =>
  act(() => {
    vi.advanceTimersByTime(100);
  });

let user: ReturnType<typeof useFakeTimers>;
beforeEach(() => {
  user = useFakeTimers();
  window.matchMedia ??= vi.fn().mockReturnValue({
    matches: false,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }) as never;
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  useRealTimers();
});

describe('toasts across the account screens and the app', () => {
  it('a toast raised on an account screen does not show again once the app opens', async () => {
    renderAreas('/login');
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    await settle();
    expect(screen.getByText('Signed in successfully.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move on' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Signed in successfully.')).not.toBeInTheDocument();
  });

  it('keeps a toast while moving between account screens (register → otp)', async () => {
    renderAreas('/register');
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    await user.click(screen.getByRole('button', { name: 'Move on' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.getByText('Account created!')).toBeInTheDocument();
  });

  it('shows on the account screens a toast the app raised on its way out', async () => {
    renderAreas('/app');
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    await user.click(screen.getByRole('button', { name: 'Move on' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Your account has been deleted.')).toBeInTheDocument();
  });
});
