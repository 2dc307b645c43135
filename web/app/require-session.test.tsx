// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useOutletContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../contract/auth';
import type * as Session from '../lib/session';
import { clearSession, rememberedUser, saveSession } from '../lib/session';
import { renderWithApp } from '../test-support/render';
import { RequireSession } from './require-session';

// A busy test machine may take longer than a browser's 300 ms to pass a message between tabs.
vi.mock('../lib/session', async (importOriginal) => {
  const actual = await importOriginal<typeof Session>();
  return { ...actual, sessionFromOpenTab: () => actual.sessionFromOpenTab(2_000) };
});

const tokenFor = (sub: string) =>
  `h.${btoa(JSON.stringify({ sub, profileType: 'individual' })).replace(/=+$/, '')}.s`;
const asha = (name: string) => ({
  success: true as const,
  user: {
    id: 'u-1',
    _id: 'u-1',
    username: 'asha',
    name,
    email: 'asha@example.com',
    profileType: 'individual' as const,
    file: '',
    verified: true,
  },
});

function Page() {
  const user = useOutletContext<CurrentUser>();
  return <p>Hello {user.name}</p>;
}

const app = () =>
  renderWithApp(
    <Routes>
      <Route path="/app" element={<RequireSession />}>
        <Route path="dashboard" element={<Page />} />
      </Route>
      <Route path="/login" element={<p>Sign in</p>} />
    </Routes>,
    '/app/dashboard',
  );

afterEach(() => {
  cleanup();
  clearSession();
  vi.restoreAllMocks();
});

describe('RequireSession with a remembered user', () => {
  it('draws the page at once from the last answer and takes the new one when it comes', async () => {
    saveSession(tokenFor('u-1'));
    rememberedUser.set(asha('Asha'));
    let answer: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    app();
    // Before the server has answered.
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    expect(screen.queryByText('Checking your session…')).not.toBeInTheDocument();
    answer(new Response(JSON.stringify(asha('Asha Menon')), { status: 200 }));
    expect(await screen.findByText('Hello Asha Menon')).toBeInTheDocument();
    await waitFor(() => expect(rememberedUser.get()?.user.name).toBe('Asha Menon'));
  });

  it('still goes to sign-in when the server refuses the session', async () => {
    saveSession(tokenFor('u-1'));
    rememberedUser.set(asha('Asha'));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: false, message: 'Session expired' }), {
        status: 401,
      }),
    );
    app();
    expect(await screen.findByText('Sign in')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toMatch(/^\/login\?from=/);
    expect(rememberedUser.get()).toBeUndefined();
  });

  it('opens offline with the remembered user when the server cannot be reached (issue 24)', async () => {
    saveSession(tokenFor('u-1'));
    rememberedUser.set(asha('Asha'));
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    app();
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    // Both tries (the app retries once) fail without an answer: the page stays.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(screen.getByText('Hello Asha')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');
  });

  it('checks first when nothing is remembered', async () => {
    saveSession(tokenFor('u-1'));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(asha('Asha')), { status: 200 }),
    );
    app();
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
  });
});

describe('RequireSession in a new tab (issue 23)', () => {
  let other: BroadcastChannel | undefined;
  afterEach(() => other?.close());

  it('takes the session from an open tab and shows the page without signing in', async () => {
    other = new BroadcastChannel('canopy-session');
    const started = Date.now() - 60_000;
    other.onmessage = ({ data }: MessageEvent) => {
      if ((data as { ask?: boolean }).ask) {
        other?.postMessage({ give: { token: tokenFor('u-1'), started } });
      }
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(asha('Asha')), { status: 200 }),
    );
    app();
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');
  });

  it('goes to sign-in when no open tab answers', async () => {
    app();
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    expect(await screen.findByText('Sign in', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toMatch(/^\/login\?from=/);
  });

  it('goes to sign-in at once in a browser without BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      app();
      expect(screen.getByText('Sign in')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
